import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createAnthropicRegexSearch } from "./anthropic-regex-search";
import { SAMPLE_TOOLS } from "./fixtures/sample-tools";

const search = createAnthropicRegexSearch(SAMPLE_TOOLS);

function hitNames(pattern: string, limit?: number): string[] {
  const outcome = search.search(pattern, limit);
  if (!outcome.ok) throw new Error(outcome.errorMessage);
  return outcome.hits.map((hit) => hit.name);
}

describe("createAnthropicRegexSearch", () => {
  it("matches case-insensitively anywhere in the four fields, like Python re.search", () => {
    expect(hitNames("WEATHER")).toEqual(["get_weather"]);
    expect(hitNames("fahrenheit|celsius")).toEqual([]); // enum values are not a searched field
    expect(hitNames("^repo$")).toEqual(["create_issue"]); // argument names are matched one by one
  });

  it("orders by the fields matched: name, then description, then argument names, then argument descriptions", () => {
    const outcome = search.search("repo|channel");
    expect(outcome).toEqual({
      ok: true,
      hits: [
        { name: "list_repositories", score: 8 + 4, matches: expect.any(Array) },
        {
          name: "slack_post_message",
          score: 4 + 2 + 1,
          matches: [
            { field: "description", terms: ["channel"] },
            { field: "parameterName", terms: ["channel"] },
            { field: "parameterDescription", terms: ["channel"] },
          ],
        },
        {
          name: "create_issue",
          score: 4 + 2 + 1,
          matches: [
            { field: "description", terms: ["repo"] },
            { field: "parameterName", terms: ["repo"] },
            { field: "parameterDescription", terms: ["Repo"] },
          ],
        },
      ],
    });
  });

  it("keeps catalog order between equal scores and stops at the limit", () => {
    const tools: CatalogTool[] = ["c", "a", "b"].map((letter) => ({
      name: `tool_${letter}`,
      description: "same",
      inputSchema: { type: "object" },
    }));
    const equal = createAnthropicRegexSearch(tools);
    const outcome = equal.search("same", 2);
    expect(outcome.ok && outcome.hits.map((hit) => hit.name)).toEqual(["tool_c", "tool_a"]);
  });

  it("returns an empty result, not an error, when nothing matches", () => {
    expect(search.search("zebra")).toEqual({ ok: true, hits: [] });
  });

  it("rejects a 201-character pattern and accepts a 200-character one", () => {
    expect(search.search("a".repeat(200)).ok).toBe(true);
    expect(search.search("a".repeat(201))).toEqual({
      ok: false,
      errorCode: "invalid_tool_input",
      errorMessage: "Invalid regular expression pattern: exceeds the maximum length of 200 characters (got 201)",
    });
  });

  it("reports an invalid pattern the way Anthropic reports Python's error", () => {
    expect(search.search("(weather")).toEqual({
      ok: false,
      errorCode: "invalid_tool_input",
      errorMessage: "Invalid regular expression pattern: missing ), unterminated subpattern at position 0",
    });
  });

  it("reports a backreference as needing a backtracking engine, and says why the emulation has none", () => {
    const outcome = search.search("(issue)\\1");
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errorCode).toBe("invalid_tool_input");
    expect(outcome.errorMessage).toMatch(/^Invalid regular expression pattern: backreferences \(\\1\) at position 7/);
    expect(outcome.errorMessage).toContain("linear-time engine");
    expect(outcome.errorMessage).toContain("hang the page");
  });

  it("runs a pattern that is catastrophic for a backtracking engine in linear time", () => {
    // A backtracking engine needs about 2^5000 steps here, so it would never return: finishing within the test's
    // timeout is the proof of linear time, with no clock in the assertion.
    const tools: CatalogTool[] = [{ name: "long", description: `${"a".repeat(5_000)}!`, inputSchema: {} }];
    const outcome = createAnthropicRegexSearch(tools).search("(a+)+$");
    expect(outcome).toEqual({ ok: true, hits: [] });
  });
});
