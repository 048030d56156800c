import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_SEARCH_OPTIONS, type ClientSearchOptions } from "../search/client-search";
import { LAB_TAB_IDS, SEARCH_DESCRIPTIONS, labTabOf } from "./search-labels";

/** How the client search's card names each scoring option (the card is in the page's bundle, the search is not). */
const NAMED_ON_THE_CARD: Partial<Record<keyof ClientSearchOptions, string>> = {
  splitIdentifiers: "identifier splitting",
  stemming: "stemming",
  stopWords: "stop words",
  synonyms: "synonyms",
  prefix: "prefix",
  fuzzy: "fuzzy",
  requestFiller: "request filler",
  serverPrior: "server prior",
  proximity: "proximity",
  nameAction: "name action",
  shapeWords: "shape words",
  argumentValues: "argument values",
  addressWords: "address words",
  entityPrior: "entity prior",
  actionVerbs: "action verbs",
  coverage: "coverage",
  plainBm25: "plain bm25",
  exactWords: "exact words",
  similarWords: "similar words",
};

describe("labTabOf", () => {
  it("opens the tab a ?tab= value names, and the queries tab for anything else", () => {
    for (const id of LAB_TAB_IDS) expect(labTabOf(id)).toBe(id);
    expect(labTabOf(undefined)).toBe("queries");
    expect(labTabOf("Tools")).toBe("queries");
    expect(labTabOf(["tools"])).toBe("queries");
  });
});

describe("the client search's card", () => {
  it("names exactly the scoring options that are on by default", () => {
    const note = SEARCH_DESCRIPTIONS.client.note.toLowerCase();
    for (const [option, words] of Object.entries(NAMED_ON_THE_CARD)) {
      const value = DEFAULT_CLIENT_SEARCH_OPTIONS[option as keyof ClientSearchOptions];
      const on = value === true || (typeof value === "number" && value > 0);
      expect({ option, named: note.includes(words!) }).toEqual({ option, named: on });
    }
  });
});
