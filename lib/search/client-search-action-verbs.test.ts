import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { actionVerbsOf, type ActionVerbTable } from "./action-verb-lookup";
import { ACTION_VERB_TABLE } from "./action-verbs";
import { createClientSearch, DEFAULT_CLIENT_SEARCH_OPTIONS } from "./client-search";
import { stemPorter2 } from "./stem-porter2";
import { OPTIONS_WITHOUT_EXTRAS } from "./fixtures/options-without-extras";

/**
 * The action-verb option (docs/SEARCH.md at 279c54f, "Eighth pass"): a request verb that WordNet lists as the same action as a
 * tool-name verb, or as a way of doing it, also looks for that verb at a discount.
 */
const table: ActionVerbTable = {
  erase: ["delete"],
  wipe: ["~remove", "~purge"],
  "bring up to date": ["update"],
  remove: ["~change"],
  it: ["~delete"],
};
const tools: CatalogTool[] = [
  { name: "delete_file", description: "Delete a file.", inputSchema: {} },
  { name: "remove_key", description: "Remove a key.", inputSchema: {} },
  { name: "update_branch", description: "Update a branch.", inputSchema: {} },
];
const plain = OPTIONS_WITHOUT_EXTRAS;

describe("actionVerbsOf", () => {
  const identity = (word: string) => word;

  it("reads words and phrases, each tool verb once, with the request's text and the relation", () => {
    expect(actionVerbsOf(table, ["please", "erase", "the", "file"], identity)).toEqual([
      { text: "erase", verb: "delete", relation: "same" },
    ]);
    expect(actionVerbsOf(table, ["wipe", "and", "erase"], identity)).toEqual([
      { text: "wipe", verb: "remove", relation: "kind" },
      { text: "wipe", verb: "purge", relation: "kind" },
      { text: "erase", verb: "delete", relation: "same" },
    ]);
    expect(actionVerbsOf(table, ["bring", "up", "to", "date", "my", "branch"], identity)).toEqual([
      { text: "bring up to date", verb: "update", relation: "same" },
    ]);
    // The words must stand together, as written.
    expect(actionVerbsOf(table, ["bring", "it", "up", "to", "date"], identity)).toEqual([]);
  });

  it("skips a word that is itself a tool verb, and stop words", () => {
    // `remove` is a target of the table: the user used a tool's own verb.
    expect(actionVerbsOf(table, ["remove", "the", "key"], identity)).toEqual([]);
    // `it` is a stop word, whatever the table says.
    expect(actionVerbsOf(table, ["it"], identity)).toEqual([]);
  });

  it("matches inflected words through the search's own stemmer", () => {
    expect(actionVerbsOf(table, ["erased", "files"], stemPorter2)).toEqual([
      { text: "erased", verb: "delete", relation: "same" },
    ]);
  });

  it("prefers the same action to a kind of it when both reach one verb", () => {
    const both: ActionVerbTable = { wipe: ["~delete"], erase: ["delete"] };
    expect(actionVerbsOf(both, ["wipe", "erase"], identity)).toEqual([
      { text: "erase", verb: "delete", relation: "same" },
    ]);
    // In either order: a later kind does not replace an earlier same action.
    expect(actionVerbsOf(both, ["erase", "wipe"], identity)).toEqual([
      { text: "erase", verb: "delete", relation: "same" },
    ]);
    // Two kinds: the first one read stays.
    expect(actionVerbsOf({ wipe: ["~delete"], scrub: ["~delete"] }, ["scrub", "wipe"], identity)).toEqual([
      { text: "scrub", verb: "delete", relation: "kind" },
    ]);
  });
});

describe("client search action verbs", () => {
  it("is off by default, and needs its table", () => {
    expect(DEFAULT_CLIENT_SEARCH_OPTIONS.actionVerbs).toBe(0);
    for (const searcher of [
      createClientSearch(tools, plain, { actionVerbs: table }),
      createClientSearch(tools, { ...plain, actionVerbs: 0.3 }),
    ]) {
      expect(searcher.search("erase", 5)).toEqual({ ok: true, hits: [] });
    }
  });

  it("counts the tool verb at the option's discount, and says where it came from", () => {
    const searcher = createClientSearch(tools, { ...plain, actionVerbs: 0.3 }, { actionVerbs: table });
    const outcome = searcher.search("erase", 5);
    expect(outcome.ok && outcome.hits.map((hit) => hit.name)).toEqual(["delete_file"]);
    const explained = searcher.explain("erase", "delete_file")!;
    const verb = explained.terms.find((term) => term.origin === "verb")!;
    expect(verb.verbOf).toEqual({ text: "erase", verb: "delete", relation: "same" });
    expect(verb.matchedTerm).toBe("delet");
    expect(verb.weight).toBeCloseTo(0.3, 12);
    // The same term as the user's own word, weight 1: the verb stand-in scores exactly 0.3 of it.
    const own = createClientSearch(tools, plain).explain("delete", "delete_file")!;
    expect(verb.score).toBeCloseTo(0.3 * own.terms[0].score, 12);
    expect(explained.score).toBeCloseTo(verb.score, 12);
  });

  it("adds only the catalog's own verbs: a kind of an absent verb adds nothing", () => {
    const searcher = createClientSearch(tools, { ...plain, actionVerbs: 0.5 }, { actionVerbs: table });
    const outcome = searcher.search("wipe", 5);
    // `remove` is in the catalog, `purge` is not.
    expect(outcome.ok && outcome.hits.map((hit) => hit.name)).toEqual(["remove_key"]);
    const terms = searcher.explain("wipe", "remove_key")!.terms;
    expect(terms.map((term) => [term.origin, term.verbOf?.verb, term.verbOf?.relation])).toEqual([
      ["verb", "remove", "kind"],
    ]);
    expect(terms[0].weight).toBeCloseTo(0.5, 12);
  });

  it("reads a phrase of the request, stop words and all", () => {
    const searcher = createClientSearch(tools, { ...plain, actionVerbs: 0.3 }, { actionVerbs: table });
    const outcome = searcher.search("bring up to date the branch", 5);
    expect(outcome.ok && outcome.hits[0].name).toBe("update_branch");
    const verb = searcher
      .explain("bring up to date the branch", "update_branch")!
      .terms.find((term) => term.origin === "verb");
    expect(verb?.verbOf).toEqual({ text: "bring up to date", verb: "update", relation: "same" });
  });

  it("ships a table built from WordNet: words of the same action and ways of doing it", () => {
    expect(ACTION_VERB_TABLE.erase).toEqual(["delete"]);
    expect(ACTION_VERB_TABLE.clean).toContain("~remove");
    expect(ACTION_VERB_TABLE["take away"]).toEqual(["remove"]);
    expect(ACTION_VERB_TABLE["look for"]).toEqual(["search"]);
    // Words that are mostly nouns in a request are left out.
    expect(ACTION_VERB_TABLE.line).toBeUndefined();
  });
});
