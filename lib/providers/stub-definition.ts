import type { CatalogTool, JsonSchema } from "../core/catalog";
import { oneLineDescription } from "../catalog";

/**
 * The stubs strategy registers every tool with a one-line description and this loose schema; the real schema
 * arrives later as a tool result, and the client validates the arguments (seed 001, "stub registration").
 */
export const STUB_INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    arguments: {
      type: "object",
      description: "The tool's arguments. Call load_tool_schemas first to get its exact schema.",
    },
  },
  required: ["arguments"],
};

export function stubDescription(tool: CatalogTool): string {
  return oneLineDescription(tool);
}
