"use client";
/**
 * Monaco, bundled with the app and never fetched from a CDN. Import this module only from code loaded with
 * `next/dynamic({ ssr: false })` (see monaco-lazy.tsx): Monaco touches `window` as soon as it is imported.
 *
 * - `getWorker` is required with both Turbopack and webpack: without it the core editor worker fails to load
 *   ("Failed to load worker script for label: editorWorkerService", docs/TOOLCHAIN.md pitfall 4). Once it
 *   exists it serves every label, so JSON gets its own worker and everything else the editor worker.
 * - `loader.config({ monaco })` stops @monaco-editor/react from fetching Monaco over the network, its default (pitfall 5):
 *   the editor comes from this bundle only.
 */
import * as monaco from "monaco-editor";
import { loader } from "@monaco-editor/react";

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === "json") {
      return new Worker(new URL("monaco-editor/language/json/json.worker.js", import.meta.url), {
        type: "module",
        name: label,
      });
    }
    return new Worker(new URL("monaco-editor/editor/editor.worker.js", import.meta.url), {
      type: "module",
      name: label,
    });
  },
};

loader.config({ monaco });

// Monaco's own themes paint #fffffe / #1e1e1e, which sit as a foreign block inside the panels: these take the
// panels' colours (app/globals.css --panel, --panel-muted, --muted) and keep Monaco's syntax colours.
monaco.editor.defineTheme("playground-light", {
  base: "vs",
  inherit: true,
  rules: [],
  colors: {
    "editor.background": "#ffffff",
    "editorGutter.background": "#ffffff",
    "editor.lineHighlightBackground": "#f1f3f6",
    "editorLineNumber.foreground": "#6b7280",
    "editorLineNumber.activeForeground": "#374151",
  },
});
monaco.editor.defineTheme("playground-dark", {
  base: "vs-dark",
  inherit: true,
  rules: [],
  colors: {
    "editor.background": "#151a22",
    "editorGutter.background": "#151a22",
    "editor.lineHighlightBackground": "#1b212b",
    "editor.lineHighlightBorder": "#1b212b",
    "editorLineNumber.foreground": "#8b95a5",
    "editorLineNumber.activeForeground": "#cbd2dd",
    "editorWidget.background": "#1b212b",
    "minimap.background": "#151a22",
    "scrollbarSlider.background": "#36415180",
  },
});

/** The page speaks "light" / "vs-dark"; the editors get the matching playground theme. */
export function playgroundTheme(theme: string | undefined): string {
  return theme === "vs-dark" ? "playground-dark" : "playground-light";
}

export { monaco };
