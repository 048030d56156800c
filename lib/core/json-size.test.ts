import { describe, expect, it } from "vitest";
import { jsonStringSizes, prettyLayoutOf } from "./json-size";
import { loadExample } from "../examples";
import { utf8ByteLength } from "./utf8";

function serialised(text: string) {
  const quoted = JSON.stringify(text);
  return { length: quoted.length, bytes: utf8ByteLength(quoted) };
}

describe("jsonStringSizes", () => {
  it.each([
    ["", "empty"],
    ["plain ascii text", "ascii"],
    ['quote " and backslash \\', "escaped by a backslash"],
    ["\b\t\n\f\r", "short escapes"],
    ["\u0000\u0001\u001f\u007f", "other control characters"],
    ["é ß ü \u07ff", "two bytes in UTF-8"],
    ["→ 中文 \u0800 \uffff", "three bytes in UTF-8"],
    ["😀 𝄞", "surrogate pairs"],
    ["\ud800 lone high, lone low \udc00, high at the end \udbff", "lone surrogates"],
    ["\udc00\ud800", "a low then a high surrogate"],
  ])("measures %j (%s) as JSON.stringify does", (text) => {
    expect(jsonStringSizes(text)).toEqual(serialised(text));
  });

  it("agrees with JSON.stringify on random text over every kind of code unit", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    const ranges = [0x20, 0x80, 0x800, 0xd800, 0xdc00, 0xe000, 0x10000];
    for (let round = 0; round < 200; round += 1) {
      const units: number[] = [];
      for (let index = 0; index < 64; index += 1) {
        const range = next() % (ranges.length - 1);
        units.push(ranges[range] + (next() % (ranges[range + 1] - ranges[range])));
        if (next() % 8 === 0) units.push(next() % 0x20);
      }
      const text = String.fromCharCode(...units);
      expect(jsonStringSizes(text)).toEqual(serialised(text));
    }
  });
});

describe("prettyLayoutOf", () => {
  /** What `JSON.stringify(value, null, 2)` adds to the compact text, and its line breaks, at depth zero. */
  function prettyExtra(value: object) {
    const pretty = JSON.stringify(value, null, 2);
    return {
      atDepthZero: utf8ByteLength(pretty) - utf8ByteLength(JSON.stringify(value)),
      lineBreaks: pretty.split("\n").length - 1,
    };
  }

  /** The same at depth d, as a member of `d` nested arrays: the value's own extra bytes grow by `perDepth` a level. */
  function extraAtDepth(value: object, depth: number) {
    let wrapped: object = value;
    for (let level = 0; level < depth; level += 1) wrapped = [wrapped];
    // Each wrapping array adds its own two line breaks, 2(level + 1) spaces before the member and 2·level before `]`.
    let wrappers = 0;
    for (let level = 0; level < depth; level += 1) wrappers += 2 + 2 * (level + 1) + 2 * level;
    return prettyExtra(wrapped).atDepthZero - wrappers;
  }

  it.each([
    ["an empty object", {}],
    ["an empty array", []],
    ["one key", { a: 1 }],
    ["nested, with an empty array", { a: { b: { c: [1, "two", null, true] } }, d: [] }],
    ["arrays of containers", [[], {}, [[1]], { x: {} }]],
    ["values JSON.stringify leaves out", { kept: 1, gone: undefined, call: () => 1, symbol: Symbol("s") }],
    ["array elements written as null", [undefined, () => 1, Symbol("s"), 3]],
    ["an object whose every value is left out", { only: undefined }],
    // eslint-disable-next-line no-sparse-arrays
    ["an array with holes", [1, , { a: [, 2] }, ,]],
    ["an array with a property of its own besides its elements", Object.assign([1, { b: 2 }], { extra: { c: 3 } })],
    ["escapes and multi-byte text", { text: "line\nbreak and \u00e9 and 😀", 'key with "quote"': "value" }],
    ["integer-like keys", { 2: "b", 1: "a", name: "n" }],
    ["an object without a prototype", Object.assign(Object.create(null) as object, { a: [1, { b: 2 }] })],
  ] as Array<[string, unknown]>)("agrees with JSON.stringify(value, null, 2) on %s", (_label, value) => {
    const layout = prettyLayoutOf(value as object);
    expect(layout).not.toBeNull();
    expect({ atDepthZero: layout!.atDepthZero, lineBreaks: layout!.lineBreaks }).toEqual(prettyExtra(value as object));
    for (const depth of [1, 2, 5])
      expect(layout!.atDepthZero + depth * layout!.perDepth).toBe(extraAtDepth(value as object, depth));
  });

  it("agrees on every definition-like value of a shipped catalog, and on random nested values", async () => {
    const { catalog } = await loadExample("github-mcp");
    for (const tool of catalog.tools) {
      const definition = { name: tool.name, description: tool.description, input_schema: tool.inputSchema };
      const layout = prettyLayoutOf(definition)!;
      expect({ atDepthZero: layout.atDepthZero, lineBreaks: layout.lineBreaks }).toEqual(prettyExtra(definition));
      // Asked again, through the kept schema.
      expect(prettyLayoutOf({ wrapper: definition.input_schema })!.lineBreaks).toBe(
        prettyExtra({ wrapper: definition.input_schema }).lineBreaks,
      );
    }
    let seed = 11;
    const next = (below: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % below;
    const randomValue = (depth: number): unknown => {
      const kind = next(depth > 4 ? 4 : 7);
      if (kind === 0) return next(1000) - 500;
      if (kind === 1) return "t".repeat(next(5));
      if (kind === 2) return [null, true, false, undefined][next(4)];
      if (kind === 3) return next(2) === 0 ? {} : [];
      if (kind === 4 || kind === 5) return Array.from({ length: next(4) }, () => randomValue(depth + 1));
      return Object.fromEntries(Array.from({ length: next(4) }, (_, index) => [`k${index}`, randomValue(depth + 1)]));
    };
    for (let round = 0; round < 300; round += 1) {
      const value = { root: randomValue(0) };
      const layout = prettyLayoutOf(value)!;
      expect({ atDepthZero: layout.atDepthZero, lineBreaks: layout.lineBreaks }).toEqual(prettyExtra(value));
      expect(layout.atDepthZero + 3 * layout.perDepth).toBe(extraAtDepth(value, 3));
    }
  });

  it("leaves to serialising what only serialising answers", () => {
    expect(prettyLayoutOf({ when: new Date(0) })).toBeNull();
    expect(prettyLayoutOf({ own: { toJSON: () => "x" } })).toBeNull();
    expect(prettyLayoutOf([new Map([[1, 2]])])).toBeNull();
  });
});
