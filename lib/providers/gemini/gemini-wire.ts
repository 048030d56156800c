/**
 * Gemini generateContent pieces shared by the renderer and the body reader, so a rendered body and the same body
 * read back as a trace give the same segments (lib/providers/body-segments.test.ts).
 */
import type { CatalogTool } from "../../core/catalog";
import { memoisePerTool } from "../segment-list";
import { STUB_INPUT_SCHEMA, stubDescription } from "../stub-definition";

export const GEMINI_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

export type Json = Record<string, unknown>;
export type DeclarationWire = { wire: Json; text: string };

const memo = memoisePerTool<DeclarationWire>();

/**
 * A catalog tool as a `FunctionDeclaration`. `parametersJsonSchema` takes the catalog's JSON Schema as it is
 * (`parameters` takes only Gemini's OpenAPI subset, which refuses `$ref`, `additionalProperties` and others).
 */
export function geminiDeclaration(tool: CatalogTool, variant: "full" | "stub"): DeclarationWire {
  return memo(tool, `gemini:${variant}`, () => {
    const wire = {
      name: tool.name,
      description: variant === "stub" ? stubDescription(tool) : tool.description,
      parametersJsonSchema: variant === "stub" ? STUB_INPUT_SCHEMA : tool.inputSchema,
    };
    return { wire, text: declarationText(wire) };
  });
}

/**
 * The counted text of a declaration. Google does not publish how declarations are laid out in the prompt; their
 * JSON is counted (an estimate, as every Gemini count here is o200k's until `countTokens` answers).
 */
export function declarationText(declaration: Json): string {
  return JSON.stringify(declaration);
}

/** The counted text of one `Content`: its text parts as they are, function calls and responses as JSON. */
export function contentText(content: Json): string {
  const parts = Array.isArray(content.parts) ? (content.parts as Json[]) : [];
  return parts.map((part) => (typeof part.text === "string" ? part.text : JSON.stringify(part))).join("\n");
}

/** A short label for a `Content` in the request view. */
export function contentLabel(content: Json): string {
  const parts = Array.isArray(content.parts) ? (content.parts as Json[]) : [];
  const calls = parts.flatMap((part) => (isRecord(part.functionCall) ? [String(part.functionCall.name)] : []));
  if (calls.length) return `model calls ${calls.join(", ")}`;
  const results = parts.flatMap((part) =>
    isRecord(part.functionResponse) ? [String(part.functionResponse.name)] : [],
  );
  if (results.length) return `function response ${results.join(", ")}`;
  return content.role === "model" ? "model answer" : "user message";
}

export function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The system instruction's text, or "". */
export function systemInstructionText(body: Json): string {
  return isRecord(body.systemInstruction) ? contentText(body.systemInstruction) : "";
}

/** Every declaration of a body's `tools[].functionDeclarations`, with its path. */
export function declarationsOf(body: Json): Array<{ declaration: Json; path: string }> {
  const tools = Array.isArray(body.tools) ? (body.tools as unknown[]) : [];
  return tools.flatMap((tool, toolIndex) => {
    const declarations = isRecord(tool) && Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : [];
    return (declarations as unknown[]).flatMap((declaration, index) =>
      isRecord(declaration) ? [{ declaration, path: `tools[${toolIndex}].functionDeclarations[${index}]` }] : [],
    );
  });
}
