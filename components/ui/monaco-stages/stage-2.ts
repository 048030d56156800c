/** Stage 2 of Monaco's code (see ./stage-1.ts): the code editor widget, its view and controller (≈ 1 MB). */
import "monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget";

export const nextStage = () => import("./stage-3");
