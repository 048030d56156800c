import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { pythonString, toPythonLiteral } from "./python-literal";

const hasPython = spawnSync("python3", ["--version"]).status === 0;

/** Evaluates each literal with Python's `ast.literal_eval` and returns it re-encoded as JSON. */
function pythonRoundTrip(literals: string[]): unknown[] {
  const script =
    "import ast, json, sys\n" +
    "for source in json.load(sys.stdin):\n" +
    "    print(json.dumps(ast.literal_eval(source), ensure_ascii=True))\n";
  const result = spawnSync("python3", ["-c", script], { input: JSON.stringify(literals), encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

const tricky = {
  model: "claude-opus-4-8",
  stream: false,
  temperature: null,
  flags: [true, false, null, 0, -1.5, 1e21, 1.5e-7, 12345678901234],
  quotes: `He said "hi" and 'bye'`,
  backslash: "C:\\path\\to\\file \\n not a newline",
  whitespace: "line 1\nline 2\r\n\ttabbed",
  controls: "bell\u0007 nul\u0000 del\u007f c1\u0085",
  separators: "a\u2028b\u2029c\ufeffd",
  unicode: "héllo — 東京 😀",
  emptyObject: {},
  emptyArray: [],
  nested: { 'key with "quotes"': [{ deep: [[]] }] },
};

describe("toPythonLiteral", () => {
  it("converts JSON keywords to Python's", () => {
    expect(toPythonLiteral({ a: true, b: false, c: null }, { indent: 0 })).toBe('{"a": True, "b": False, "c": None}');
    expect(toPythonLiteral([], { indent: 0 })).toBe("[]");
    expect(toPythonLiteral({})).toBe("{}");
  });

  it("pretty-prints with PEP 8 indentation and trailing commas", () => {
    expect(toPythonLiteral({ tools: [{ name: "x" }] })).toBe(
      '{\n    "tools": [\n        {\n            "name": "x",\n        },\n    ],\n}',
    );
  });

  it("escapes quotes, backslashes, newlines and invisible characters", () => {
    expect(pythonString(`say "hi"`)).toBe(`"say \\"hi\\""`);
    expect(pythonString("a\\b")).toBe(`"a\\\\b"`);
    expect(pythonString("a\nb\tc\rd")).toBe(`"a\\nb\\tc\\rd"`);
    expect(pythonString("\u0000\u007f\u0085")).toBe(`"\\u0000\\u007f\\u0085"`);
    expect(pythonString("\b\f")).toBe(`"\\b\\f"`);
    expect(pythonString("\u2028")).toBe(`"\\u2028"`);
    expect(pythonString("😀 é 東")).toBe(`"😀 é 東"`);
    expect(pythonString("\ud800x")).toBe(`"\\ud800x"`);
  });

  it.skipIf(!hasPython)("evaluates in Python to exactly the JSON data", () => {
    const inputs: unknown[] = [tricky, [1, "two", [3]], "just a string", 42, null];
    const literals = inputs.flatMap((input) => [toPythonLiteral(input), toPythonLiteral(input, { indent: 0 })]);
    const evaluated = pythonRoundTrip(literals);
    inputs.forEach((input, index) => {
      const expected = JSON.parse(JSON.stringify(input));
      expect(evaluated[index * 2]).toEqual(expected);
      expect(evaluated[index * 2 + 1]).toEqual(expected);
    });
  });
});
