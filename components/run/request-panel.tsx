"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import type { OnMount } from "@monaco-editor/react";
import { useTranslations } from "use-intl";
import type * as Monaco from "monaco-editor";
import { revealLine, type RequestReveal } from "@/components/tour/request-reveal";
import { Button } from "@/components/ui/button";
import { LazyEditor } from "@/components/ui/monaco-lazy";
import { JSON_VIEWER_MAX_CHARS, requestViewerMode } from "./request-viewer-mode";
import { Tabs } from "@/components/ui/tabs";
import { CODE_FORMATS, requestCode, safeHeaders, type CodeFormat } from "@/lib/export/request-code";
import { utf8ByteLength } from "@/lib/core/utf8";
import { formatBytes } from "@/lib/view/format";
import type { StepDetail } from "@/lib/workbench/types";
import { ThirdPartyMarks } from "@/components/variants/third-party-marks";

export type RequestPanelProps = {
  detail: StepDetail;
  theme: "light" | "dark";
  /** A second tab with the simulated response (default on); turn off when the page shows the response elsewhere. */
  showResponse?: boolean;
  /**
   * Produces the text to copy. Defaults to lib/export on the main thread; at 10,000 tools the body is ~18 MB and
   * this takes a second or more, so a container can pass a function that asks the engine worker instead.
   */
  codeFor?: (format: CodeFormat) => string | Promise<string>;
  /**
   * The whole detail, for a `detail` whose long tool lists were shortened for the view (`requestJsonShortened`): copy
   * asks for it, so what is copied is always the exact request. Without it such a detail cannot be copied.
   */
  wholeDetail?: () => Promise<StepDetail | null>;
  /** A part of the body to scroll to and mark (the guided tour's), or null. */
  reveal?: RequestReveal | null;
  /**
   * Where this panel's Monaco models live ("playground", "trace"). Monaco keeps one model per path for the whole
   * page and an editor opened on an existing path shows that model's text, so a second panel on the same path (the
   * trace dialog over the playground) showed the playground's request until its value changed.
   */
  modelScope?: string;
  className?: string;
};

type CopyStatus = { format: CodeFormat; state: "preparing" | "copied" | "failed" } | null;

const COPY_STATUS_MS = 2000;

const STATUS_CLASSES: Record<NonNullable<CopyStatus>["state"], string> = {
  preparing: "bg-panel-muted text-ink",
  copied: "bg-success text-white dark:text-[#0d1016]",
  failed: "bg-danger text-white dark:text-[#0d1016]",
};

/** Writes to the clipboard; falls back to a hidden textarea where the async API is missing (plain-http hosts). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or not focused: try the fallback.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

const VIEWER_OPTIONS = {
  readOnly: true,
  domReadOnly: true,
  folding: true,
  showFoldingControls: "always",
  renderLineHighlight: "none",
  wordWrap: "off",
} as const;

/** A large body: plain text folded by indentation (./request-viewer-mode.ts says why). */
const LARGE_VIEWER_OPTIONS = { ...VIEWER_OPTIONS, foldingStrategy: "indentation" } as const;

/**
 * The exact request of the current step: method and URL, headers (keys only ever as environment variables), the
 * body in a folding JSON viewer, the simulated response, and "copy as" JSON, curl, TypeScript and Python.
 */
export function RequestPanel({
  detail,
  theme,
  showResponse = true,
  codeFor,
  wholeDetail,
  reveal = null,
  modelScope = "playground",
  className = "",
}: RequestPanelProps) {
  const t = useTranslations("run.request");
  const [copyStatus, setCopyStatus] = useState<CopyStatus>(null);
  const [viewer, setViewer] = useState<{ editor: Monaco.editor.IStandaloneCodeEditor; monaco: typeof Monaco } | null>(
    null,
  );
  const revealDecorations = useRef<Monaco.editor.IEditorDecorationsCollection | null>(null);
  const revealedLine = useMemo(
    () => (reveal ? revealLine(detail.requestJson, reveal) : null),
    [reveal, detail.requestJson],
  );
  const [tab, setTab] = useState("body");
  const shortened = detail.requestJsonShortened;
  // The whole request's size, also when the view shows it shortened.
  const bytes = useMemo(() => shortened?.bytes ?? utf8ByteLength(detail.requestJson), [shortened, detail.requestJson]);
  const viewerMode = requestViewerMode(detail.requestJson, `${modelScope}/request-body`);
  // Only serialised when its tab can be shown.
  const responseJson = useMemo(
    () => (showResponse ? JSON.stringify(detail.response, null, 2) : null),
    [showResponse, detail.response],
  );
  const headers = useMemo(() => safeHeaders(detail.request), [detail.request]);
  const editorTheme = theme === "dark" ? "vs-dark" : "light";

  // The confirmation disappears by itself; the timer is the only thing synchronised here.
  useEffect(() => {
    if (!copyStatus || copyStatus.state === "preparing") return;
    const timer = window.setTimeout(() => setCopyStatus(null), COPY_STATUS_MS);
    return () => window.clearTimeout(timer);
  }, [copyStatus]);

  const copy = async (format: CodeFormat) => {
    setCopyStatus({ format, state: "preparing" });
    try {
      // Let "Preparing…" paint before a long synchronous generation blocks the thread.
      await new Promise((resolve) => window.setTimeout(resolve, 0));
      // Generated on click only: at 10,000 tools the body is megabytes.
      // A shortened view is not the request: the whole detail is fetched (from the engine worker) to copy it.
      const whole = shortened ? await wholeDetail?.() : detail;
      if (!whole || whole.requestJsonShortened) throw new Error("the whole request is not available");
      const text =
        format === "json" ? whole.requestJson : await (codeFor ? codeFor(format) : requestCode(whole.request, format));
      setCopyStatus({ format, state: (await copyText(text)) ? "copied" : "failed" });
    } catch {
      setCopyStatus({ format, state: "failed" });
    }
  };

  // Scrolls the viewer's own text to the part the tour describes and marks that line; this writes to Monaco only.
  useEffect(() => {
    if (!viewer) return;
    const { editor, monaco } = viewer;
    revealDecorations.current?.clear();
    const model = editor.getModel();
    if (revealedLine === null || !model || revealedLine > model.getLineCount()) return;
    editor.revealLineNearTop(revealedLine, monaco.editor.ScrollType.Immediate);
    revealDecorations.current = editor.createDecorationsCollection([
      {
        range: new monaco.Range(revealedLine, 1, revealedLine, 1),
        options: { isWholeLine: true, className: "tour-revealed-line" },
      },
    ]);
  }, [viewer, revealedLine, detail.requestJson]);

  const onViewerMount: OnMount = (editor, monaco) => {
    setViewer({ editor, monaco });
    editor.onDidDispose(() => setViewer(null));
  };

  const requestEditor = (
    <LazyEditor
      testId="request-editor"
      ariaLabel={t("bodyLabel", { plain: viewerMode.language === "plaintext" ? "yes" : "no" })}
      path={viewerMode.path}
      language={viewerMode.language}
      value={detail.requestJson}
      readOnly
      theme={editorTheme}
      options={viewerMode.foldingStrategy === "auto" ? VIEWER_OPTIONS : LARGE_VIEWER_OPTIONS}
      onMount={onViewerMount}
    />
  );

  const copyLabel = copyStatus ? CODE_FORMATS.find((entry) => entry.id === copyStatus.format)?.label : "";

  return (
    <div
      className={`flex h-full min-h-0 flex-col ${className}`}
      data-testid="request-panel"
      data-revealed-line={revealedLine ?? undefined}
    >
      <div className="relative flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-line px-4 py-2.5">
        <p className="min-w-0 flex-1 truncate font-mono text-sm" data-testid="request-url" title={detail.request.url}>
          <span className="mr-2 rounded bg-accent-soft px-1.5 py-0.5 font-semibold text-accent">
            {detail.request.method}
          </span>
          {detail.request.url}
        </p>
        <span className="tabular text-sm text-muted" data-testid="request-bytes" title={t("bytesTitle", { bytes })}>
          {formatBytes(bytes)}
        </span>
        {shortened ? (
          <span className="text-sm text-muted" data-testid="request-shortened" title={t("shortenedTitle")}>
            {t("shortened", { count: shortened.toolsLeftOut })}
          </span>
        ) : null}
        {viewerMode.language === "plaintext" ? (
          <span
            className="text-sm text-muted"
            data-testid="request-plain-text"
            title={t("plainTitle", { max: JSON_VIEWER_MAX_CHARS })}
          >
            {t("plain")}
          </span>
        ) : null}
        <div className="flex items-center gap-1" role="group" aria-label={t("copyGroup")}>
          <span className="mr-1 text-sm text-muted">{t("copyAs")}</span>
          {CODE_FORMATS.map((format) => (
            <Button
              key={format.id}
              size="sm"
              variant="secondary"
              disabled={copyStatus?.state === "preparing"}
              onClick={() => void copy(format.id)}
              data-testid="copy-as"
              data-format={format.id}
            >
              {format.label}
            </Button>
          ))}
        </div>
        {/* Floats over the headers below, so showing it never moves the layout. */}
        <span
          className={`pointer-events-none absolute top-full right-4 z-10 mt-1 rounded-md px-2.5 py-1 text-sm font-semibold shadow-md ${
            !copyStatus ? "opacity-0" : STATUS_CLASSES[copyStatus.state]
          }`}
          role="status"
          aria-live="polite"
          data-testid="copy-status"
          data-state={copyStatus?.state}
        >
          {!copyStatus
            ? ""
            : copyStatus.state === "preparing"
              ? t("preparing", { format: copyLabel ?? "" })
              : copyStatus.state === "copied"
                ? t("copied", { format: copyLabel ?? "" })
                : t("copyFailed")}
        </span>
      </div>

      <dl
        className="grid max-h-24 shrink-0 grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 overflow-auto border-b border-line px-4 py-2 font-mono text-xs"
        data-testid="request-headers"
        aria-label={t("headers")}
      >
        {headers.map((header) => (
          <div key={header.name} className="contents" data-testid="request-header">
            <dt className="text-muted">{header.name}</dt>
            <dd className="truncate text-ink-soft">{header.value}</dd>
          </div>
        ))}
      </dl>

      <ThirdPartyMarks spans={detail.thirdParty} />

      {detail.rejected ? (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-ink"
          data-testid="request-rejected"
          data-status={detail.rejected.status}
        >
          <span className="font-semibold text-danger">
            {detail.rejected.status} {detail.rejected.type}:
          </span>{" "}
          {t("refused", { reason: detail.rejected.reason })}{" "}
          <span className="text-muted">{t("limit", { source: detail.rejected.source })}</span>
          {detail.rejected.messageVerbatim ? null : <span className="text-muted">{t("composed")}</span>}
        </p>
      ) : null}
      {showResponse ? (
        <Tabs
          label={t("tabs")}
          selected={tab}
          onSelect={setTab}
          className="min-h-0 flex-1"
          tabs={[
            { id: "body", label: t("body"), testId: "request-tab-body", content: requestEditor },
            {
              id: "response",
              label: detail.rejected ? t("providerError", { status: detail.rejected.status }) : t("response"),
              testId: "request-tab-response",
              content: (
                <LazyEditor
                  testId="response-editor"
                  ariaLabel={t("responseLabel")}
                  path={`${modelScope}/response-body.json`}
                  language="json"
                  value={responseJson ?? ""}
                  readOnly
                  theme={editorTheme}
                  options={VIEWER_OPTIONS}
                />
              ),
            },
          ]}
        />
      ) : (
        <div className="min-h-0 flex-1">{requestEditor}</div>
      )}
    </div>
  );
}
