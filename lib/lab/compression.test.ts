import { describe, expect, it } from "vitest";
import { oneLineDescription } from "../catalog/describe-tool";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
import {
  COMPRESSION_LEVELS,
  compressCatalog,
  compressDescription,
  compressionLevel,
  firstCharacters,
} from "./compression";
import { compressionCurve } from "./compression-curve";
import { LAB_QUERIES, LAB_TOOLS, countByLength } from "./test-fixtures";

const LONG = {
  name: "long_tool",
  description:
    "Search the knowledge base for articles. Results are ranked by relevance and paginated; use the cursor to page through them.",
  inputSchema: { type: "object" },
};

describe("compressDescription", () => {
  it("shortens as the level says", () => {
    expect(compressDescription(LONG, compressionLevel("full"))).toBe(LONG.description);
    expect(compressDescription(LONG, compressionLevel("first-sentence"))).toBe(
      "Search the knowledge base for articles.",
    );
    expect(compressDescription(LONG, compressionLevel("stub"))).toBe(oneLineDescription(LONG, 120));
    expect(compressDescription(LONG, compressionLevel("characters-40"))).toBe("Search the knowledge base for…");
    expect(compressDescription(LONG, compressionLevel("none"))).toBe("");
  });

  it("cuts the first N characters at a word boundary and marks the cut", () => {
    expect(firstCharacters("short", 40)).toBe("short");
    const cut = firstCharacters("one two three four five six seven", 16);
    expect(cut).toBe("one two three…");
    expect(cut.length).toBeLessThanOrEqual(16);
  });

  it("never lengthens a description", () => {
    for (const level of COMPRESSION_LEVELS) {
      for (const tool of [...LAB_TOOLS, LONG])
        expect(compressDescription(tool, level).length).toBeLessThanOrEqual(tool.description.length + 1);
    }
  });

  it("changes descriptions only", () => {
    const [compressed] = compressCatalog([LONG], compressionLevel("none"));
    expect(compressed).toEqual({ ...LONG, description: "" });
  });
});

describe("compressionCurve", () => {
  // Only the description says "three-day forecast": without it the tool cannot be found for that query.
  const queries = [...LAB_QUERIES, { q: "three-day forecast", expect: ["get_weather"] }];
  const curve = compressionCurve({
    tools: LAB_TOOLS,
    queries,
    clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS,
    k: 5,
    countTokens: countByLength,
  });

  it("has one point per level, the first being the reference", () => {
    expect(curve.map((point) => point.levelId)).toEqual(COMPRESSION_LEVELS.map((level) => level.id));
    expect(curve[0]).toMatchObject({
      tokensSaved: 0,
      savedShare: 0,
      recallLost: { "anthropic-bm25": 0, "anthropic-regex": 0, client: 0 },
    });
  });

  it("saves tokens as descriptions get shorter, and dropping them costs recall", () => {
    const none = curve.at(-1)!;
    expect(none.tokensSaved).toBeGreaterThan(0);
    expect(none.savedShare).toBeGreaterThan(0);
    expect(none.savedShare).toBeLessThan(1);
    for (let index = 1; index < curve.length; index += 1)
      expect(curve[index].tokens).toBeLessThanOrEqual(curve[0].tokens);
    expect(none.recallLost.client).toBeGreaterThan(0);
  });
});
