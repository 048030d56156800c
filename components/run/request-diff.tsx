"use client";
import { useTranslations } from "use-intl";
import { LazyDiffEditor } from "@/components/ui/monaco-lazy";
import { requestViewerMode } from "./request-viewer-mode";

export type RequestDiffProps = {
  /** The previous request's pretty JSON; null (or empty) on the first request. */
  original: string | null;
  /** This request's pretty JSON. */
  modified: string;
  theme: "light" | "dark";
  /** Column titles (default: previous request / this request). */
  originalLabel?: string;
  modifiedLabel?: string;
  /** Where the diff's Monaco models live, one scope per panel (see RequestPanel's modelScope). */
  modelScope?: string;
  className?: string;
};

/** Side-by-side diff of two requests (by default the previous one against this one); unchanged stretches fold away. */
export function RequestDiff({
  original,
  modified,
  theme,
  originalLabel,
  modifiedLabel,
  modelScope = "playground",
  className = "",
}: RequestDiffProps) {
  const t = useTranslations("run.diff");
  if (!original) {
    return (
      <div
        className={`flex h-full flex-col items-center justify-center gap-2 p-6 text-center ${className}`}
        data-testid="request-diff"
        data-state="first-request"
      >
        <p className="text-lg font-semibold text-ink">{t("first")}</p>
        <p className="max-w-md text-sm text-muted">{t("firstBody")}</p>
      </div>
    );
  }
  // One mode for both sides, by the longer text: a 10,000-tool request is shown as plain text (./request-viewer-mode.ts).
  const mode = requestViewerMode(original.length > modified.length ? original : modified, "");
  return (
    <div className={`flex h-full min-h-0 flex-col ${className}`} data-testid="request-diff" data-state="diff">
      <div className="grid shrink-0 grid-cols-2 border-b border-line text-sm font-medium text-muted">
        <span className="px-4 py-1.5">{originalLabel ?? t("previous")}</span>
        <span className="border-l border-line px-4 py-1.5">{modifiedLabel ?? t("current")}</span>
      </div>
      <LazyDiffEditor
        className="flex-1"
        testId="request-diff-editor"
        original={original}
        modified={modified}
        language={mode.language}
        originalPath={`${modelScope}/diff-previous${mode.path}`}
        modifiedPath={`${modelScope}/diff-current${mode.path}`}
        theme={theme === "dark" ? "vs-dark" : "light"}
      />
    </div>
  );
}
