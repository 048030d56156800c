/** Stage 4 of Monaco's code (see ./stage-1.ts): the JSON language service's client and its editor features (≈ 1.2 MB). */
import "monaco-editor/languages/features/json/register";

export const nextStage = null;
