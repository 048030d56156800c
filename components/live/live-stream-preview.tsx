"use client";
import type { PreviewPartKind } from "@/lib/core";
import type { PreviewPart } from "@/lib/live/types";

export type LiveStreamPreviewProps = {
  parts: readonly PreviewPart[];
  /** True while the reply is still arriving. */
  streaming: boolean;
  /** Shown when the reply stopped: "stopped" keeps what arrived. */
  interrupted?: "stopped" | "failed" | null;
  className?: string;
};

const KIND_LABELS: Record<PreviewPartKind, string> = {
  text: "text",
  "tool-call": "tool call",
  search: "tool search",
  "search-result": "search result",
  thinking: "thinking",
  other: "block",
};

/** The reply as it streams in: one line per content block or output item, text and arguments appended live. */
export function LiveStreamPreview({ parts, streaming, interrupted = null, className = "" }: LiveStreamPreviewProps) {
  return (
    <div
      className={`flex min-h-0 flex-col gap-1.5 overflow-y-auto ${className}`}
      data-testid="live-stream"
      data-streaming={streaming}
      data-interrupted={interrupted ?? ""}
      aria-live="polite"
      aria-busy={streaming}
    >
      {parts.length === 0 ? (
        <p className="text-sm text-muted">{streaming ? "Waiting for the first tokens…" : "Nothing streaming."}</p>
      ) : null}
      {parts.map((part) => (
        <div
          key={part.part}
          className="rounded-lg border border-line bg-panel-muted px-3 py-2"
          data-testid="live-stream-part"
          data-kind={part.kind}
          data-name={part.name ?? ""}
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">
            {KIND_LABELS[part.kind]}
            {part.name ? <span className="ml-1.5 font-mono normal-case text-ink">{part.name}</span> : null}
          </p>
          <p className="whitespace-pre-wrap break-words font-mono text-sm text-ink" data-testid="live-stream-text">
            {part.text}
          </p>
        </div>
      ))}
      {interrupted ? (
        <p className="text-sm text-muted" data-testid="live-stream-interrupted">
          {interrupted === "stopped"
            ? "Stopped: the reply above is what had arrived; Retry resends this request."
            : "This request failed; what had arrived is above."}
        </p>
      ) : null}
    </div>
  );
}
