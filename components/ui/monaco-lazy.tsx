"use client";
/**
 * Client-only Monaco editors for any panel. `next/dynamic({ ssr: false })` keeps Monaco out of the server render and
 * out of the first-load bundle; the wrapper div holds the final height while Monaco loads, so nothing jumps.
 */
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { BeforeMount, DiffBeforeMount, DiffOnMount, OnMount, OnValidate } from "@monaco-editor/react";
import type { editor } from "monaco-editor";
import { editorTurns } from "./editor-turns";
import { loadMonacoInStages } from "./monaco-staged-load";

export type EditorTheme = "vs-dark" | "light";

function EditorLoading() {
  return (
    <div className="flex h-full w-full items-center justify-center text-sm text-muted" data-testid="editor-loading">
      Loading editor…
    </div>
  );
}

// Monaco's code arrives in stages, a task each (./monaco-staged-load.ts), before the editor module that needs all of it.
const MonacoEditor = dynamic(() => loadMonacoInStages().then(() => import("./monaco-editor")), {
  ssr: false,
  loading: EditorLoading,
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
  const handleMount = useCallback<OnMount>(
    (created, monaco) => {
      mounted();
      onMount?.(created, monaco);
    },
    [mounted, onMount],
  );
  return (
    <div className={`min-h-0 overflow-hidden ${className}`} style={{ height }} data-testid={testId}>
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
          loading={loading ?? <EditorLoading />}
        />
      ) : (
        (loading ?? <EditorLoading />)
      )}
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
    <div className={`min-h-0 overflow-hidden ${className}`} style={{ height }} data-testid={testId}>
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
