"use client";
/** The plain editor with the local Monaco set up. Loaded only through LazyEditor (monaco-lazy.tsx). */
import "./monaco-setup";
import Editor from "@monaco-editor/react";

export default Editor;
