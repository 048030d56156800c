import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
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

  it("offers to turn on what is off", () => {
    const variants = optionVariants({ ...DEFAULT_CLIENT_SEARCH_OPTIONS, synonyms: false, fuzzy: 0 });
    expect(variants.find((variant) => variant.id === "synonyms")!.change).toBe("on");
    expect(variants.find((variant) => variant.id === "fuzzy")!.options.fuzzy).toBe(DEFAULT_CLIENT_SEARCH_OPTIONS.fuzzy);
  });
});

describe("optionEffects", () => {
  it("measures what each setting is worth on the query set", () => {
    const effects = optionEffects(LAB_TOOLS, LAB_QUERIES, DEFAULT_CLIENT_SEARCH_OPTIONS, 5);
    expect(effects).toHaveLength(CLIENT_OPTION_IDS.length);
    // "open a new ticket" needs the synonym table to meet "issue" at rank 1.
    const synonyms = effects.find((effect) => effect.id === "synonyms")!;
    expect(synonyms.mrrDelta).toBeLessThan(0);
    expect(synonyms.summary.mrr).toBeCloseTo(1 + synonyms.mrrDelta, 10);
  });
});
