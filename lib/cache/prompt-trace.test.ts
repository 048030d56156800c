import { describe, expect, it } from "vitest";
import type { Segment } from "../core";
import { absorb, digest, startHash } from "./hash-string";
import { prefixKeys, promptTrace, sharedPrefixLength } from "./prompt-trace";
import { seededRandom, segment } from "./test-support";

/** A random edit of `base`: append, change, insert, remove, or add/change a deferred tool. */
function mutate(base: readonly Segment[], random: () => number): Segment[] {
  const next = [...base];
  const at = Math.floor(random() * (next.length + 1));
  const fresh = () => segment(`messages[${Math.floor(random() * 50)}]`, `k${Math.floor(random() * 6)}`, 10);
  switch (Math.floor(random() * 5)) {
    case 0:
      next.push(fresh());
      break;
    case 1:
      if (at < next.length) next[at] = fresh();
      break;
    case 2:
      next.splice(at, 0, fresh());
      break;
    case 3:
      next.splice(at, 1);
      break;
    default:
      next.splice(at, 0, segment(`tools[${at}]`, `deferred${Math.floor(random() * 3)}`, 0, { outsidePrompt: true }));
  }
  return next;
}

function randomSegments(random: () => number): Segment[] {
  // Few distinct keys so that equal keys at different positions (and near-misses) are common.
  return Array.from({ length: Math.floor(random() * 30) }, (_, index) =>
    segment(`messages[${index}]`, `k${Math.floor(random() * 4)}`, 10, { outsidePrompt: random() < 0.1 }),
  );
}

const promptKeysOf = (segments: readonly Segment[]) =>
  segments.filter((item) => !item.outsidePrompt).map((item) => item.key);

describe("sharedPrefixLength", () => {
  it("is a true prefix of both prompts and maximal (property, seeded)", () => {
    const random = seededRandom(20260801);
    for (let round = 0; round < 1000; round += 1) {
      const previous = randomSegments(random);
      let current: Segment[] = previous;
      for (let edits = Math.floor(random() * 4); edits > 0; edits -= 1) current = mutate(current, random);
      if (random() < 0.3) current = randomSegments(random);

      const length = sharedPrefixLength(previous, current);
      const previousKeys = promptKeysOf(previous);
      const currentKeys = promptKeysOf(current);
      expect(previousKeys.slice(0, length)).toEqual(currentKeys.slice(0, length));
      const isMaximal =
        length === previousKeys.length || length === currentKeys.length || previousKeys[length] !== currentKeys[length];
      expect(isMaximal).toBe(true);
      expect(sharedPrefixLength(current, previous)).toBe(length);
    }
  });

  it("ignores deferred (outsidePrompt) segments wherever they sit", () => {
    const previous = [segment("tools[0]", "a", 10), segment("system", "s", 10)];
    const current = [
      segment("tools[0]", "a", 10),
      segment("tools[1]", "deferred", 0, { outsidePrompt: true }),
      segment("system", "s", 10),
    ];
    expect(sharedPrefixLength(previous, current)).toBe(2);
  });
});

describe("prefixKeys", () => {
  it("gives equal keys exactly for equal prompt prefixes, and repeats the key across deferred segments", () => {
    const deferred = segment("tools[1]", "d", 0, { outsidePrompt: true });
    const first = [segment("tools[0]", "a", 10), deferred, segment("system", "s", 10)];
    const second = [segment("tools[0]", "a", 10), segment("system", "s", 10), segment("messages[0]", "m", 10)];
    const firstKeys = prefixKeys(first);
    const secondKeys = prefixKeys(second);
    expect(firstKeys).toHaveLength(3);
    expect(firstKeys[1]).toBe(firstKeys[0]);
    expect(firstKeys[2]).toBe(secondKeys[1]);
    expect(new Set(secondKeys).size).toBe(3);
  });

  it("memoises per segments array and notices a mutated array", () => {
    const segments = [segment("system", "s", 10)];
    expect(prefixKeys(segments)).toEqual(prefixKeys(segments));
    segments.push(segment("messages[0]", "m", 10));
    expect(prefixKeys(segments)).toHaveLength(2);
  });

  it("keeps block boundaries apart (['ab', 'c'] is not ['a', 'bc']) and keys a leading deferred tool as the empty prefix", () => {
    const joined = [segment("messages[0]", "ab", 10), segment("messages[1]", "c", 10)];
    const split = [segment("messages[0]", "a", 10), segment("messages[1]", "bc", 10)];
    expect(prefixKeys(joined)[1]).not.toBe(prefixKeys(split)[1]);
    const deferredFirst = [segment("tools[0]", "d", 0, { outsidePrompt: true }), segment("system", "s", 10)];
    expect(prefixKeys(deferredFirst)[0]).toBe("");
  });
});

/** The trace walked from the start, written out independently of `promptTrace`'s resuming. */
function traceFromStart(segments: readonly Segment[]) {
  const lanes = startHash();
  const segmentIndexOfBlock: number[] = [];
  const blockKeys: string[] = [];
  const cumulativeTokens = [0];
  const prefixHashes: number[] = [];
  segments.forEach((item, index) => {
    if (item.outsidePrompt) return;
    absorb(lanes, "\u0000");
    absorb(lanes, item.key);
    prefixHashes.push(digest(lanes));
    segmentIndexOfBlock.push(index);
    blockKeys.push(item.key);
    cumulativeTokens.push(cumulativeTokens[cumulativeTokens.length - 1] + item.tokens);
  });
  return { segmentCount: segments.length, segmentIndexOfBlock, blockKeys, cumulativeTokens, prefixHashes };
}

function plain(trace: ReturnType<typeof promptTrace>) {
  return {
    ...trace,
    segmentIndexOfBlock: [...trace.segmentIndexOfBlock],
    cumulativeTokens: [...trace.cumulativeTokens],
    prefixHashes: [...trace.prefixHashes],
  };
}

describe("promptTrace continued from a recent request", () => {
  // Long enough (≥ 64 segments) for the trace to be continued from a recent one rather than walked from the start.
  const tools = Array.from({ length: 120 }, (_, index) =>
    index % 3 === 0
      ? segment(`tools[${index}]`, `deferred${index}`, 0, { outsidePrompt: true })
      : segment(`tools[${index}]`, `tool${index}`, 5 + index),
  );

  it("equals the trace walked from the start whatever the next request shares with it (property, seeded)", () => {
    const random = seededRandom(20261202);
    let previous: Segment[] = [...tools, segment("system", "s", 40)];
    for (let round = 0; round < 300; round += 1) {
      let current: Segment[] = previous;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits -= 1) current = mutate(current, random);
      // Sometimes a segment equal in key and tokens but a different object (a request's own copy of its system).
      if (random() < 0.3 && current.length > 0) {
        const at = Math.floor(random() * current.length);
        current = current.map((item, index) => (index === at ? { ...item, path: `${item.path} (copy)` } : item));
      }
      expect(plain(promptTrace(current))).toEqual(traceFromStart(current));
      previous = random() < 0.1 ? [...tools, segment("system", "s", 40)] : current;
    }
  });

  it("does not take a block's hash or tokens from a segment with the same key but other tokens or placement", () => {
    const first = [...tools, segment("system", "s", 40), segment("messages[0]", "m", 10)];
    expect(plain(promptTrace(first))).toEqual(traceFromStart(first));
    const otherTokens = first.map((item, index) => (index === 4 ? { ...item, tokens: item.tokens + 1 } : item));
    expect(plain(promptTrace(otherTokens))).toEqual(traceFromStart(otherTokens));
    expect(promptTrace(otherTokens).cumulativeTokens.at(-1)).toBe(promptTrace(first).cumulativeTokens.at(-1)! + 1);
    const nowDeferred = first.map((item, index) => (index === 4 ? { ...item, outsidePrompt: true } : item));
    expect(plain(promptTrace(nowDeferred))).toEqual(traceFromStart(nowDeferred));
    expect(promptTrace(nowDeferred).blockKeys).not.toContain(first[4].key);
  });

  it("is not misled by a recent request's segments array changed after its trace was built", () => {
    const first = [...tools, segment("system", "s", 40)];
    promptTrace(first);
    first[10] = segment("tools[10]", "changed", 7);
    const second = [...first, segment("messages[0]", "m", 10)];
    expect(plain(promptTrace(second))).toEqual(traceFromStart(second));
  });
});
