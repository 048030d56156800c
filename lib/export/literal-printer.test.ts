import { describe, expect, it } from "vitest";
import { javaScriptKey, printLiteral } from "./literal-printer";

const javaScript = { indent: 2, true: "true", false: "false", null: "null", key: javaScriptKey, trailingComma: false };

describe("printLiteral", () => {
  it("prints a JavaScript object literal that evaluates to the same data", () => {
    const value = {
      model: "m",
      "x-header": 1,
      __proto__: null as unknown,
      nested: [{ a: true, b: null, c: -0, d: 1e21 }],
      empty: {},
      list: [],
    };
    const data = JSON.parse(JSON.stringify(value));
    const text = printLiteral(data, javaScript);
    expect(text).toContain('\n  model: "m",');
    expect(text).toContain('\n  "x-header": 1,');
    expect(new Function(`return (${text});`)()).toEqual(data);
  });

  it("drops undefined properties and maps non-finite numbers to null, like JSON", () => {
    expect(printLiteral({ a: undefined, b: Number.NaN, c: [undefined] }, { ...javaScript, indent: 0 })).toBe(
      "{b: null, c: [null]}",
    );
  });

  it("indents continuation lines by the base indent", () => {
    expect(printLiteral({ a: [1] }, { ...javaScript, baseIndent: 4 })).toBe("{\n      a: [\n        1\n      ]\n    }");
  });

  it("rejects what JSON cannot carry", () => {
    expect(() => printLiteral({ f: () => 1 }, javaScript)).toThrow(/literal-printer/);
  });

  it("quotes keys that are not identifiers", () => {
    expect(["a", "_b", "$c", "a1", "1a", "a-b", "", "__proto__", "é"].map(javaScriptKey)).toEqual([
      "a",
      "_b",
      "$c",
      "a1",
      '"1a"',
      '"a-b"',
      '""',
      '"__proto__"',
      '"é"',
    ]);
  });
});
