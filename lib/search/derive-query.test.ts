import { describe, expect, it } from "vitest";
import { deriveQueryFromUserText, deriveRegexFromQuery } from "./derive-query";
import { translatePythonRegex } from "./python-regex";

describe("deriveQueryFromUserText", () => {
  it("keeps content words in order and drops filler", () => {
    expect(deriveQueryFromUserText("Could you please post a message to the #general channel?")).toBe(
      "post message general channel",
    );
    expect(deriveQueryFromUserText("Hey, I need help: what's the weather in Paris tomorrow?")).toBe(
      "weather paris tomorrow",
    );
  });

  it("keeps identifiers and file names whole, once each", () => {
    expect(deriveQueryFromUserText("read config.yaml, then read_text_file on config.yaml")).toBe(
      "read config.yaml read_text_file",
    );
  });

  it("falls back to every word when a turn is all filler", () => {
    expect(deriveQueryFromUserText("can you help me?")).toBe("can you help me");
    expect(deriveQueryFromUserText("")).toBe("");
  });

  it("never exceeds Anthropic's 500-character BM25 limit", () => {
    const text = Array.from({ length: 200 }, (_, index) => `word${index}`).join(" ");
    const query = deriveQueryFromUserText(text);
    expect(query.length).toBeLessThanOrEqual(500);
    expect(query.startsWith("word0 word1 word2")).toBe(true);
  });
});

describe("deriveRegexFromQuery", () => {
  it("writes an alternation of word stems", () => {
    expect(deriveRegexFromQuery("weather forecast")).toBe("weather|forecast");
    expect(deriveRegexFromQuery("list open issues in my repositories")).toBe("list|open|issu|repositor");
    expect(deriveRegexFromQuery("creating pages")).toBe("creat|page");
  });

  it("escapes regex metacharacters so that the pattern is always valid Python", () => {
    const pattern = deriveRegexFromQuery("read config.yaml (x+y) [draft]");
    expect(pattern).toBe("read|config\\.yaml|x|y|draft");
    for (const query of ["a|b", "c++ files", "what?", "price $5", "(unbalanced", "a{2}"]) {
      expect(translatePythonRegex(deriveRegexFromQuery(query)).ok).toBe(true);
    }
  });

  it("never exceeds Anthropic's 200-character regex limit", () => {
    const query = Array.from({ length: 100 }, (_, index) => `topic${index}`).join(" ");
    expect(deriveRegexFromQuery(query).length).toBeLessThanOrEqual(200);
  });
});
