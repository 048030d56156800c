import { describe, expect, it } from "vitest";
import { translatePythonRegex } from "./python-regex";

function translated(pattern: string): string {
  const result = translatePythonRegex(pattern);
  if (!result.ok) throw new Error(`expected a translation of ${pattern}: ${result.error.message}`);
  return result.pattern;
}

function failure(pattern: string): { kind: string; message: string } {
  const result = translatePythonRegex(pattern);
  if (result.ok) throw new Error(`expected ${pattern} to be rejected, got ${result.pattern}`);
  return { kind: result.error.kind, message: result.error.message };
}

describe("translatePythonRegex", () => {
  it("passes through the syntax Python and RE2 share", () => {
    for (const pattern of [
      "weather",
      "get_.*_data",
      "slack|message",
      "(?i)slack",
      "\\bissue\\b",
      "a+?b*c?",
      "[a-z0-9_]+",
    ]) {
      expect(translated(pattern)).toBe(pattern);
    }
    expect(translated("(?P<verb>get|list)_(?:issue|pull)")).toBe("(?P<verb>get|list)_(?:issue|pull)");
  });

  it("rewrites what differs", () => {
    expect(translated("issue\\Z")).toBe("issue\\z");
    expect(translated("issue$")).toBe("issue(?:\\n?\\z)");
    expect(translated("(?m)^issue$")).toBe("(?m)^issue$");
    expect(translated("a{,3}")).toBe("a{0,3}");
    expect(translated("a{2,}")).toBe("a{2,}");
    expect(translated("\\u00e9t\\x41\\101")).toBe("étAA");
    expect(translated("a{b")).toBe("a\\{b");
    expect(translated("(?x) pull \\s request  # a comment\n")).toBe("pull\\srequest");
    expect(translated("(?#ignored)merge")).toBe("merge");
    expect(translated("(?au)\\w+")).toBe("\\w+");
    expect(translated("(?s-i:a.)")).toBe("(?s-i:a.)");
    expect(translated("[]a-]")).toBe("[\\]a\\-]");
    // Python reads a POSIX class as a plain set plus a literal `]`; RE2 would read it as a POSIX class.
    expect(translated("[[:alpha:]]")).toBe("[\\[:alpha:]\\]");
  });

  it.each([
    ["(abc", "missing ), unterminated subpattern at position 0"],
    ["a(b(c)", "missing ), unterminated subpattern at position 1"],
    ["abc)", "unbalanced parenthesis at position 3"],
    ["[abc", "unterminated character set at position 0"],
    ["[z-a]", "bad character range z-a at position 1"],
    ["*a", "nothing to repeat at position 0"],
    ["^*", "nothing to repeat at position 1"],
    ["a**", "multiple repeat at position 2"],
    ["a{3,2}", "min repeat greater than max repeat at position 2"],
    ["\\q", "bad escape \\q at position 0"],
    ["abc\\", "bad escape (end of pattern) at position 3"],
    ["\\x4", "incomplete escape \\x4 at position 0"],
    ["(a)\\2", "invalid group reference 2 at position 4"],
    ["(?P<1x>a)", "bad character in group name '1x' at position 4"],
    ["(?P<n>a)(?P<n>b)", "redefinition of group name 'n' as group 2; was group 1 at position 12"],
    ["(?P=n)", "unknown group name 'n' at position 4"],
    ["(?<n>a)", "unknown extension ?<n at position 1"],
    ["(?z)", "unknown extension ?z at position 1"],
    ["a(?i)b", "global flags not at the start of the expression at position 1"],
  ])("rejects %s like Python: %s", (pattern, message) => {
    expect(failure(pattern)).toEqual({ kind: "syntax", message });
  });

  it.each([
    ["(a)\\1", "backreferences (\\1) at position 3"],
    ["(?P<n>a)(?P=n)", "backreferences ((?P=n)) at position 8"],
    ["a(?=b)", "lookahead assertions (?=...) at position 1"],
    ["a(?!b)", "negative lookahead assertions (?!...) at position 1"],
    ["(?<=a)b", "lookbehind assertions (?<=...) at position 0"],
    ["(?<!a)b", "negative lookbehind assertions (?<!...) at position 0"],
    ["(?>a+)b", "atomic groups (?>...) at position 0"],
    ["(a)?(?(1)b|c)", "conditional groups (?(...)...) at position 4"],
    ["a++", "possessive repeats (*+, ++, ?+, {m,n}+) at position 1"],
    ["a{1001}", "repeat counts above 1000 at position 1"],
    ["\\N{DASH}", "named Unicode escapes (\\N{...}) at position 0"],
  ])("reports %s as valid Python that a linear-time engine cannot run", (pattern, message) => {
    expect(failure(pattern)).toEqual({ kind: "unsupported", message });
  });

  it("counts positions in code points, as Python does", () => {
    expect(failure("🌦(").message).toBe("missing ), unterminated subpattern at position 1");
  });
});
