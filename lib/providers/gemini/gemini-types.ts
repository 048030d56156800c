/**
 * The Gemini API's generateContent request body on the wire (REST: ai.google.dev/api/generate-content), written with
 * `@google/genai`'s own part and schema types. The SDK's `GenerateContentParameters` is its method's argument (the
 * model and a `config` object it reshapes), not the body, so the body type is assembled here from the SDK's pieces;
 * enum-typed fields are spelled as the strings the REST API takes.
 */
import type { Content, FunctionDeclaration, GenerationConfig } from "@google/genai";

export type GeminiTool = { functionDeclarations: FunctionDeclaration[] };

export type GeminiGenerateContentRequest = {
  contents: Content[];
  systemInstruction?: Content;
  tools?: GeminiTool[];
  toolConfig?: { functionCallingConfig: { mode: "AUTO" | "ANY" | "NONE" } };
  generationConfig?: Pick<GenerationConfig, "maxOutputTokens" | "temperature">;
  /** An explicit cache (`cachedContents/…`) whose contents, system instruction and tools stand before `contents`. */
  cachedContent?: string;
};
