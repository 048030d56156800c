"use client";
/**
 * Client-only Monaco editors for any panel. `next/dynamic({ ssr: false })` keeps Monaco out of the server render and
 * out of the first-load bundle; the wrapper div holds the final height while Monaco loads, so nothing jumps.
 */
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import type { BeforeMount, DiffBeforeMount, DiffOnMount, OnMount, OnValidate } from "@monaco-editor/react";
import type { editor } from "monaco-editor";
import { useTranslations } from "use-intl";
import { editorTurns } from "./editor-turns";
import { loadMonacoInStages } from "./monaco-staged-load";
import { monacoHeld, releaseMonaco, subscribeMonacoHeld } from "./monaco-start-gate";

export type EditorTheme = "vs-dark" | "light";

function EditorLoading() {
  return (
    <div className="flex h-full w-full items-center justify-center text-sm text-muted" data-testid="editor-loading">
      {useTranslations("ui")("loadingEditor")}
    </div>
  );
}

/**
 * How much of an editor's text shows while Monaco is not there yet: more than a panel holds, little enough that the
 * server-rendered first screen stays small and a 15 MB request body is never laid out as text.
 */
export const PREVIEW_MAX_CHARACTERS = 6_000;

/** Nothing of its own: LazyEditor's text preview shows until the editor has mounted. */
function NoLoading() {
  return null;
}

/**
 * The editor's text, read-only, until Monaco has mounted over it: the page shows the request or the tool at once,
 * while Monaco waits for the first run (./monaco-start-gate.ts) and loads. Reaching for it (pointer, focus, key)
 * loads Monaco at once. The badge says which of the two it is waiting for; it sits at the bottom, where it hides the
 * end of a long text rather than its first lines.
 */
function EditorPreview({ value, hidden }: { value: string; hidden: boolean }) {
  const t = useTranslations("ui");
  // The server renders "Loading editor…"; the page then says whether Monaco waits for the run.
  const held = useSyncExternalStore(subscribeMonacoHeld, monacoHeld, () => false);
  const cut = value.length > PREVIEW_MAX_CHARACTERS;
  const text = cut ? value.slice(0, PREVIEW_MAX_CHARACTERS) : value;
  return (
    <div
      className={`absolute inset-0 z-10 overflow-hidden ${hidden ? "invisible" : ""}`}
      data-testid="editor-preview"
      aria-hidden={hidden || undefined}
      onPointerDown={releaseMonaco}
      onFocus={releaseMonaco}
      onKeyDown={releaseMonaco}
    >
      <pre className="h-full overflow-hidden whitespace-pre py-0 pl-[50px] pr-4 font-mono text-[14px] leading-[19px] text-ink">
        {text}
        {cut ? "\n…" : ""}
      </pre>
      <span
        className="absolute bottom-2 right-3 rounded-md border border-line bg-panel px-2 py-0.5 text-xs text-muted"
        data-testid="editor-loading"
        // Focusable, so a keyboard user can ask for the editor too; its words are its name.
        tabIndex={hidden ? -1 : 0}
        role="button"
      >
        {held ? t("editorHeld") : t("loadingEditor")}
      </span>
    </div>
  );
}

// Monaco's code arrives in stages, a task each (./monaco-staged-load.ts), before the editor module that needs all of it.
const MonacoEditor = dynamic(() => loadMonacoInStages().then(() => import("./monaco-editor")), {
  ssr: false,
  loading: NoLoading,
});
const MonacoDiffEditor = dynamic(() => loadMonacoInStages().then(() => import("./monaco-diff-editor")), {
  ssr: false,
  loading: EditorLoading,
});

/**
 * This editor's turn to be created (./editor-turns.ts: one editor per task). `mounted` hands the turn on; leaving
 * the page before mounting does too.
 */
function useEditorTurn(): { granted: boolean; mounted: () => void } {
  const [granted, setGranted] = useState(false);
  const done = useRef<(() => void) | null>(null);
  useEffect(() => {
    const release = editorTurns.request(() => setGranted(true));
    done.current = release;
    return release;
  }, []);
  const mounted = useCallback(() => done.current?.(), []);
  return { granted, mounted };
}

/** Projector-friendly defaults; `options` given by the caller win. */
const BASE_OPTIONS: editor.IEditorOptions = {
  fontSize: 14,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  folding: true,
};

export type LazyEditorProps = {
  value: string;
  language?: string;
  /**
   * Model path; one path is one model. Use a fixed path per panel (e.g. `request.json`) rather than one per step:
   * models are kept per path, and a request at 10,000 tools can be megabytes.
   */
  path?: string;
  readOnly?: boolean;
  onChange?: (value: string | undefined) => void;
  onValidate?: OnValidate;
  onMount?: OnMount;
  beforeMount?: BeforeMount;
  /** CSS height of the editor box (default 100%: fill a parent of fixed height). */
  height?: number | string;
  options?: editor.IStandaloneEditorConstructionOptions;
  theme?: EditorTheme;
  /** Shown while Monaco loads. */
  loading?: ReactNode;
  className?: string;
  testId?: string;
  /** Accessible name of the editor's text area. */
  ariaLabel?: string;
};

export function LazyEditor({
  value,
  language = "json",
  path,
  readOnly,
  onChange,
  onValidate,
  onMount,
  beforeMount,
  height = "100%",
  options,
  theme = "light",
  loading,
  className = "",
  testId,
  ariaLabel,
}: LazyEditorProps) {
  const merged = useMemo(
    () => ({
      ...BASE_OPTIONS,
      ...(readOnly === undefined ? {} : { readOnly, domReadOnly: readOnly }),
      ...(ariaLabel ? { ariaLabel } : {}),
      ...options,
    }),
    [readOnly, ariaLabel, options],
  );
  const turn = useEditorTurn();
  const { mounted } = turn;
  const [shown, setShown] = useState(false);
  const handleMount = useCallback<OnMount>(
    (created, monaco) => {
      mounted();
      setShown(true);
      created.onDidDispose(() => setShown(false));
      onMount?.(created, monaco);
    },
    [mounted, onMount],
  );
  return (
    <div className={`relative min-h-0 overflow-hidden ${className}`} style={{ height }} data-testid={testId}>
      {loading ?? <EditorPreview value={value} hidden={shown} />}
      {turn.granted ? (
        <MonacoEditor
          height="100%"
          value={value}
          language={language}
          path={path}
          theme={theme}
          options={merged}
          onChange={onChange}
          onValidate={onValidate}
          onMount={handleMount}
          beforeMount={beforeMount}
          loading={null}
        />
      ) : null}
    </div>
  );
}

export type LazyDiffEditorProps = {
  original: string;
  modified: string;
  language?: string;
  /** Fixed model paths per panel, as for LazyEditor. */
  originalPath?: string;
  modifiedPath?: string;
  height?: number | string;
  options?: editor.IDiffEditorConstructionOptions;
  theme?: EditorTheme;
  beforeMount?: DiffBeforeMount;
  onMount?: DiffOnMount;
  loading?: ReactNode;
  className?: string;
  testId?: string;
};

const BASE_DIFF_OPTIONS: editor.IDiffEditorConstructionOptions = {
  ...BASE_OPTIONS,
  readOnly: true,
  originalEditable: false,
  renderSideBySide: true,
  // Keep side by side down to 1280 px screens; Monaco otherwise switches to inline below 900 px of editor width.
  useInlineViewWhenSpaceIsLimited: false,
  hideUnchangedRegions: { enabled: true, contextLineCount: 3, minimumLineCount: 3, revealLineCount: 20 },
};

export function LazyDiffEditor({
  original,
  modified,
  language = "json",
  originalPath,
  modifiedPath,
  height = "100%",
  options,
  theme = "light",
  beforeMount,
  onMount,
  loading,
  className = "",
  testId,
}: LazyDiffEditorProps) {
  const merged = useMemo(() => ({ ...BASE_DIFF_OPTIONS, ...options }), [options]);
  const turn = useEditorTurn();
  const { mounted } = turn;
  const handleMount = useCallback<DiffOnMount>(
    (created, monaco) => {
      mounted();
      onMount?.(created, monaco);
    },
    [mounted, onMount],
  );
  return (
    <div
      className={`min-h-0 overflow-hidden ${className}`}
      style={{ height }}
      data-testid={testId}
      // A person looking at a diff wants the editor now, whatever the run is doing.
      onPointerDown={releaseMonaco}
    >
      {turn.granted ? (
        <MonacoDiffEditor
          height="100%"
          original={original}
          modified={modified}
          language={language}
          originalModelPath={originalPath}
          modifiedModelPath={modifiedPath}
          theme={theme}
          options={merged}
          beforeMount={beforeMount}
          onMount={handleMount}
          loading={loading ?? <EditorLoading />}
        />
      ) : (
        (loading ?? <EditorLoading />)
      )}
    </div>
  );
}
