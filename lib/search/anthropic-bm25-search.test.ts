import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createAnthropicBm25Search } from "./anthropic-bm25-search";
import { SAMPLE_TOOLS } from "./fixtures/sample-tools";
import { ANTHROPIC_BM25_MAX_QUERY_CHARACTERS } from "./limits";

const names = (outcome: ReturnType<ReturnType<typeof createAnthropicBm25Search>["search"]>) =>
  outcome.ok ? outcome.hits.map((hit) => hit.name) : outcome.errorMessage;

describe("createAnthropicBm25Search", () => {
  const search = createAnthropicBm25Search(SAMPLE_TOOLS);

  it("ranks the tool the query describes first", () => {
    expect(names(search.search("weather forecast for Paris"))[0]).toBe("get_weather");
    expect(names(search.search("post a message to a slack channel"))[0]).toBe("slack_post_message");
    expect(names(search.search("open a GitHub issue"))[0]).toBe("create_issue");
  });

  it("counts a text repeated across tools (read once) in each tool, and a changed text as its own words", () => {
    const tool = (name: string, description: string): CatalogTool => ({
      name,
      description,
      inputSchema: { type: "object", properties: { to: { type: "string", description: "Mail address mail." } } },
    });
    const tools = [tool("a_send", "Send mail."), tool("b_send", "Send mail."), tool("c_send", "Send mail now.")];
    const repeated = createAnthropicBm25Search(tools);
    const scores = (query: string) => {
      const outcome = repeated.search(query, 10);
      return outcome.ok ? Object.fromEntries(outcome.hits.map((hit) => [hit.name, hit.score])) : {};
    };
    const mail = scores("mail");
    expect(Object.keys(mail).sort()).toEqual(["a_send", "b_send", "c_send"]);
    // Three occurrences each; c_send is one word longer, so it scores a little less.
    expect(mail.a_send).toBe(mail.b_send);
    expect(mail.c_send).toBeLessThan(mail.a_send);
    expect(Object.keys(scores("now"))).toEqual(["c_send"]);
  });

  it("says which fields matched on which terms", () => {
    const outcome = search.search("weather unit");
    expect(outcome.ok && outcome.hits[0]).toEqual({
      name: "get_weather",
      score: expect.any(Number),
      matches: [
        { field: "name", terms: ["weather"] },
        { field: "description", terms: ["weather"] },
        { field: "parameterName", terms: ["unit"] },
        { field: "parameterDescription", terms: ["unit"] },
      ],
    });
  });

  it("lists only the fields that matched", () => {
    const outcome = search.search("weather");
    expect(outcome.ok && outcome.hits[0].matches).toEqual([
      { field: "name", terms: ["weather"] },
      { field: "description", terms: ["weather"] },
    ]);
  });

  it("breaks equal scores by catalog order, whichever query word reached a tool first", () => {
    const tools: CatalogTool[] = ["beta", "alpha", "gamma", "delta"].map((word, index) => ({
      name: `tool_${index}`,
      description: word,
      inputSchema: { type: "object" },
    }));
    // "alpha" reaches tool_1 before "beta" reaches tool_0; both score the same.
    expect(names(createAnthropicBm25Search(tools).search("alpha beta"))).toEqual(["tool_0", "tool_1"]);
  });

  it("names itself as the BM25 emulation", () => {
    expect(search.id).toBe("anthropic-bm25");
    expect(search.label).toBe("Anthropic BM25 (emulated)");
  });

  it("does not stem or expand synonyms: Anthropic documents neither", () => {
    expect(names(search.search("forecasts"))).toEqual([]);
    expect(names(search.search("remove file"))).toEqual(["delete_file"]);
    expect(names(search.search("remove"))).toEqual([]);
  });

  it("returns at most the limit, 5 by default, and an empty result when nothing matches", () => {
    const many: CatalogTool[] = Array.from({ length: 8 }, (_, index) => ({
      name: `tool_${index}`,
      description: "Shared words",
      inputSchema: { type: "object" },
    }));
    const shared = createAnthropicBm25Search(many);
    expect(names(shared.search("shared"))).toEqual(["tool_0", "tool_1", "tool_2", "tool_3", "tool_4"]);
    expect(names(shared.search("shared", 2))).toEqual(["tool_0", "tool_1"]);
    expect(search.search("zebra")).toEqual({ ok: true, hits: [] });
    expect(search.search("")).toEqual({ ok: true, hits: [] });
  });

  it("accepts a 500-character query and rejects a 501-character one as invalid_tool_input", () => {
    const atLimit = "weather ".repeat(63).slice(0, ANTHROPIC_BM25_MAX_QUERY_CHARACTERS);
    expect(search.search(atLimit).ok).toBe(true);
    expect(search.search(`${atLimit}x`)).toEqual({
      ok: false,
      errorCode: "invalid_tool_input",
      errorMessage: "Invalid query: exceeds the maximum length of 500 characters (got 501)",
    });
  });

  it("counts characters as Python does: an emoji is one character, not two UTF-16 units", () => {
    expect(search.search("🌦".repeat(500)).ok).toBe(true);
    expect(search.search("🌦".repeat(501)).ok).toBe(false);
  });
});
