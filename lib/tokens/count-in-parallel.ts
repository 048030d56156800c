/**
 * Counting a large batch of texts on two threads. At 10,000 tools the first request of `full` counts ≈ 3 M tokens of
 * definitions before anything is on screen (≈ 3 s on one core of the 2-core machine, PERFORMANCE.md at 279c54f); the
 * engine worker hands part of the batch to a helper worker with the same tokenizer and counts the rest itself.
 *
 * The helper is never trusted to be there: while waiting for it, the engine keeps counting the helper's part from its
 * far end, a slice at a time, so a helper that is late, still loading its tokenizer or dead costs at most what
 * counting everything here would have cost, plus one yield per slice.
 */
import { nextTask } from "../core/next-task";

/** A thread that counts texts with the same tokenizer. May reject (the worker failed to load, crashed). */
export type CountHelper = { count(texts: readonly string[]): Promise<readonly number[]> };

/** The memo both threads' counts end in (lib/tokens/o200k.ts `o200kMemo`). */
export type ParallelCountMemo = {
  has(text: string): boolean;
  /** Counts here (and memoises). */
  count(text: string): number;
  /** Takes a count made by a helper. */
  adopt(text: string, count: number): void;
};

export type ParallelCountOptions = {
  /** Below this many uncounted texts the batch is counted where it is needed: a message round trip costs more. */
  minimumTexts?: number;
  /** Texts counted here between two looks at whether the helpers answered. */
  sliceSize?: number;
  /** Lets the helpers' answers arrive (a macrotask in the worker); tests pass a plain promise. */
  yieldToEvents?: () => Promise<void>;
  /**
   * How many requests each helper's part is sent in. The helper answers them in order, and this thread takes back
   * from the last one first: a helper that starts late (still loading, or waiting for a core) then loses only the
   * request it is on to this thread, not the whole part it was counting.
   */
  helperChunks?: number;
};

export type ParallelCountResult = { countedHere: number; countedByHelpers: number };

export const PARALLEL_COUNT_DEFAULTS = { minimumTexts: 256, sliceSize: 64, helperChunks: 4 } as const;

/** Splits `texts` into `parts` contiguous runs of about equal length in characters (the cost of counting). */
export function splitByLength(texts: readonly string[], parts: number): string[][] {
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  const result: string[][] = Array.from({ length: parts }, () => []);
  let part = 0;
  let filled = 0;
  for (const text of texts) {
    if (part < parts - 1 && filled >= (total * (part + 1)) / parts) part += 1;
    result[part].push(text);
    filled += text.length;
  }
  return result;
}

export async function countInParallel(
  texts: Iterable<string>,
  memo: ParallelCountMemo,
  helpers: readonly CountHelper[],
  options: ParallelCountOptions = {},
): Promise<ParallelCountResult> {
  const { minimumTexts, sliceSize, helperChunks } = { ...PARALLEL_COUNT_DEFAULTS, ...options };
  const yieldToEvents = options.yieldToEvents ?? nextTask;
  const missing = [...new Set(texts)].filter((text) => !memo.has(text));
  if (missing.length < minimumTexts || helpers.length === 0) return { countedHere: 0, countedByHelpers: 0 };

  const [here, ...helperParts] = splitByLength(missing, helpers.length + 1);
  type Part = { texts: string[]; remaining: number; answered: boolean; failed: boolean; helper: CountHelper };
  const parts: Part[] = helperParts.flatMap((helperPart, index) =>
    splitByLength(helperPart, Math.max(1, Math.min(helperChunks, helperPart.length))).map((chunk) => ({
      texts: chunk,
      remaining: chunk.length,
      answered: false,
      failed: false,
      helper: helpers[index],
    })),
  );
  let countedHere = 0;
  let countedByHelpers = 0;
  // Sent before counting here starts, so the helpers count while this thread does.
  parts.forEach((part) => {
    if (part.texts.length === 0) {
      part.answered = true;
      return;
    }
    part.helper.count(part.texts).then(
      (counts) => {
        if (part.answered) return;
        part.answered = true;
        // Only the texts this thread has not taken back from the far end yet.
        for (let position = 0; position < part.remaining; position += 1) {
          const count = counts[position];
          if (!Number.isInteger(count) || count < 0) continue;
          memo.adopt(part.texts[position], count);
          countedByHelpers += 1;
        }
      },
      () => {
        // A helper that failed leaves its part to this thread (below), at once.
        part.failed = true;
      },
    );
  });
  for (const text of here) memo.count(text);
  countedHere += here.length;

  // The last requests first: each helper answers its requests in order, so those are the ones it reaches last.
  for (const part of [...parts].reverse()) {
    while (!part.answered && part.remaining > 0) {
      await yieldToEvents();
      if (part.answered) break;
      const end = part.remaining;
      part.remaining = part.failed ? 0 : Math.max(0, end - sliceSize);
      for (let position = part.remaining; position < end; position += 1) memo.count(part.texts[position]);
      countedHere += end - part.remaining;
    }
    // Taken back whole: a late answer changes nothing.
    part.answered = true;
  }
  return { countedHere, countedByHelpers };
}
