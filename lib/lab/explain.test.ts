import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
import { createLabSearchers } from "./evaluate-catalog";
import { explainQuery, tieBetween } from "./explain";
import type { HighlightSegment } from "./highlight";
import { LAB_TOOLS, labSearchers } from "./test-fixtures";

const hitTexts = (segments: HighlightSegment[]) =>
  segments.filter((segment) => segment.hit).map((segment) => segment.text);

function explain(q: string, expect: string[]) {
  return explainQuery(
    { q, expect },
    { tools: LAB_TOOLS, searchers: labSearchers(), clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS },
  );
}

describe("explainQuery", () => {
  it("breaks every client hit's score down into the contributions the search added, and names ties", () => {
    const tools = [
      { name: "zzz_longer", description: "Fetch the weather.", inputSchema: {} },
      { name: "yyy", description: "Fetch the weather.", inputSchema: {} },
      { name: "xxx", description: "Fetch the weather.", inputSchema: {} },
    ];
    // Without the exact-words re-rank, which counts one length per tool and so would put zzz_longer strictly below.
    const clientOptions = { ...DEFAULT_CLIENT_SEARCH_OPTIONS, exactWords: 0 };
    const { searches } = explainQuery(
      { q: "weather", expect: ["zzz_longer"] },
      { tools, searchers: createLabSearchers(tools, clientOptions), clientOptions },
    );
    const hits = searches.client.hits;
    expect(hits.map((hit) => hit.name)).toEqual(["yyy", "xxx", "zzz_longer"]);
    for (const hit of hits) expect(hit.breakdown?.score).toBe(hit.score);
    expect(hits.map((hit) => hit.tie)).toEqual([
      undefined,
      { above: "yyy", rule: "catalog-order" },
      { above: "xxx", rule: "shorter-name" },
    ]);
    expect(searches.client.expected[0].breakdown?.score).toBe(hits[2].score);
    // The emulations have no breakdown: their scores are plain BM25 or field weights.
    expect(searches["anthropic-bm25"].hits[0].breakdown).toBeUndefined();
  });

  it("tieBetween: no tie when the scores differ beyond float noise", () => {
    const hit = (name: string, score: number) => ({ name, score, matches: [] });
    expect(tieBetween(hit("a", 1), hit("b", 0.999))).toBeUndefined();
    expect(tieBetween(hit("a", 1), hit("bb", 1 + 1e-12))).toEqual({ above: "a", rule: "shorter-name" });
  });

  it("shows why the top tool ranked: its matched terms highlighted in its fields", () => {
    const { searches } = explain("post a message to the channel", ["slack_post_message"]);
    const [top] = searches["anthropic-bm25"].hits;
    expect(top).toMatchObject({ name: "slack_post_message", rank: 1, expected: true });
    expect(hitTexts(top.fields.description)).toEqual(["Post", "a", "message", "to", "a", "channel"]);
    expect(hitTexts(top.fields.name)).toEqual(["post", "message"]);
  });

  it("says which content words the expected tool has, and suggests no missing word when it is already first", () => {
    const { searches } = explain("open a new ticket", ["create_issue"]);
    const bm25 = searches["anthropic-bm25"].expected[0];
    expect(bm25.rank).toBe(1);
    // "a" is a stop word: neither shown as present nor ever suggested.
    expect(bm25.presentWords).toEqual(["new"]);
    expect(bm25.missingWords).toEqual([]);
    // The client search reaches "issue" through its synonym table, so "ticket" counts as present there.
    expect(searches.client.expected[0].presentWords).toEqual(["new", "ticket"]);
  });

  it("suggests only lacking words that move the tool up when added, checked by ranking again", () => {
    const tools = [
      { name: "send_note", description: "Send a short note to a user.", inputSchema: {} },
      { name: "send_email", description: "Send an email message to an address.", inputSchema: {} },
      { name: "list_team", description: "List the members of a team.", inputSchema: {} },
    ];
    const { searches } = explainQuery(
      { q: "can you send a message to the team right now", expect: ["send_note"] },
      { tools, searchers: labSearchers(tools), clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS },
    );
    // BM25 reads every word, stop words included, yet only content words are advice: "can", "you", "a", "to",
    // "the", "right" and "now" are never listed as missing.
    const bm25 = searches["anthropic-bm25"].expected[0];
    expect(bm25.rank).toBe(3);
    expect(bm25.presentWords).toEqual(["send"]);
    expect(bm25.missingWords).toEqual(["message", "team"]);
    expect(bm25.rankIfAdded).toEqual({ message: 2, team: 2 });
    // In the client search "message" would not move it (send_email keeps its lead), so only "team" is advised.
    const client = searches.client.expected[0];
    expect(client.rank).toBe(3);
    expect(client.missingWords).toEqual(["team"]);
    expect(client.rankIfAdded).toEqual({ team: 2 });
    expect(client.ineffectiveMissingCount).toBe(1);
    // The derived regex already ranks it first: nothing to advise.
    expect(searches["anthropic-regex"].expected[0]).toMatchObject({ rank: 1, missingWords: [] });
  });

  it("gives the expected tool's rank in the whole catalog, beyond the top hits", () => {
    const { searches } = explainQuery(
      { q: "repository owner", expect: ["list_repositories"] },
      { tools: LAB_TOOLS, searchers: labSearchers(), clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS, limit: 1 },
    );
    expect(searches["anthropic-bm25"].hits).toHaveLength(1);
    expect(searches["anthropic-bm25"].expected[0].rank).toBe(2);
  });

  it("reports an expected tool that is not in the catalog, and a refused query", () => {
    const unknown = explain("weather", ["nope"]);
    expect(unknown.searches.client.expected[0]).toMatchObject({ name: "nope", inCatalog: false, rank: null });
    const tooLong = explain("x".repeat(501), ["get_weather"]);
    expect(tooLong.searches["anthropic-bm25"].errorMessage).toMatch(/maximum length/);
    expect(tooLong.searches["anthropic-bm25"].hits).toEqual([]);
  });
});

describe("advice on what to add", () => {
  const tools = [
    {
      name: "travel_guide",
      description: "Read the travel guide of a city: sights, weather in the season, Paris to Tokyo.",
      inputSchema: {},
    },
    {
      name: "get_conditions",
      description: "Get the current conditions.",
      inputSchema: { type: "object", properties: { city: { type: "string" } } },
    },
  ];
  const explainHere = (q: string) =>
    explainQuery(
      { q, expect: ["get_conditions"] },
      {
        tools,
        searchers: createLabSearchers(tools, DEFAULT_CLIENT_SEARCH_OPTIONS),
        clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS,
      },
    ).searches;

  it("never suggests a value the user supplies (a city, a number, an address) as a description word", () => {
    for (const search of Object.values(explainHere("weather in Lyon on 2026-12-24 for https://example.com/forecast"))) {
      const words = search.expected[0]?.missingWords ?? [];
      expect(
        words.map((word) => word.toLowerCase()).filter((word) => /^(lyon|2026|12|24|example|com)/.test(word)),
      ).toEqual([]);
    }
  });

  it("still suggests a word of the request that would move the tool up", () => {
    const searches = explainHere("weather in Lyon");
    expect(searches["anthropic-bm25"].expected[0].missingWords).toContain("weather");
  });
});
