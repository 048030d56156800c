"use client";
import { useTranslations } from "use-intl";
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

const KIND_KEYS: Record<PreviewPartKind, string> = {
  text: "text",
  "tool-call": "toolCall",
  search: "search",
  "search-result": "searchResult",
  thinking: "thinking",
  other: "other",
};

/** The reply as it streams in: one line per content block or output item, text and arguments appended live. */
export function LiveStreamPreview({ parts, streaming, interrupted = null, className = "" }: LiveStreamPreviewProps) {
  const t = useTranslations("live");
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
        <p className="text-sm text-muted">{streaming ? t("stream.waiting") : t("stream.nothing")}</p>
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
            {t("stream.kind", { kind: KIND_KEYS[part.kind] })}
            {part.name ? <span className="ml-1.5 font-mono normal-case text-ink">{part.name}</span> : null}
          </p>
          <p className="whitespace-pre-wrap break-words font-mono text-sm text-ink" data-testid="live-stream-text">
            {part.text}
          </p>
        </div>
      ))}
      {interrupted ? (
        <p className="text-sm text-muted" data-testid="live-stream-interrupted">
          {interrupted === "stopped" ? t("stream.stopped") : t("stream.failed")}
        </p>
      ) : null}
    </div>
  );
}
