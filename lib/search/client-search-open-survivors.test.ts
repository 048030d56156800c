import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createClientSearch } from "./client-search";
import type { SearchOutcome } from "./types";
import { encodeWordVectors, parseWordVectors } from "./word-vectors";

/**
 * The survivors of the ae45c2a mutation run left open (docs/TESTING.md at 279c54f): each case pins one behaviour of
 * docs/SEARCH.md's client search that a mutant changed (stemmed, stop-word-free index and request terms, the option
 * guards at their "off" value, the merging of a term added twice, and coverage counting only the user's own words).
 * Expectations are worked out by hand from the documented rules; each catalog is built inside its test.
 */
const tool = (name: string, description: string): CatalogTool => ({ name, description, inputSchema: {} });
const hitsOf = (outcome: SearchOutcome) => {
  if (!outcome.ok) throw new Error(outcome.errorMessage);
  return outcome.hits;
};

describe("client search: index and request terms are stemmed and free of stop words", () => {
  it("a field's words are indexed by their stems, so `memory` matches `memories` exactly", () => {
    const searcher = createClientSearch([tool("read_notes", "Reads the memories."), tool("x_y", "Other thing here.")]);
    expect(hitsOf(searcher.search("memory"))[0].matches).toEqual([{ field: "description", terms: ["memori"] }]);
  });

  it("a camelCase word's whole form is indexed by its stem too", () => {
    const searcher = createClientSearch([tool("read_doc", "Reads listOfFiles.")]);
    expect(hitsOf(searcher.search("listoffiles"))[0].matches).toEqual([{ field: "description", terms: ["listoffil"] }]);
  });

  it("two request terms that match one field are both listed, and their stems stand side by side in the name", () => {
    const searcher = createClientSearch([tool("delete_files", "Removes.")]);
    expect(hitsOf(searcher.search("delete files"))[0].matches[0]).toEqual({ field: "name", terms: ["delet", "file"] });
    const proximity = searcher.explain("delete files", "delete_files")!.proximity;
    expect(proximity.map(({ left, right, field }) => [left, right, field])).toEqual([["delet", "file", "name"]]);
  });

  it("a field's stop words are not indexed: they add nothing to its length", () => {
    // BM25 normalises by the field's length in index terms (docs/SEARCH.md: stop words are dropped, step 3), so
    // "Reads notes." and "Reads the notes." are both two terms long and score alike for `notes`.
    const searcher = createClientSearch([tool("alpha", "Reads notes."), tool("bravo", "Reads the notes.")]);
    expect(searcher.explain("notes", "bravo")!.termScore).toBe(searcher.explain("notes", "alpha")!.termScore);
  });

  it("a run-together word's stop-word part is not indexed, so no typo can reach it", () => {
    // `aboutpage` counts as `about` + `page` (both in the catalog), but `about` is a stop word and stays out of
    // the index; `abaut` (one letter from `about`) is then a typo of nothing the index holds.
    const searcher = createClientSearch([
      tool("show_page", "Shows the aboutpage. Tell me about it."),
      tool("other", "A page."),
    ]);
    expect(hitsOf(searcher.search("abaut"))).toEqual([]);
  });

  it("a request of filler only searches its words without the stop words", () => {
    const searcher = createClientSearch([tool("help_me", "Helps.")]);
    expect(searcher.explain("please me", "help_me")!.dropped).toEqual([{ word: "me", reason: "stop word" }]);
  });

  it("a synonym phrase's stop words are not searched: `list` (≈ `get all`) does not find `allow`", () => {
    const searcher = createClientSearch([tool("allow_access", "Allows access."), tool("upload_file", "Uploads.")]);
    expect(hitsOf(searcher.search("list"))).toEqual([]);
  });

  it("a server's words are stemmed: `issues` names `github-issues`", () => {
    const searcher = createClientSearch([
      tool("github-issues:create_item", "Creates."),
      tool("jira:create_item", "Creates."),
    ]);
    expect(searcher.explain("issues item", "github-issues:create_item")!.serverPrior).toEqual({
      server: "github-issues",
      words: ["issu"],
      factor: 1.5,
    });
  });
});

describe("client search: options at their off value do nothing", () => {
  it("with splitIdentifiers off a camelCase name is one word, counted once", () => {
    const searcher = createClientSearch([tool("getUser", "Gets.")], { splitIdentifiers: false });
    const terms = searcher.explain("getuser", "getUser")!.terms;
    expect(terms.map((term) => term.fields.map(({ field, count }) => [field, count]))).toEqual([[["name", 1]]]);
  });

  it("with splitIdentifiers off two request words are not joined", () => {
    const searcher = createClientSearch([tool("sequentialthinking", "Thinks.")], { splitIdentifiers: false });
    const terms = searcher.explain("sequential thinking", "sequentialthinking")!.terms;
    expect(terms.map((term) => term.origin)).toEqual(["word", "word"]);
  });

  it("with splitIdentifiers off a run-together request word is not split", () => {
    const searcher = createClientSearch([tool("read_file", "Reads."), tool("system_info", "Other.")], {
      splitIdentifiers: false,
    });
    expect(hitsOf(searcher.search("filesystem"))).toEqual([]);
  });

  it("with serverPrior at 0 no server is named", () => {
    const searcher = createClientSearch(
      [tool("github:create_item", "Creates."), tool("jira:create_item", "Creates.")],
      {
        serverPrior: 0,
      },
    );
    expect(searcher.explain("github item", "github:create_item")!.serverPrior).toBeUndefined();
  });

  it("a joined pair the catalog does not use is not searched, even if a longer word begins with it", () => {
    const searcher = createClientSearch([tool("list_usernames", "Lists usernames.")]);
    const terms = searcher.explain("user name", "list_usernames")!.terms;
    expect(terms.map((term) => term.origin)).not.toContain("joined");
  });

  it("a request word in the catalog is searched whole, not split into catalog words", () => {
    const searcher = createClientSearch([tool("filesystem_read", "Reads."), tool("file_system", "Other.")]);
    const terms = searcher.explain("filesystem", "filesystem_read")!.terms;
    expect(terms.map((term) => [term.queryTerm, term.origin])).toEqual([["filesystem", "word"]]);
  });
});

describe("client search shape words: only words the catalog has", () => {
  it("`@alice` reads as `user`, which this catalog lacks, so `usernames` is not found through it", () => {
    const searcher = createClientSearch([tool("list_usernames", "Lists usernames.")]);
    expect(hitsOf(searcher.search("@alice"))).toEqual([]);
  });
});

describe("client search: a term added twice keeps its first, own reading", () => {
  it("a joined pair equal to a request word keeps the word's weight and origin", () => {
    const searcher = createClientSearch([tool("filesystem_read", "Reads."), tool("file_system", "Other.")]);
    const terms = searcher.explain("filesystem file system", "filesystem_read")!.terms;
    expect(terms.find((term) => term.queryTerm === "filesystem")).toMatchObject({ origin: "word", weight: 1 });
  });

  it("a word repeated as a split part stays a word", () => {
    const searcher = createClientSearch([tool("read_file", "Reads a file."), tool("system_info", "Other.")]);
    const terms = searcher.explain("file filesystem", "read_file")!.terms;
    expect(terms.find((term) => term.queryTerm === "file")).toMatchObject({ origin: "word" });
  });
});

describe("client search coverage: only the user's own words count", () => {
  it("a synonym matched beside the word does not lower the share", () => {
    const searcher = createClientSearch([tool("remove_file", "Removes a file.")], { coverage: 1 });
    expect(searcher.explain("delete file", "remove_file")!.coverage).toEqual({ share: 1, factor: 2 });
  });

  it("a tool that matches only a synonym covers none of the request", () => {
    const tools = [tool("remove_note", "Removes a note."), tool("read_file", "Reads a file.")];
    const searcher = createClientSearch(tools, { coverage: 1 });
    expect(searcher.explain("delete file", "remove_note")!.coverage).toEqual({ share: 0, factor: 1 });
  });

  it("a request word that matches nothing in the catalog does not count", () => {
    const tools = [tool("read_file", "Reads a file."), tool("read_note", "Reads a note.")];
    const searcher = createClientSearch(tools, { coverage: 1 });
    expect(searcher.explain("file qqqqqqqq", "read_file")!.coverage).toEqual({ share: 1, factor: 2 });
  });

  it("the parts of a split word count as the user's own", () => {
    const searcher = createClientSearch([tool("read_file", "Reads."), tool("system_info", "Other.")], { coverage: 1 });
    expect(searcher.explain("filesystem", "read_file")!.coverage).toEqual({ share: 0.5, factor: 1.5 });
  });
});

describe("client search soft matches: only the user's own words get them, and not through a term already taken", () => {
  const table = (entries: Record<string, [number, number]>) =>
    parseWordVectors(encodeWordVectors(Object.keys(entries), Object.values(entries), 2));
  const oneSlot = { similarWords: 0.4, similarWordsMinimum: 0.5, similarWordsCount: 1 };

  it("a synonym gets no soft match: `delete` (≈ `erase`, which is near `wipe`) does not find `wipe`", () => {
    // cos(delete, wipe) = 0, cos(erase, wipe) = 1.
    const wordVectors = table({ delete: [0, 1], erase: [1, 0], wipe: [1, 0] });
    const searcher = createClientSearch([tool("wipe_disk", "Wipes a disk.")], oneSlot, { wordVectors });
    expect(hitsOf(searcher.search("delete"))).toEqual([]);
  });

  it("a term the word matches as a prefix takes no soft slot, so the next nearest term does", () => {
    // `memo` begins `memori`; cos(memo, memory) = 0.8, cos(memo, archive) = 0.6.
    const wordVectors = table({ memo: [1, 0], memory: [0.8, 0.6], archive: [0.6, 0.8] });
    const tools = [tool("tool_b", "Memory notes."), tool("tool_a", "Archive notes.")];
    const searcher = createClientSearch(tools, oneSlot, { wordVectors });
    expect(hitsOf(searcher.search("memo")).map((hit) => hit.name)).toEqual(["tool_b", "tool_a"]);
  });
});
