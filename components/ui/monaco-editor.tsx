"use client";
/** The plain editor with the local Monaco set up. Loaded only through LazyEditor (monaco-lazy.tsx). */
import Editor, { type EditorProps } from "@monaco-editor/react";
import { playgroundTheme } from "./monaco-setup";

export default function MonacoEditor({ theme, ...props }: EditorProps) {
  return <Editor {...props} theme={playgroundTheme(theme)} />;
}
