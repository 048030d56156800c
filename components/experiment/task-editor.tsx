"use client";
/** The task set's editor: JSON Lines in Monaco, its problems as markers on their lines (components/experiment/task-markers.ts). */
import { useEffect, useRef } from "react";
import type { OnMount } from "@monaco-editor/react";
import type * as Monaco from "monaco-editor";
import { useProblemText } from "@/components/catalog/problem-text";
import { LazyEditor } from "@/components/ui/monaco-lazy";
import type { InputProblem } from "@/lib/core/catalog";
import { taskMarkers } from "./task-markers";

const OWNER = "experiment-tasks";

export function TaskEditor({
  value,
  onChange,
  problems,
  ariaLabel,
}: {
  value: string;
  onChange(text: string): void;
  problems: readonly InputProblem[];
  ariaLabel: string;
}) {
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<typeof Monaco | null>(null);
  // A marker's hover says the problem in the reader's language, as the list under the editor does.
  const problemText = useProblemText();
  const worded = problems.map((problem) => ({ ...problem, message: problemText(problem) }));

  function showProblems() {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model) return;
    const markers = taskMarkers(worded, model.getLineCount(), (line) => model.getLineMaxColumn(line)).map((marker) => ({
      ...marker,
      severity: marker.severity === "error" ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
    }));
    monaco.editor.setModelMarkers(model, OWNER, markers);
  }

  const onMount: OnMount = (editor, monaco) => {
    editorRef.current = editor;
    monacoRef.current = monaco;
    showProblems();
  };

  // Markers follow the problems (parsed from the same text); only when they change.
  const problemsKey = JSON.stringify(worded.map((problem) => [problem.line, problem.column, problem.message]));
  useEffect(showProblems, [problemsKey]);

  return (
    <LazyEditor
      value={value}
      language="plaintext"
      path="experiment-tasks.jsonl"
      onChange={(text) => onChange(text ?? "")}
      onMount={onMount}
      ariaLabel={ariaLabel}
      testId="experiment-task-editor"
    />
  );
}
