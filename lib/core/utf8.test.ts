import { describe, expect, it } from "vitest";
import { utf8ByteLength } from "./utf8";

const encoded = (text: string) => new TextEncoder().encode(text).byteLength;

describe("utf8ByteLength", () => {
  it("counts what TextEncoder writes: multi-byte characters, pairs, and a lone surrogate as U+FFFD", () => {
    for (const text of ["", "plain", "é", "€", "😀", "a\u{1F600}b\u00e9", "\ud800", "\udc00x", "x\ud800"])
      expect(utf8ByteLength(text)).toBe(encoded(text));
  });

  it("counts a text of megabytes exactly, whatever sits at its pieces' boundaries (every 65,536 code units)", () => {
    for (const before of [65_533, 65_534, 65_535, 65_536, 131_070, 131_071])
      for (const at of ["😀", "\ud800", "\udc00", "日", "é"]) {
        const text = "a".repeat(before) + at + "é".repeat(70_000) + "日本😀";
        expect(utf8ByteLength(text)).toBe(encoded(text));
      }
    expect(utf8ByteLength("😀".repeat(100_000))).toBe(400_000);
    expect(utf8ByteLength("x".repeat(1_000_000))).toBe(1_000_000);
  });
});
