import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
import { explainQuery } from "./explain";
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
  it("shows why the top tool ranked: its matched terms highlighted in its fields", () => {
    const { searches } = explain("post a message to the channel", ["slack_post_message"]);
    const [top] = searches["anthropic-bm25"].hits;
    expect(top).toMatchObject({ name: "slack_post_message", rank: 1, expected: true });
    expect(hitTexts(top.fields.description)).toEqual(["Post", "a", "message", "to", "a", "channel"]);
    expect(hitTexts(top.fields.name)).toEqual(["post", "message"]);
  });

  it("says which query words the expected tool lacks, in each search's own reading of the query", () => {
    const { searches } = explain("open a new ticket", ["create_issue"]);
    const bm25 = searches["anthropic-bm25"].expected[0];
    expect(bm25.missingWords).toEqual(expect.arrayContaining(["open", "ticket"]));
    expect(bm25.presentWords).toEqual(expect.arrayContaining(["a", "new"]));
    const regex = searches["anthropic-regex"];
    expect(regex.input).toBe("open|new|ticket");
    expect(regex.expected[0].missingWords).toEqual(["open", "ticket"]);
    // The client search reaches "issue" through its synonym table, so "ticket" is not missing there.
    const client = searches.client.expected[0];
    expect(client.rank).toBe(1);
    expect(client.missingWords).toEqual(["open"]);
    expect(client.presentWords).toEqual(["new", "ticket"]);
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
