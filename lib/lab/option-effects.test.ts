import { describe, expect, it } from "vitest";
import { createClientSearch, DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
import { encodeWordVectors, parseWordVectors } from "../search/word-vectors";
import { runSearch } from "./evaluate-catalog";
import { CLIENT_OPTION_IDS, optionEffects, optionVariants } from "./option-effects";
import { LAB_QUERIES, LAB_TOOLS } from "./test-fixtures";

describe("optionVariants", () => {
  it("flips exactly one setting per variant", () => {
    const variants = optionVariants(DEFAULT_CLIENT_SEARCH_OPTIONS);
    expect(variants.map((variant) => variant.id)).toEqual([...CLIENT_OPTION_IDS]);
    const stemming = variants.find((variant) => variant.id === "stemming")!;
    expect(stemming).toMatchObject({ change: "off", options: { ...DEFAULT_CLIENT_SEARCH_OPTIONS, stemming: false } });
    expect(variants.find((variant) => variant.id === "fuzzy")!.options.fuzzy).toBe(0);
    expect(variants.find((variant) => variant.id === "serverPrior")).toMatchObject({
      change: "off",
      options: { serverPrior: 0 },
    });
    expect(variants.find((variant) => variant.id === "requestFiller")!.options.requestFiller).toBe(false);
    expect(variants.find((variant) => variant.id === "fieldWeights")!.options.fieldWeights).toEqual({
      name: 1,
      description: 1,
      parameterName: 1,
      parameterDescription: 1,
    });
  });

  it("compares address words at their discount with no discount, and a changed setting with the default", () => {
    const fromDefault = optionVariants(DEFAULT_CLIENT_SEARCH_OPTIONS).find((variant) => variant.id === "addressWords")!;
    expect(fromDefault).toMatchObject({ change: "as any word (1)", options: { addressWords: 1 } });
    const fromNeutral = optionVariants({ ...DEFAULT_CLIENT_SEARCH_OPTIONS, addressWords: 1 }).find(
      (variant) => variant.id === "addressWords",
    )!;
    expect(fromNeutral).toMatchObject({ change: "at 0.35", options: { addressWords: 0.35 } });
    const entityPrior = optionVariants(DEFAULT_CLIENT_SEARCH_OPTIONS).find((variant) => variant.id === "entityPrior")!;
    expect(entityPrior).toMatchObject({ change: "on (0.2)", options: { entityPrior: 0.2 } });
  });

  it("offers to turn on what is off", () => {
    const variants = optionVariants({ ...DEFAULT_CLIENT_SEARCH_OPTIONS, synonyms: false, fuzzy: 0 });
    expect(variants.find((variant) => variant.id === "synonyms")!.change).toBe("on");
    expect(variants.find((variant) => variant.id === "fuzzy")!.options.fuzzy).toBe(DEFAULT_CLIENT_SEARCH_OPTIONS.fuzzy);
  });
});

describe("optionEffects", () => {
  it("measures what each setting is worth on the query set", () => {
    const effects = optionEffects(LAB_TOOLS, LAB_QUERIES, DEFAULT_CLIENT_SEARCH_OPTIONS, 5);
    // Without a word-vector table, "similar words" cannot act, nor "action verbs" without theirs: neither is measured.
    expect(effects.map((effect) => effect.id)).toEqual(
      CLIENT_OPTION_IDS.filter((id) => id !== "similarWords" && id !== "actionVerbs"),
    );
    // "open a new ticket" needs the synonym table to meet "issue" at rank 1.
    const synonyms = effects.find((effect) => effect.id === "synonyms")!;
    expect(synonyms.mrrDelta).toBeLessThan(0);
    expect(synonyms.summary.mrr).toBeCloseTo(1 + synonyms.mrrDelta, 10);
  });

  it("measures action verbs, switched on at 0.3, when their table is given", () => {
    // To "clean" is a way to `remove` (a WordNet troponym); no other word of the request, and no synonym, reaches it.
    const tools = [
      { name: "remove_key", description: "Remove a key.", inputSchema: {} },
      { name: "read_key", description: "Read a key.", inputSchema: {} },
    ];
    const queries = [{ q: "clean it", expect: ["remove_key"] }];
    const actionVerbs = { clean: ["~remove"] };
    const effects = optionEffects(tools, queries, DEFAULT_CLIENT_SEARCH_OPTIONS, 5, undefined, { actionVerbs });
    const verbs = effects.find((effect) => effect.id === "actionVerbs")!;
    expect(verbs.change).toBe("on (0.3)");
    expect(verbs.summary.mrr).toBe(1);
    expect(verbs.mrrDelta).toBe(1);
  });

  it("measures similar words against the same search without them when a table is given", () => {
    // "ticket" ≈ "issue" (cosine 1): with synonyms off, only the word vectors bring "open a new ticket" to an issue.
    const wordVectors = parseWordVectors(
      encodeWordVectors(
        ["ticket", "issue"],
        [
          [1, 0],
          [1, 0],
        ],
        2,
      ),
    );
    const options = { ...DEFAULT_CLIENT_SEARCH_OPTIONS, synonyms: false };
    const effects = optionEffects(LAB_TOOLS, LAB_QUERIES, options, 5, undefined, { wordVectors });
    const similar = effects.find((effect) => effect.id === "similarWords")!;
    expect(similar.change).toBe("off");
    const lexical = runSearch(createClientSearch(LAB_TOOLS, { ...options, similarWords: 0 }), LAB_QUERIES, 5);
    const withVectors = runSearch(createClientSearch(LAB_TOOLS, options, { wordVectors }), LAB_QUERIES, 5);
    expect(similar.summary).toEqual(lexical.summary);
    expect(similar.mrrDelta).toBeCloseTo(lexical.summary.mrr - withVectors.summary.mrr, 10);
    expect(similar.mrrDelta).toBeLessThan(0);
  });
});
