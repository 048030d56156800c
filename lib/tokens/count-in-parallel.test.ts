import { describe, expect, it } from "vitest";
import {
  PARALLEL_COUNT_DEFAULTS,
  countInParallel,
  splitByLength,
  type CountHelper,
  type ParallelCountMemo,
} from "./count-in-parallel";

/** A memo over "one token per character" that records who counted what. */
function recordingMemo() {
  const counts = new Map<string, number>();
  const here: string[] = [];
  const adopted: string[] = [];
  const memo: ParallelCountMemo = {
    has: (text) => counts.has(text),
    count(text) {
      if (!counts.has(text)) {
        here.push(text);
        counts.set(text, text.length);
      }
      return counts.get(text) ?? 0;
    },
    adopt(text, count) {
      adopted.push(text);
      counts.set(text, count);
    },
  };
  return { memo, counts, here, adopted };
}

const texts = (count: number) => Array.from({ length: count }, (_, index) => `text number ${index}`);
const tick = () => Promise.resolve();

/** A helper that answers when `release` is called (or at once), counting characters. */
function controllableHelper(answerAtOnce = true) {
  const batches: string[][] = [];
  let release: () => void = () => {};
  const helper: CountHelper = {
    count(batch) {
      batches.push([...batch]);
      const counts = batch.map((text) => text.length);
      if (answerAtOnce) return Promise.resolve(counts);
      return new Promise((resolve) => {
        release = () => resolve(counts);
      });
    },
  };
  return { helper, batches, release: () => release() };
}

describe("splitByLength", () => {
  it("keeps order and splits into runs of about equal characters", () => {
    const parts = splitByLength(["aaaa", "b", "c", "dd", "eeee"], 2);
    expect(parts.flat()).toEqual(["aaaa", "b", "c", "dd", "eeee"]);
    expect(parts.map((part) => part.join("").length)).toEqual([6, 6]);
    expect(splitByLength([], 3)).toEqual([[], [], []]);
  });
});

describe("countInParallel", () => {
  it("counts one part here and hands the other to the helper, every text once", async () => {
    const { memo, counts, here, adopted } = recordingMemo();
    const { helper, batches } = controllableHelper();
    const batch = texts(400);
    const result = await countInParallel(batch, memo, [helper], { minimumTexts: 10, yieldToEvents: tick });
    // The helper's part goes in several requests, in order.
    expect(batches).toHaveLength(PARALLEL_COUNT_DEFAULTS.helperChunks);
    expect(batches.flat()).toEqual(batch.slice(batch.length - batches.flat().length));
    expect(here.length + adopted.length).toBe(400);
    expect(new Set([...here, ...adopted]).size).toBe(400);
    expect(result).toEqual({ countedHere: here.length, countedByHelpers: adopted.length });
    // About half each, by characters.
    expect(adopted.length).toBeGreaterThan(150);
    expect(here.length).toBeGreaterThan(150);
    expect(batch.every((text) => counts.get(text) === text.length)).toBe(true);
  });

  it("leaves small batches, texts already counted and repeats alone", async () => {
    const { memo, here } = recordingMemo();
    const { helper, batches } = controllableHelper();
    memo.count("held already, long enough");
    expect(await countInParallel(texts(9), memo, [helper], { minimumTexts: 10 })).toEqual({
      countedHere: 0,
      countedByHelpers: 0,
    });
    const repeated = [...texts(6), ...texts(6), "held already, long enough"];
    expect(await countInParallel(repeated, memo, [helper], { minimumTexts: 7 })).toEqual({
      countedHere: 0,
      countedByHelpers: 0,
    });
    expect(batches).toHaveLength(0);
    expect(here).toEqual(["held already, long enough"]);
  });

  it("without helpers counts nothing ahead: the engine counts as it goes", async () => {
    const { memo, here } = recordingMemo();
    expect(await countInParallel(texts(500), memo, [], { minimumTexts: 10 })).toEqual({
      countedHere: 0,
      countedByHelpers: 0,
    });
    expect(here).toHaveLength(0);
  });

  it("counts a failed helper's part here", async () => {
    const { memo, here, adopted } = recordingMemo();
    const failing: CountHelper = { count: () => Promise.reject(new Error("count worker: failed to load")) };
    const result = await countInParallel(texts(300), memo, [failing], { minimumTexts: 10, yieldToEvents: tick });
    expect(result).toEqual({ countedHere: 300, countedByHelpers: 0 });
    expect(here).toHaveLength(300);
    expect(adopted).toHaveLength(0);
  });

  it("takes back a silent helper's part slice by slice, and ignores its answer once all is counted", async () => {
    const { memo, here, adopted } = recordingMemo();
    const silent = controllableHelper(false);
    const result = await countInParallel(texts(300), memo, [silent.helper], {
      minimumTexts: 10,
      sliceSize: 16,
      helperChunks: 1,
      yieldToEvents: tick,
    });
    expect(result).toEqual({ countedHere: 300, countedByHelpers: 0 });
    silent.release();
    await tick();
    await tick();
    expect(adopted).toHaveLength(0);
    expect(new Set(here).size).toBe(300);
  });

  it("adopts a late answer for the texts not yet taken back", async () => {
    const { memo, here, adopted } = recordingMemo();
    const late = controllableHelper(false);
    let yields = 0;
    const result = await countInParallel(texts(300), memo, [late.helper], {
      minimumTexts: 10,
      sliceSize: 10,
      helperChunks: 1,
      yieldToEvents: async () => {
        yields += 1;
        // The helper answers while this thread has taken back three slices.
        if (yields === 4) late.release();
        await tick();
      },
    });
    const helperPart = late.batches[0];
    expect(adopted).toEqual(helperPart.slice(0, helperPart.length - 30));
    expect(here.filter((text) => helperPart.includes(text))).toHaveLength(30);
    expect(result.countedByHelpers).toBe(helperPart.length - 30);
    expect(result.countedHere + result.countedByHelpers).toBe(300);
  });

  it("takes back the helper's last requests first and adopts the ones it answered", async () => {
    const { memo, here, adopted } = recordingMemo();
    const answers: Array<{ batch: string[]; answer: () => void }> = [];
    const helper: CountHelper = {
      count: (batch) =>
        new Promise((resolve) =>
          answers.push({ batch: [...batch], answer: () => resolve(batch.map((t) => t.length)) }),
        ),
    };
    let yields = 0;
    const result = await countInParallel(texts(400), memo, [helper], {
      minimumTexts: 10,
      sliceSize: 10,
      helperChunks: 4,
      yieldToEvents: async () => {
        yields += 1;
        // A helper that starts late: it answers its first two requests while this thread works on the last two.
        if (yields === 3) answers[0].answer();
        if (yields === 6) answers[1].answer();
        await tick();
      },
    });
    expect(answers).toHaveLength(4);
    expect(adopted).toEqual([...answers[0].batch, ...answers[1].batch]);
    const lastTwo = [...answers[2].batch, ...answers[3].batch];
    expect(lastTwo.every((text) => here.includes(text))).toBe(true);
    expect(result).toEqual({ countedHere: 400 - adopted.length, countedByHelpers: adopted.length });
    expect(new Set([...here, ...adopted]).size).toBe(400);
  });
});
