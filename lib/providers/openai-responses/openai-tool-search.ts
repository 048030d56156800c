/**
 * The client-executed `tool_search` definition (PROTOCOLS §2.2). The parameter schema is ours to choose; the
 * Agents SDK's default is `{ paths: string[] }`, a free-text query suits a BM25-style client search better.
 */
export const CLIENT_TOOL_SEARCH_DESCRIPTION =
  "Search the deferred tools by what they do. Returns the matching tools, which become callable.";

export const CLIENT_TOOL_SEARCH_PARAMETERS = {
  type: "object",
  properties: { query: { type: "string", description: "What the tool should do, in a few words." } },
  required: ["query"],
  additionalProperties: false,
};
