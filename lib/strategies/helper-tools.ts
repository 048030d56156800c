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

/** cli-help's one command tool: the model lists tools, reads their `--help`, and calls them by command line. */
export const RUN_TOOL: CatalogTool = {
  name: "run",
  description:
    "Run one command. `tools <words>` lists the tools whose purpose matches the words, one a line; `<tool> --help` prints a tool's usage and options; `<tool> --option value …` runs it (objects and arrays as JSON).",
  inputSchema: {
    type: "object",
    properties: { command: { type: "string", description: "The command line, e.g. `get_weather --help`." } },
    required: ["command"],
    additionalProperties: false,
  },
};

/** subagent's one tool: hands a task to a sub-agent that holds the whole catalog and answers with a summary. */
export const DELEGATE_TOOL: CatalogTool = {
  name: "delegate",
  description:
    "Hand a task that needs tools to a sub-agent that can use every tool of the catalog. It does the work and returns a short summary of the results.",
  inputSchema: {
    type: "object",
    properties: { task: { type: "string", description: "The task, in the user's words with what is known." } },
    required: ["task"],
    additionalProperties: false,
  },
};
