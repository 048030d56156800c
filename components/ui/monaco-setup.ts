"use client";
/**
 * Monaco, bundled with the app and never fetched from a CDN. Import this module only from code loaded with
 * `next/dynamic({ ssr: false })` (see monaco-lazy.tsx): Monaco touches `window` as soon as it is imported.
 *
 * - `getWorker` is required with both Turbopack and webpack: without it the core editor worker fails to load
 *   ("Failed to load worker script for label: editorWorkerService", docs/TOOLCHAIN.md pitfall 4). Once it
 *   exists it serves every label, so JSON gets its own worker and everything else the editor worker.
 * - `loader.config({ monaco })` stops @monaco-editor/react from loading Monaco from cdn.jsdelivr.net (pitfall 5).
 */
import * as monaco from "monaco-editor";
import { loader } from "@monaco-editor/react";

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === "json") {
      return new Worker(new URL("monaco-editor/language/json/json.worker.js", import.meta.url), { type: "module", name: label });
    }
    return new Worker(new URL("monaco-editor/editor/editor.worker.js", import.meta.url), { type: "module", name: label });
  },
};

loader.config({ monaco });

export { monaco };
