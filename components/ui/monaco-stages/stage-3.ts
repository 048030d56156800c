/** Stage 3 of Monaco's code (see ./stage-1.ts): the standalone services and the editor API (≈ 1 MB). */
import "monaco-editor/editor/editor.api";

export const nextStage = () => import("./stage-4");
