/** Small, hand-checkable inputs shared by the lab's unit tests. */
import type { CatalogTool } from "../core/catalog";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
import { SAMPLE_TOOLS } from "../search/fixtures/sample-tools";
import { createLabSearchers } from "./evaluate-catalog";
import type { LabQuery } from "./query-set";

export const LAB_TOOLS: CatalogTool[] = SAMPLE_TOOLS;

export const LAB_QUERIES: LabQuery[] = [
  { q: "weather forecast for Paris", expect: ["get_weather"] },
  { q: "post a message to the team channel", expect: ["slack_post_message"] },
  { q: "open a new ticket about the login bug", expect: ["create_issue"] },
  { q: "remove the old file", expect: ["delete_file"] },
  { q: "which repositories does octocat have", expect: ["list_repositories"] },
];

/** A deterministic stand-in for o200k: one token per four characters. */
export const countByLength = (text: string) => Math.ceil(text.length / 4);

export function labSearchers(tools: readonly CatalogTool[] = LAB_TOOLS, options = DEFAULT_CLIENT_SEARCH_OPTIONS) {
  return createLabSearchers(tools, options);
}

export function withDescription(tools: readonly CatalogTool[], name: string, description: string): CatalogTool[] {
  return tools.map((tool) => (tool.name === name ? { ...tool, description } : tool));
}
