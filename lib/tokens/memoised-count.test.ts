import { describe, expect, it } from "vitest";
import { createMemoisedCount, longTextKey } from "./memoised-count";

function countingCharacters() {
  const calls: string[] = [];
  const count = (text: string) => {
    calls.push(text);
    return text.length;
  };
  return { calls, count };
}

describe("createMemoisedCount", () => {
  it("counts each distinct text once", () => {
    const underlying = countingCharacters();
    const memo = createMemoisedCount(underlying.count);
    expect(memo.count("hello")).toBe(5);
    expect(memo.count("hello")).toBe(5);
    expect(memo.count("world!")).toBe(6);
    expect(underlying.calls).toEqual(["hello", "world!"]);
  });

  it("does not call the counter for the empty string", () => {
    const underlying = countingCharacters();
    const memo = createMemoisedCount(underlying.count);
    expect(memo.count("")).toBe(0);
    expect(underlying.calls).toHaveLength(0);
  });

  it("gives a long text seen again its own count, among other long texts of the same length", () => {
    const calls: string[] = [];
    const memo = createMemoisedCount(
      (text) => {
        calls.push(text);
        return text.split("y").length - 1;
      },
      { hashKeysAboveLength: 10 },
    );
    const texts = [0, 1, 2, 3, 4, 5].map((ys) => `${"y".repeat(ys)}${"x".repeat(40 - ys)}`);
    for (const round of [1, 2])
      for (const text of texts) expect(memo.count(text), `round ${round}`).toBe(text.split("y").length - 1);
    expect(memo.has(`${"x".repeat(39)}z`)).toBe(false);
    // Each counted once; the second round from the memo, found by the texts' own keys.
    expect(calls).toEqual(texts);
  });

  it("keys long texts by hash and still recognises an equal copy", () => {
    const underlying = countingCharacters();
    const memo = createMemoisedCount(underlying.count, { hashKeysAboveLength: 10 });
    const long = "x".repeat(50);
    const equalCopy = ["x".repeat(25), "x".repeat(25)].join("");
    expect(memo.count(long)).toBe(50);
    expect(memo.count(equalCopy)).toBe(50);
    expect(memo.count(`${"x".repeat(49)}y`)).toBe(50);
    expect(underlying.calls).toHaveLength(2);
  });

  it("evicts the oldest entry once the bound is reached", () => {
    const underlying = countingCharacters();
    const memo = createMemoisedCount(underlying.count, { maxEntries: 2 });
    memo.count("a");
    memo.count("bb");
    memo.count("ccc");
    expect(memo.size).toBe(2);
    memo.count("bb");
    expect(underlying.calls).toEqual(["a", "bb", "ccc"]);
    memo.count("a");
    expect(underlying.calls).toEqual(["a", "bb", "ccc", "a"]);
  });

  it("clear() forgets everything", () => {
    const underlying = countingCharacters();
    const memo = createMemoisedCount(underlying.count);
    memo.count("abc");
    memo.clear();
    expect(memo.size).toBe(0);
    memo.count("abc");
    expect(underlying.calls).toHaveLength(2);
  });
});

describe("createMemoisedCount: priming and listening", () => {
  it("answers a primed count without counting, for short and hashed long texts", () => {
    const underlying = countingCharacters();
    const memo = createMemoisedCount(underlying.count, { hashKeysAboveLength: 10 });
    const long = "y".repeat(40);
    expect(memo.has("abc")).toBe(false);
    memo.prime("abc", 7);
    memo.prime(long, 9);
    expect(memo.has("abc")).toBe(true);
    expect(memo.has(["y".repeat(20), "y".repeat(20)].join(""))).toBe(true);
    expect(memo.count("abc")).toBe(7);
    expect(memo.count(long)).toBe(9);
    expect(underlying.calls).toHaveLength(0);
  });

  it("tells onCounted of counted texts only, not of hits or primed counts", () => {
    const told: Array<[string, number]> = [];
    const memo = createMemoisedCount((text) => text.length, { onCounted: (text, count) => told.push([text, count]) });
    memo.prime("primed", 1);
    memo.count("primed");
    memo.count("fresh");
    memo.count("fresh");
    expect(told).toEqual([["fresh", 5]]);
  });

  it("keeps the bound when priming, and re-priming a held text evicts nothing", () => {
    const memo = createMemoisedCount((text) => text.length, { maxEntries: 2 });
    memo.prime("a", 1);
    memo.prime("b", 1);
    memo.prime("b", 2);
    expect(memo.has("a")).toBe(true);
    memo.prime("c", 1);
    expect(memo.size).toBe(2);
    expect(memo.has("a")).toBe(false);
    expect(memo.count("b")).toBe(2);
  });
});

describe("longTextKey", () => {
  it("is stable and separates texts that differ in one character or in length", () => {
    const text = "tool definition ".repeat(1_000);
    expect(longTextKey(text)).toBe(longTextKey(`${text}`));
    expect(longTextKey(text)).not.toBe(longTextKey(`${text.slice(0, -1)}!`));
    expect(longTextKey(text)).not.toBe(longTextKey(`${text} `));
  });
});
