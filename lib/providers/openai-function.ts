import type { CatalogTool } from "../core/catalog";
import { renderOpenAIFunctionForCounting } from "../tokens";
import { memoisePerTool } from "./segment-list";
import { STUB_INPUT_SCHEMA, stubDescription } from "./stub-definition";

type Json = Record<string, unknown>;
export type FunctionWire = { wire: Json; text: string };

const responsesMemo = memoisePerTool<FunctionWire>();
const chatMemo = memoisePerTool<FunctionWire>();

export type FunctionVariant = "full" | "deferred" | "stub";

function parametersOf(tool: CatalogTool, variant: FunctionVariant): Json {
  return variant === "stub" ? STUB_INPUT_SCHEMA : tool.inputSchema;
}

/**
 * OpenAI does not tokenise tool JSON: it renders functions as TypeScript-like declarations (PROTOCOLS §6.3), so
 * the counted text is that rendering. A deferred function shows only its name and description up front (§2.1).
 */
function promptTextOf(tool: CatalogTool, variant: FunctionVariant): string {
  const description = variant === "stub" ? stubDescription(tool) : tool.description;
  if (variant === "deferred") return renderOpenAIFunctionForCounting({ name: tool.name, description });
  return renderOpenAIFunctionForCounting({ name: tool.name, description, parameters: parametersOf(tool, variant) });
}

/** Responses API `FunctionTool`. `strict: false` because catalog schemas rarely meet strict mode's rules. */
export function responsesFunction(tool: CatalogTool, variant: FunctionVariant): FunctionWire {
  return responsesMemo(tool, `responses:${variant}`, () => ({
    wire: {
      type: "function",
      name: tool.name,
      description: variant === "stub" ? stubDescription(tool) : tool.description,
      parameters: parametersOf(tool, variant),
      strict: false,
      ...(variant === "deferred" ? { defer_loading: true } : {}),
    },
    text: promptTextOf(tool, variant),
  }));
}

/** Chat Completions `ChatCompletionFunctionTool` (also Moonshot's tool format). */
export function chatFunction(tool: CatalogTool, variant: Exclude<FunctionVariant, "deferred">): FunctionWire {
  return chatMemo(tool, `chat:${variant}`, () => ({
    wire: {
      type: "function",
      function: {
        name: tool.name,
        description: variant === "stub" ? stubDescription(tool) : tool.description,
        parameters: parametersOf(tool, variant),
      },
    },
    text: promptTextOf(tool, variant),
  }));
}
