/** Class names shared by the playground's own controls, so every select and button looks the same. */
export const selectClass =
  "h-9 rounded-lg border border-line bg-panel px-2.5 text-sm text-ink shadow-sm hover:border-line-strong disabled:opacity-50";
/**
 * The header's pickers: a row each on a phone; from 640 px as wide as the chosen option (`field-sizing: content`,
 * between the picker's own min and max widths), so a long strategy or model name is read whole instead of cut.
 */
export const headerSelectSizing = "w-full min-w-0 sm:w-auto sm:field-sizing-content";
export const inputClass =
  "h-9 w-full rounded-lg border border-line bg-panel px-3 text-sm text-ink placeholder:text-muted shadow-sm hover:border-line-strong";
export const textAreaClass =
  "w-full rounded-lg border border-line bg-panel px-3 py-2 text-sm text-ink placeholder:text-muted shadow-sm hover:border-line-strong";
export const buttonClass =
  "inline-flex h-9 shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg border border-line bg-panel px-3 text-sm font-medium text-ink shadow-sm hover:border-line-strong hover:bg-panel-muted disabled:cursor-not-allowed disabled:opacity-40";
export const iconButtonClass =
  "inline-flex h-8 w-8 items-center justify-center rounded-md text-muted hover:bg-panel-muted hover:text-ink disabled:cursor-not-allowed disabled:opacity-30";
export const primaryButtonClass =
  "inline-flex h-9 items-center justify-center gap-1.5 rounded-lg bg-accent px-3 text-sm font-semibold text-white shadow-sm hover:opacity-90 disabled:opacity-40 dark:text-[#0d1016]";
export const labelClass = "text-xs font-semibold uppercase tracking-wide text-muted";
export const panelClass = "rounded-2xl border border-line bg-panel shadow-sm";
