"use client";
/** The diff editor with the local Monaco set up. Loaded only through LazyDiffEditor (monaco-lazy.tsx). */
import { playgroundTheme } from "./monaco-setup";
import { useLayoutEffect, useRef } from "react";
import { DiffEditor, type DiffEditorProps, type DiffOnMount } from "@monaco-editor/react";
import type { editor } from "monaco-editor";

/**
 * @monaco-editor/react 4.7 disposes the two text models before the diff widget on unmount, and Monaco then reports
 * "TextModel got disposed before DiffEditorWidget model got reset" (suren-atoyan/monaco-react#647). So the
 * library keeps its models, and this component detaches and disposes them itself in a layout-effect cleanup,
 * which React runs before the library's passive cleanup disposes the widget.
 */
export default function MonacoDiffEditor({ onMount, theme, ...props }: DiffEditorProps) {
  const editorRef = useRef<editor.IStandaloneDiffEditor | null>(null);

  const handleMount: DiffOnMount = (diffEditor, monaco) => {
    editorRef.current = diffEditor;
    onMount?.(diffEditor, monaco);
  };

  useLayoutEffect(
    () => () => {
      const diffEditor = editorRef.current;
      editorRef.current = null;
      if (!diffEditor) return;
      const models = diffEditor.getModel();
      diffEditor.setModel(null);
      models?.original.dispose();
      models?.modified.dispose();
    },
    [],
  );

  return (
    <DiffEditor
      {...props}
      theme={playgroundTheme(theme)}
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      onMount={handleMount}
    />
  );
}
