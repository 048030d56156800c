import { describe, expect, it } from "vitest";
import { splitRunTogether, wholeWordsOf } from "./compound-words";

describe("wholeWordsOf", () => {
  it("adds the whole form of words identifier splitting cuts by case", () => {
    expect(wholeWordsOf("Query PostgreSQL on GitHub")).toEqual(["postgresql", "github"]);
    expect(wholeWordsOf("getHTTPResponse")).toEqual(["gethttpresponse"]);
  });

  it("adds nothing for plain words and snake_case, whose parts are already the words", () => {
    expect(wholeWordsOf("read_text_file from the disk")).toEqual([]);
  });

  it("adds the letter and digit parts of mixed words, but no letter part shorter than 3", () => {
    expect(wholeWordsOf("session42")).toEqual(["session42", "session", "42"]);
    expect(wholeWordsOf("v2")).toEqual(["v2", "2"]);
    expect(wholeWordsOf("3d")).toEqual(["3d", "3"]);
  });
});

describe("splitRunTogether", () => {
  const vocabulary = new Set(["file", "files", "system", "sequential", "thinking", "thin", "king"]);

  it("cuts a word into two words of the vocabulary, the most even cut winning", () => {
    expect(splitRunTogether("filesystem", vocabulary)).toEqual(["file", "system"]);
    expect(splitRunTogether("sequentialthinking", vocabulary)).toEqual(["sequential", "thinking"]);
  });

  it("leaves words it cannot cut, short words and words with digits", () => {
    expect(splitRunTogether("database", vocabulary)).toBeUndefined();
    expect(splitRunTogether("filesy", vocabulary)).toBeUndefined();
    expect(splitRunTogether("file2system", vocabulary)).toBeUndefined();
  });
});
