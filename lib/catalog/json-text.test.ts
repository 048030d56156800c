import { describe, expect, it } from "vitest";
import { scanForSyntaxError } from "./json-syntax-scan";
import { MAX_NESTING_DEPTH, offsetToPosition, parseJsonText, textNestingDepth, valueNestingDepth } from "./json-text";

describe("parseJsonText", () => {
  it("parses valid JSON without problems, ignoring a byte-order mark", () => {
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ value: { a: [1, 2] }, problems: [] });
    expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({ value: { a: 1 }, problems: [] });
  });

  it.each([
    ["a missing comma", '{\n  "a": 1\n  "b": 2\n}', 3, 3],
    ["a trailing comma", '{\n  "tools": [\n    {"name": "a"},\n  ]\n}', 4, 3],
    ["a missing value", '{"a":}', 1, 6],
    ["an unterminated string", '{\n "name": "abc\n}', 2, 14],
    ["input that stops early", '{\n  "tools": [\n', 3, 1],
    ["trailing characters", '{"a": 1} x', 1, 10],
    ["a key without quotes", "{\n  name: 1\n}", 2, 3],
  ])("locates %s by line and column", (_label, text, line, column) => {
    const parsed = parseJsonText(text, "catalog");
    expect(parsed.value).toBeUndefined();
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toMatchObject({ severity: "error", path: "$", line, column });
    expect(parsed.problems[0].message).toMatch(/^catalog: invalid JSON/);
  });

  it("refuses nesting deeper than the limit without calling JSON.parse", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const parsed = parseJsonText(deep);
    expect(parsed.value).toBeUndefined();
    expect(parsed.problems[0].message).toMatch(/nesting deeper than 64/);
  });

  it("refuses text over 20 MB", () => {
    const huge = " ".repeat(20 * 1024 * 1024 + 1);
    const parsed = parseJsonText(huge);
    expect(parsed.value).toBeUndefined();
    expect(parsed.problems[0].message).toMatch(/larger than 20 MB/);
  });
});

describe("scanForSyntaxError", () => {
  it("finds nothing wrong in valid JSON (returns the end)", () => {
    const text = '{"a": [1, -2.5e3, true, null, "x\\n"], "b": {}}';
    expect(scanForSyntaxError(text)).toBe(text.length);
  });

  it("points at a bad literal at the very start", () => {
    expect(scanForSyntaxError("x")).toBe(0);
  });

  it("points at an invalid escape", () => {
    expect(scanForSyntaxError('["a\\q"]')).toBe(3);
  });
});

describe("nesting depth", () => {
  it("ignores brackets inside strings", () => {
    expect(textNestingDepth('{"a": "[[[[", "b": [1]}').depth).toBe(2);
  });

  it("ends a string at an unescaped quote only", () => {
    // An escaped quote keeps the string open; an escaped backslash before a quote does not.
    expect(textNestingDepth(String.raw`{"a": "say \"[[[\" twice", "b": [1]}`).depth).toBe(2);
    expect(textNestingDepth(String.raw`{"a": "C:\\", "b": [[1]]}`).depth).toBe(3);
    expect(textNestingDepth(String.raw`{"a": "C:\\\"[[", "b": [1]}`).depth).toBe(2);
    expect(textNestingDepth('{"a": "never closed [[[[').depth).toBe(1);
  });

  it("measures values without recursion", () => {
    let value: unknown = 1;
    for (let level = 0; level < 10_000; level++) value = [value];
    expect(valueNestingDepth(value, MAX_NESTING_DEPTH)).toBe(MAX_NESTING_DEPTH + 1);
    expect(valueNestingDepth({ a: [{ b: 1 }] })).toBe(3);
  });

  it("converts offsets to 1-based positions", () => {
    expect(offsetToPosition("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });
});

describe("what to do about a syntax error", () => {
  it.each([
    ["a missing comma", '{\n  "a": 1\n  "b": 2\n}', "a comma is missing"],
    ["a trailing comma", '{\n  "tools": [\n    {"name": "a"},\n  ]\n}', "no comma before ]: delete the last comma"],
    ["input that stops early", '{\n  "tools": [\n', "add the missing } or ]"],
    ["a tool typed after the catalog", '{"tools": []}\n,{"name": "x"}', 'a tool goes inside the "tools" array'],
    ["a key without quotes", "{\n  name: 1\n}", "a key needs double quotes"],
    ["single quotes", "{'name': 1}", "double quotes"],
  ])("says what to do about %s", (_label, text, hint) => {
    expect(parseJsonText(text, "catalog").problems[0].message).toContain(hint);
  });

  it("adds nothing it cannot tell from the text", () => {
    expect(parseJsonText('{"a":}', "catalog").problems[0].message).not.toContain(";");
  });
});
