import { describe, expect, it } from "vitest";
import { jsonStringSizes } from "./json-size";
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
