/**
 * BM25 score values, computed by hand on a three-tool corpus with the parameters docs/SEARCH.md documents for the
 * Anthropic BM25 emulation: Okapi BM25, Lucene's IDF = ln(1 + (N − df + 0.5) / (df + 0.5)), k1 = 1.2, b = 0.75,
 * one unweighted bag of words per tool (name + description here; the tools have no parameters).
 *
 *   alpha: "alpha" + "red fox"      → alpha, red, fox        length 3
 *   beta:  "beta"  + "red red dog"  → beta, red, red, dog    length 4
 *   gamma: "gamma" + "cat"          → gamma, cat             length 2      average length 9 / 3 = 3
 *
 *   idf(red) = ln(1 + 1.5 / 2.5) = ln 1.6 = 0.470003629…        (df 2 of 3)
 *   idf(fox) = idf(cat) = ln(1 + 2.5 / 1.5) = ln(8/3) = 0.980829253… (df 1 of 3)
 *   term part = f·(k1 + 1) / (f + k1·(1 − b + b·length/average))
 *     red in alpha: 1·2.2 / (1 + 1.2·1)       = 1                 → 0.470003629…
 *     red in beta:  2·2.2 / (2 + 1.2·1.25)    = 4.4 / 3.5         → 0.590861705…
 *     cat in gamma: 1·2.2 / (1 + 1.2·0.75)    = 2.2 / 1.9         → 1.135697029…
 *     fox in alpha: 1                                             → 0.980829253…
 */
import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { ANTHROPIC_BM25_PARAMETERS, createAnthropicBm25Search } from "./anthropic-bm25-search";

const tool = (name: string, description: string): CatalogTool => ({
  name,
  description,
  inputSchema: { type: "object" },
});
const CORPUS = [tool("alpha", "red fox"), tool("beta", "red red dog"), tool("gamma", "cat")];

function scores(query: string): Array<[string, number]> {
  const outcome = createAnthropicBm25Search(CORPUS).search(query);
  if (!outcome.ok) throw new Error(outcome.errorMessage);
  return outcome.hits.map((hit) => [hit.name, hit.score]);
}

describe("Anthropic BM25 emulation: hand-computed scores", () => {
  it("documents k1 = 1.2 and b = 0.75", () => {
    expect(ANTHROPIC_BM25_PARAMETERS).toEqual({ k1: 1.2, b: 0.75 });
  });

  it("scores a term in two tools: more occurrences win despite the longer tool", () => {
    const [first, second, ...rest] = scores("red");
    expect(rest).toEqual([]);
    expect(first[0]).toBe("beta");
    expect(first[1]).toBeCloseTo(Math.log(1.6) * (4.4 / 3.5), 12);
    expect(first[1]).toBeCloseTo(0.5908617053374963, 12);
    expect(second[0]).toBe("alpha");
    expect(second[1]).toBeCloseTo(0.47000362924573563, 12);
  });

  it("scores a rare term in a short tool above its IDF (length normalisation)", () => {
    const [[name, score]] = scores("cat");
    expect(name).toBe("gamma");
    expect(score).toBeCloseTo(Math.log(8 / 3) * (2.2 / 1.9), 12);
    expect(score).toBeCloseTo(1.1356970298030515, 12);
  });

  it("adds the parts of several query terms, and counts a repeated query word once", () => {
    const ranked = scores("red fox red");
    expect(ranked.map(([name]) => name)).toEqual(["alpha", "beta"]);
    expect(ranked[0][1]).toBeCloseTo(0.47000362924573563 + 0.9808292530117263, 12);
    expect(ranked[1][1]).toBeCloseTo(0.5908617053374963, 12);
  });

  it("matches names as words and scores an unknown word zero (no hit)", () => {
    const [[name, score]] = scores("gamma zebra");
    expect(name).toBe("gamma");
    expect(score).toBeCloseTo(Math.log(8 / 3) * (2.2 / 1.9), 12);
  });
});
