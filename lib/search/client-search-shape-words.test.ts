import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createClientSearch, shapeWordsOf } from "./client-search";

/**
 * The shape of a request word (docs/SEARCH.md, "Shape words"): a web address adds `url`, a file name with a common
 * extension or a path adds `file`, `#name` adds `channel`, `@name` adds `user`. Each pattern must match the whole
 * word (after the punctuation and quotes around it are dropped), not a part of it: the cases the mutation run found
 * unchecked.
 */
const wordFor = (text: string): string | undefined => {
  const found = shapeWordsOf(text);
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.word;
};

describe("shape words: each form matches a whole request word", () => {
  it("web addresses: a scheme, www. or a known domain, from the start and to the end", () => {
    expect(wordFor("http://localhost")).toBe("url");
    expect(wordFor("docs.example.com")).toBe("url");
    expect(wordFor("example.com/path")).toBe("url");
    expect(wordFor("see:https://x")).toBeUndefined();
    expect(wordFor("awww.x")).toBeUndefined();
    expect(wordFor("a_b.com")).toBeUndefined();
    expect(wordFor("example.community")).toBeUndefined();
  });

  it("file names: one of the listed extensions, the whole word", () => {
    for (const name of ["index.htm", "report.doc", "sheet.xls", "slides.ppt", "photo.jpg"]) {
      expect(wordFor(name)).toBe("file");
    }
    expect(wordFor("notes.mdx")).toBeUndefined();
    expect(wordFor("a:b.md")).toBeUndefined();
  });

  it("paths: absolute, relative (./ ../ ~/) or two slashes, the whole word", () => {
    for (const path of ["/tmp", "/tmp/notes", "../notes", "src/app/main"]) expect(wordFor(path)).toBe("file");
    for (const text of ["x=/tmp", "/tmp:x", "a:b/c/d", "src/app/x:y"]) expect(wordFor(text)).toBeUndefined();
  });

  it("channels and users: # or @, a letter, then letters, digits and a few marks, the whole word", () => {
    expect(wordFor("#a1")).toBe("channel");
    expect(wordFor("@a1")).toBe("user");
    for (const text of ["a#b", "#a+b", "me@example.com", "@a+b"]) expect(wordFor(text)).toBeUndefined();
  });

  it("the quotes and punctuation around a word are dropped, all of them, and only around it", () => {
    expect(shapeWordsOf('("notes.md")')).toEqual([{ text: "notes.md", word: "file" }]);
    expect(wordFor("it's.md")).toBeUndefined();
  });

  it("shape words are on by default", () => {
    const tools: CatalogTool[] = [
      { name: "navigate", description: "Open a URL.", inputSchema: {} },
      { name: "other", description: "Something else.", inputSchema: {} },
    ];
    const terms = createClientSearch(tools).explain("go to example.com", "navigate")!.terms;
    expect(terms.find((term) => term.origin === "shape")).toMatchObject({ queryTerm: "url", shapeOf: "example.com" });
  });
});
