import type { CatalogTool } from "../core/catalog";

/**
 * The tools the client-side strategies add themselves. They are ordinary catalog-shaped tools so every provider
 * module renders them like any other function.
 */
export const SEARCH_TOOLS_TOOL: CatalogTool = {
  name: "search_tools",
  description:
    "Search the tool catalog by what a tool does. Returns up to 5 matching tools with a one-line description and their parameters. Search before using a tool you have not used yet.",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string", description: "What the tool should do, in a few plain words." } },
    required: ["query"],
    additionalProperties: false,
  },
};

export const INVOKE_TOOL_TOOL: CatalogTool = {
  name: "invoke_tool",
  description:
    "Call a tool found with search_tools by its exact name. The arguments are checked against the tool's schema; an error lists what to fix.",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "The exact tool name returned by search_tools." },
      arguments: { type: "object", description: "The tool's arguments." },
    },
    required: ["name", "arguments"],
    additionalProperties: false,
  },
};

export const LOAD_TOOL_SCHEMAS_TOOL: CatalogTool = {
  name: "load_tool_schemas",
  description:
    "Load the full input schema of one or more tools by exact name before calling them. Every tool above is listed as a stub.",
  inputSchema: {
    type: "object",
    properties: { names: { type: "array", items: { type: "string" }, minItems: 1, description: "Exact tool names." } },
    required: ["names"],
    additionalProperties: false,
  },
};
