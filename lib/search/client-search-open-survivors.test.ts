import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../catalog/types";
import { createClientSearch } from "./client-search";

/**
 * The survivors of the ae45c2a mutation run that docs/TESTING.md listed as open: each case pins one behaviour of
 * docs/SEARCH.md's client search that a mutant changed (stemmed, stop-word-free index and request terms, the option
 * guards at their "off" value, the merging of a term added twice, and coverage counting only the user's own words).
 * Expectations are worked out by hand from the documented rules; each catalog is built inside its test.
 */
const tool = (name: string, description: string): CatalogTool => ({ name, description, inputSchema: {} });

describe("client search: index and request terms are stemmed and free of stop words", () => {
  it("a field's words are indexed by their stems, so `memory` matches `memories` exactly", () => {
    const searcher = createClientSearch([tool("read_notes", "Reads the memories."), tool("x_y", "Other thing here.")]);
    expect(searcher.search("memory").hits[0].matches).toEqual([{ field: "description", terms: ["memori"] }]);
  });

  it("a camelCase word's whole form is indexed by its stem too", () => {
    const searcher = createClientSearch([tool("read_doc", "Reads listOfFiles.")]);
    expect(searcher.search("listoffiles").hits[0].matches).toEqual([{ field: "description", terms: ["listoffil"] }]);
  });

  it("two request terms that match one field are both listed, and their stems stand side by side in the name", () => {
    const searcher = createClientSearch([tool("delete_files", "Removes.")]);
    expect(searcher.search("delete files").hits[0].matches[0]).toEqual({ field: "name", terms: ["delet", "file"] });
    const proximity = searcher.explain("delete files", "delete_files")!.proximity;
    expect(proximity.map(({ left, right, field }) => [left, right, field])).toEqual([["delet", "file", "name"]]);
  });

  it("a request of filler only searches its words without the stop words", () => {
    const searcher = createClientSearch([tool("help_me", "Helps.")]);
    expect(searcher.explain("please me", "help_me")!.dropped).toEqual([{ word: "me", reason: "stop word" }]);
  });

  it("a synonym phrase's stop words are not searched: `list` (≈ `get all`) does not find `allow`", () => {
    const searcher = createClientSearch([tool("allow_access", "Allows access."), tool("upload_file", "Uploads.")]);
    expect(searcher.search("list").hits).toEqual([]);
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
    expect(searcher.search("filesystem").hits).toEqual([]);
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
