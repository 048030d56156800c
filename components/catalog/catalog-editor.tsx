"use client";
/**
 * The Monaco editor of the catalog: the whole catalog when it is small, the selected tool when it is big. It binds
 * the catalog JSON schema to its own model path and shows the parser's problems as markers on their lines.
 */
import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { BeforeMount, OnMount } from "@monaco-editor/react";
import type * as Monaco from "monaco-editor";
import { LazyEditor } from "@/components/ui/monaco-lazy";
import type { InputProblem } from "@/lib/core/catalog";
import { looksLikeOpenApiYaml } from "@/lib/catalog/openapi-yaml";
import {
  CATALOG_EDITOR_SCHEMA_URI,
  CATALOG_MODEL_PATH,
  editorSchemas,
  type SchemaWords,
  TOOL_EDITOR_SCHEMA_URI,
  TOOL_MODEL_PATH,
} from "./catalog-json-schema";
import { useProblemText } from "./problem-text";

export type EditorMarker = { message: string; severity: "error" | "warning"; line: number; column: number };
export type CatalogEditorHandle = { reveal(line: number, column: number, focus?: boolean): void };

const PROBLEM_OWNER = "catalog-parser";

/** Auto-closing is off so pasted and typed text stays literal (docs/TOOLCHAIN.md pitfall 10). */
const EDITOR_OPTIONS = {
  fontSize: 13,
  lineNumbersMinChars: 3,
  tabSize: 2,
  autoClosingBrackets: "never",
  autoClosingQuotes: "never",
  formatOnPaste: false,
  wordWrap: "off",
} as const;

/**
 * Monaco's JSON diagnostics options are global to the page. Merge ours into what is there, so another editor's
 * schemas survive and ours survive theirs as long as they merge too.
 */
const registerSchemas =
  (words: SchemaWords): BeforeMount =>
  (monaco) => {
    const schemas = editorSchemas(words);
    const current = monaco.json.jsonDefaults.diagnosticsOptions;
    const ours = new Set([CATALOG_EDITOR_SCHEMA_URI, TOOL_EDITOR_SCHEMA_URI]);
    monaco.json.jsonDefaults.setDiagnosticsOptions({
      ...current,
      validate: true,
      enableSchemaRequest: false,
      schemaValidation: "error",
      schemas: [
        ...(current.schemas ?? []).filter((schema: { uri: string }) => !ours.has(schema.uri)),
        { uri: CATALOG_EDITOR_SCHEMA_URI, fileMatch: [CATALOG_MODEL_PATH], schema: schemas.catalog },
        { uri: TOOL_EDITOR_SCHEMA_URI, fileMatch: [TOOL_MODEL_PATH], schema: schemas.tool },
      ],
    });
  };

export function CatalogEditor({
  mode,
  value,
  onChange,
  problems,
  onMarkers,
  handleRef,
  theme,
}: {
  mode: "whole" | "tool";
  value: string;
  onChange(text: string): void;
  /** Parser problems with line numbers, shown as markers (Monaco's own schema markers come on top). */
  problems: readonly InputProblem[];
  onMarkers(markers: EditorMarker[]): void;
  handleRef: { current: CatalogEditorHandle | null };
  theme: "light" | "dark";
}) {
  const shown = useModeSwapOneTaskLater(mode, value);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<typeof Monaco | null>(null);
  const reportedMarkers = useRef<string | null>(null);
  const t = useTranslations("catalog");
  const problemText = useProblemText();
  const locale = useLocale();

  const onMount: OnMount = (editor, monaco) => {
    editorRef.current = editor;
    monacoRef.current = monaco;
    handleRef.current = {
      reveal(line, column, focus = true) {
        editor.revealLineInCenter(line);
        editor.setPosition({ lineNumber: line, column });
        if (focus) editor.focus();
      },
    };
    showProblems();
  };

  function showProblems() {
    const editor = editorRef.current;
    const monaco = monacoRef.current;
    const model = editor?.getModel();
    if (!editor || !monaco || !model) return;
    const markers = problems
      .filter((problem) => problem.line !== undefined)
      .map((problem) => {
        const line = Math.min(problem.line ?? 1, model.getLineCount());
        return {
          severity: problem.severity === "error" ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
          message: problemText(problem),
          startLineNumber: line,
          startColumn: problem.column ?? 1,
          endLineNumber: line,
          endColumn: model.getLineMaxColumn(line),
        };
      });
    monaco.editor.setModelMarkers(model, PROBLEM_OWNER, markers);
  }

  // Markers follow the problems the worker reports; this writes to Monaco, it does not copy state. Only when the
  // problems change: Monaco reports every marker change back through onValidate, and re-setting the same markers
  // on every render would go round that loop without end.
  const problemsKey = JSON.stringify([
    locale,
    shown.mode,
    problems.map((problem) => [problem.line, problem.column, problem.severity, problem.message]),
  ]);
  useEffect(showProblems, [problemsKey]);

  // An OpenAPI document opened as YAML is shown as YAML, so the JSON checker does not mark its first line.
  const yaml = shown.mode === "whole" && looksLikeOpenApiYaml(shown.value);
  return (
    <LazyEditor
      height="100%"
      language={yaml ? "yaml" : "json"}
      path={shown.mode === "whole" ? CATALOG_MODEL_PATH : TOOL_MODEL_PATH}
      value={shown.value}
      theme={theme === "dark" ? "vs-dark" : "light"}
      ariaLabel={shown.mode === "whole" ? t(yaml ? "panel.catalogYaml" : "panel.catalogJson") : t("editor.toolJson")}
      beforeMount={registerSchemas({
        toolName: t("editor.schema.toolName"),
        inputSchema: t("editor.schema.inputSchema"),
        toolList: t("editor.schema.toolList"),
      })}
      onMount={onMount}
      // While the mode is about to change, the text shown is the previous mode's: it is not the one edited.
      onChange={(text) => shown.mode === mode && onChange(text ?? "")}
      onValidate={(markers) => {
        const ours: EditorMarker[] = markers
          .filter((marker) => marker.owner !== PROBLEM_OWNER)
          .map((marker) => ({
            message: marker.message,
            severity: marker.severity >= 8 ? "error" : "warning",
            line: marker.startLineNumber,
            column: marker.startColumn,
          }));
        // Our own markers changing fire this too: report only when Monaco's schema markers changed.
        const key = JSON.stringify(ours);
        if (key === reportedMarkers.current) return;
        reportedMarkers.current = key;
        onMarkers(ours);
      }}
      options={EDITOR_OPTIONS}
    />
  );
}

/**
 * The mode and text the editor shows. Moving between the whole catalog and one tool swaps Monaco's model, which
 * rebuilds the editor's view (with its effects, a task of ≈ 110 ms); when a 10,000-tool file is opened over a small
 * example, that swap would land in the task that puts the new catalog on screen, making it a long one. So a change of mode is shown one task
 * later; within a mode the text follows at once (typing stays in step with the store).
 */
export function useModeSwapOneTaskLater<Mode, Text>(mode: Mode, value: Text): { mode: Mode; value: Text } {
  const [shown, setShown] = useState({ mode, value });
  const swapping = shown.mode !== mode;
  // Adjusting state while rendering (React's documented pattern for a value derived from the previous render).
  if (!swapping && shown.value !== value) setShown({ mode, value });
  useEffect(() => {
    if (!swapping) return;
    const timer = setTimeout(() => setShown({ mode, value }), 0);
    return () => clearTimeout(timer);
  }, [swapping, mode, value]);
  return swapping ? shown : { mode, value };
}
