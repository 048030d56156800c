import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
import { hasHit, highlight, highlightRuleFor, type HighlightSegment } from "./highlight";

const CLIENT_TOKENIZE = {
  splitIdentifiers: DEFAULT_CLIENT_SEARCH_OPTIONS.splitIdentifiers,
  stemming: DEFAULT_CLIENT_SEARCH_OPTIONS.stemming,
  stopWords: DEFAULT_CLIENT_SEARCH_OPTIONS.stopWords,
};

const hits = (segments: HighlightSegment[]) => segments.filter((segment) => segment.hit).map((segment) => segment.text);
const joined = (segments: HighlightSegment[]) => segments.map((segment) => segment.text).join("");

describe("highlight", () => {
  it("marks words whose plain terms matched (BM25)", () => {
    const text = "Create a new issue in a GitHub repository.";
    // The shared tokeniser splits `GitHub` at its capital, so the index holds `git` and `hub`.
    const segments = highlight(text, ["issue", "git", "hub"], highlightRuleFor("anthropic-bm25", CLIENT_TOKENIZE));
    expect(hits(segments)).toEqual(["issue", "GitHub"]);
    expect(joined(segments)).toBe(text);
  });

  it("marks words whose stems matched (client search), and parts of identifiers", () => {
    const text = "Creating issues with createIssue";
    const segments = highlight(text, ["creat", "issu"], highlightRuleFor("client", CLIENT_TOKENIZE));
    expect(hits(segments)).toEqual(["Creating", "issues", "createIssue"]);
    expect(joined(segments)).toBe(text);
  });

  it("never highlights stop words in the client search", () => {
    const segments = highlight("the issue of the day", ["the", "issu"], highlightRuleFor("client", CLIENT_TOKENIZE));
    expect(hits(segments)).toEqual(["issue"]);
  });

  it("marks every case-insensitive occurrence of a regex's matched substrings", () => {
    const text = "List issues; listing ISSUES";
    const segments = highlight(text, ["list", "issu"], highlightRuleFor("anthropic-regex", CLIENT_TOKENIZE));
    expect(hits(segments)).toEqual(["List", "issu", "list", "ISSU"]);
    expect(joined(segments)).toBe(text);
  });

  it("merges overlapping substring matches", () => {
    const segments = highlight("abcdef", ["abc", "cde"], { kind: "substrings" });
    expect(segments).toEqual([
      { text: "abcde", hit: true },
      { text: "f", hit: false },
    ]);
  });

  it("keeps the text whole when nothing matched, including the empty text", () => {
    expect(highlight("Nothing here", ["zzz"], { kind: "substrings" })).toEqual([{ text: "Nothing here", hit: false }]);
    expect(highlight("", ["a"], { kind: "substrings" })).toEqual([{ text: "", hit: false }]);
    expect(hasHit(highlight("Nothing here", [], { kind: "substrings" }))).toBe(false);
  });

  it("segments always join back to the input", () => {
    const texts = ["İstanbul İSTANBUL istanbul", "a_b-c.d e", "Ünïcode Wörter ÄrgerZeichen"];
    for (const text of texts) {
      for (const rule of [highlightRuleFor("client", CLIENT_TOKENIZE), { kind: "substrings" } as const]) {
        expect(joined(highlight(text, ["istanbul", "b", "wörter", "arger"], rule))).toBe(text);
      }
    }
  });
});
