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

describe("longTextKey", () => {
  it("is stable and separates texts that differ in one character or in length", () => {
    const text = "tool definition ".repeat(1_000);
    expect(longTextKey(text)).toBe(longTextKey(`${text}`));
    expect(longTextKey(text)).not.toBe(longTextKey(`${text.slice(0, -1)}!`));
    expect(longTextKey(text)).not.toBe(longTextKey(`${text} `));
  });
});
