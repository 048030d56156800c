/** Class names and colours shared by the lab's controls, so every select, input and chip looks the same. */
export const selectClass =
  "h-9 rounded-lg border border-line bg-panel px-2.5 text-sm text-ink shadow-sm hover:border-line-strong disabled:opacity-50";
export const inputClass =
  "h-9 w-full rounded-lg border border-line bg-panel px-3 text-sm text-ink placeholder:text-muted shadow-sm hover:border-line-strong";
export const textAreaClass =
  "w-full rounded-lg border border-line bg-panel px-3 py-2 text-[15px] leading-relaxed text-ink placeholder:text-muted shadow-sm hover:border-line-strong";
export const labelClass = "text-xs font-semibold uppercase tracking-wide text-muted";
export const chipClass =
  "inline-flex items-center gap-1 rounded-md border border-line bg-panel-muted px-1.5 py-0.5 font-mono text-[12.5px] text-ink-soft";
// A tool name may be one 45-character word (manage_repository_notification_subscription): it breaks anywhere rather
// than push a phone's page sideways.
export const linkButtonClass =
  "min-w-0 max-w-full rounded text-left font-mono text-accent underline-offset-2 [overflow-wrap:anywhere] hover:underline";

/** One colour per search, used by cards, chart lines and legends alike. Mid-tones that read on light and dark. */
export const SEARCH_COLORS = {
  "anthropic-bm25": "#e07a1f",
  "anthropic-regex": "#9b5de5",
  client: "#0f9d8a",
} as const;
