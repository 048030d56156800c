import { describe, expect, it } from "vitest";
import type { Segment } from "../core";
import { prefixKeys, sharedPrefixLength } from "./prompt-trace";
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
