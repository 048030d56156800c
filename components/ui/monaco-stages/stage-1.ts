/**
 * Monaco's code in stages (../monaco-staged-load.ts): each stage imports a larger part of Monaco, and the next stage
 * from its own module, so the bundler puts in each stage's chunk only what the stages before it did not load.
 * Stage 1: the text model and what it needs (≈ 0.5 MB minified).
 */
import "monaco-editor/editor/common/model/textModel";

export const nextStage = () => import("./stage-2");
