import type { Segment } from "../core";
import { absorb, digest, startHash } from "./hash-string";

/**
 * A request's prompt as the cache sees it: only the blocks inside the model's prompt, in cache order.
 * Deferred tools (`outsidePrompt`) are left out: "The API excludes deferred tools from the system-prompt prefix"
 * (PROTOCOLS.md §1.8), so adding or changing one never moves a prefix boundary.
 * Throughout lib/cache a "block" is one in-prompt segment and a prefix is measured in blocks, never in raw
 * segment indices, so two requests with different deferred tools still line up.
 */
export type PromptTrace = {
  /** How many segments the trace was built from; a mismatch means the array was mutated afterwards. */
  segmentCount: number;
  /**
   * Index into `segments` of each prompt block. This and `cumulativeTokens` are typed arrays: every step of a
   * 10,000-tool run keeps a trace, and typed arrays' contents live outside the garbage-collected heap, which the
   * young-generation collector would otherwise copy for each step (most of a warm step's time).
   */
  segmentIndexOfBlock: Int32Array;
  blockKeys: readonly string[];
  /**
   * prefixHashes[n - 1] identifies the prefix made of the first n blocks: cyrb53 of the block keys joined, taken
   * incrementally. Kept as numbers because turning 10,000 of them into strings costs more than everything else.
   */
  prefixHashes: Float64Array;
  /** cumulativeTokens[n] = tokens of the first n blocks; length is block count + 1. */
  cumulativeTokens: Float64Array;
};

/** The key of the empty prefix, before any prompt block. */
export const EMPTY_PREFIX_KEY = "";
/** Separates block keys inside the prefix hash, so ["ab", "c"] and ["a", "bc"] differ. */
const KEY_SEPARATOR = "\u0000";

const traces = new WeakMap<readonly Segment[], PromptTrace>();
const segmentPrefixKeys = new WeakMap<PromptTrace, readonly string[]>();

/**
 * The hash lanes after each block of a recent trace, so a later request that starts with the same blocks resumes
 * hashing where they end instead of from the start. Only the last few traces keep them (8 bytes per block each).
 */
type Resumable = { segments: readonly Segment[]; trace: PromptTrace; firstLanes: Int32Array; secondLanes: Int32Array };
const RESUMABLE_TRACES = 4;
/** Shorter requests are hashed from the start: looking for a shared beginning would cost more than it saves. */
const RESUMABLE_MINIMUM_SEGMENTS = 64;
const resumable: Resumable[] = [];

/**
 * Builds (once per segments array) the prompt blocks, their cumulative prefix hashes and token sums. Every request
 * of a run starts with the same tool blocks (10,000 of them for stubs at 10,000 tools), so a trace is continued from
 * the recent trace that shares the longest beginning with it: segments equal in key, tokens and being outside the
 * prompt give equal blocks, hashes and sums, so the result is the one a walk from the start gives.
 */
export function promptTrace(segments: readonly Segment[]): PromptTrace {
  const known = traces.get(segments);
  if (known && known.segmentCount === segments.length) return known;
  const start = segments.length >= RESUMABLE_MINIMUM_SEGMENTS ? longestSharedStart(segments) : null;
  const shared = start?.blocks ?? 0;
  const blockKeys: string[] = start ? start.from.trace.blockKeys.slice(0, shared) : [];
  const segmentIndexOfBlock = new Int32Array(segments.length);
  const cumulativeTokens = new Float64Array(segments.length + 1);
  const prefixHashes = new Float64Array(segments.length);
  const firstLanes = new Int32Array(segments.length);
  const secondLanes = new Int32Array(segments.length);
  const lanes = startHash();
  if (start && shared > 0) {
    segmentIndexOfBlock.set(start.from.trace.segmentIndexOfBlock.subarray(0, shared));
    cumulativeTokens.set(start.from.trace.cumulativeTokens.subarray(0, shared + 1));
    prefixHashes.set(start.from.trace.prefixHashes.subarray(0, shared));
    firstLanes.set(start.from.firstLanes.subarray(0, shared));
    secondLanes.set(start.from.secondLanes.subarray(0, shared));
    lanes.first = firstLanes[shared - 1];
    lanes.second = secondLanes[shared - 1];
  }
  // Chaining every earlier key into the hash makes equal prefix hashes mean equal prefixes (up to a 2^-53
  // collision), which is how the providers match: "byte-exact match up to the breakpoint" (PROTOCOLS.md §5.1, §5.2).
  let tokens = cumulativeTokens[shared];
  for (let index = start?.segments ?? 0; index < segments.length; index += 1) {
    const segment = segments[index];
    if (segment.outsidePrompt) continue;
    absorb(lanes, KEY_SEPARATOR);
    absorb(lanes, segment.key);
    const block = blockKeys.length;
    prefixHashes[block] = digest(lanes);
    firstLanes[block] = lanes.first;
    secondLanes[block] = lanes.second;
    tokens += segment.tokens;
    segmentIndexOfBlock[block] = index;
    blockKeys.push(segment.key);
    cumulativeTokens[block + 1] = tokens;
  }
  const blocks = blockKeys.length;
  const trace = {
    segmentCount: segments.length,
    segmentIndexOfBlock: segmentIndexOfBlock.subarray(0, blocks),
    blockKeys,
    prefixHashes: prefixHashes.subarray(0, blocks),
    cumulativeTokens: cumulativeTokens.subarray(0, blocks + 1),
  };
  traces.set(segments, trace);
  if (segments.length >= RESUMABLE_MINIMUM_SEGMENTS) {
    // A copy: the trace describes the segments as they are now, whatever happens to the array later.
    resumable.unshift({ segments: segments.slice(), trace, firstLanes, secondLanes });
    if (resumable.length > RESUMABLE_TRACES) resumable.pop();
  }
  return trace;
}

/** Segments that give the same block: the trace reads only these three fields. */
function sameBlock(first: Segment, second: Segment): boolean {
  return (
    first === second ||
    (first.key === second.key &&
      first.tokens === second.tokens &&
      Boolean(first.outsidePrompt) === Boolean(second.outsidePrompt))
  );
}

/** The recent trace whose segments begin as these do for longest: how many segments, and how many blocks they hold. */
function longestSharedStart(
  segments: readonly Segment[],
): { from: Resumable; segments: number; blocks: number } | null {
  let best: { from: Resumable; segments: number; blocks: number } | null = null;
  for (const candidate of resumable) {
    const limit = Math.min(candidate.segments.length, segments.length);
    // The most recent trace (the run's previous request) usually shares all but the last few segments.
    if (best && limit <= best.segments) continue;
    let shared = 0;
    while (shared < limit && sameBlock(candidate.segments[shared], segments[shared])) shared += 1;
    if (shared === 0 || (best && shared <= best.segments)) continue;
    // Blocks of the shared segments: those whose segment index is below `shared` (the indices increase).
    const blockIndices = candidate.trace.segmentIndexOfBlock;
    let low = 0;
    let high = blockIndices.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (blockIndices[middle] < shared) low = middle + 1;
      else high = middle;
    }
    best = { from: candidate, segments: shared, blocks: low };
  }
  return best;
}

export function blockCount(trace: PromptTrace): number {
  return trace.blockKeys.length;
}

export function promptTokens(trace: PromptTrace): number {
  return trace.cumulativeTokens[trace.blockKeys.length];
}

/** The cache-entry key of the prefix made of the first `block + 1` blocks. */
export function prefixKeyOfBlock(trace: PromptTrace, block: number): string {
  return block < 0 ? EMPTY_PREFIX_KEY : trace.prefixHashes[block].toString(36);
}

/**
 * Prefix key at each segment's boundary, parallel to `segments`: the key of the prompt up to and including that
 * segment. A deferred (`outsidePrompt`) segment repeats the key before it; before any prompt block the key is "".
 */
export function prefixKeys(segments: readonly Segment[]): string[] {
  const trace = promptTrace(segments);
  const known = segmentPrefixKeys.get(trace);
  if (known) return [...known];
  const keys: string[] = [];
  let block = -1;
  let key = EMPTY_PREFIX_KEY;
  for (let index = 0; index < segments.length; index += 1) {
    if (trace.segmentIndexOfBlock[block + 1] === index) {
      block += 1;
      key = prefixKeyOfBlock(trace, block);
    }
    keys.push(key);
  }
  segmentPrefixKeys.set(trace, keys);
  return [...keys];
}

/**
 * How many leading prompt blocks two traces share. Prefix hashes are chained, so "the first n blocks are equal" is
 * monotone in n and a binary search finds the largest n in O(log n).
 */
export function sharedBlockCount(first: PromptTrace, second: PromptTrace): number {
  let low = 0;
  let high = Math.min(first.prefixHashes.length, second.prefixHashes.length);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (first.prefixHashes[middle - 1] === second.prefixHashes[middle - 1]) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Number of leading prompt segments with equal keys; `outsidePrompt` segments are skipped on both sides. */
export function sharedPrefixLength(previous: readonly Segment[], current: readonly Segment[]): number {
  return sharedBlockCount(promptTrace(previous), promptTrace(current));
}

/**
 * The segment index to show for prompt block `block`. Past the last block (a removal at the end) it is clamped to
 * the last segment, so `segments[index]` always exists for a non-empty request.
 */
export function segmentIndexOfBlock(trace: PromptTrace, block: number): number {
  if (block >= 0 && block < trace.segmentIndexOfBlock.length) return trace.segmentIndexOfBlock[block];
  return block < 0 ? 0 : Math.max(0, trace.segmentCount - 1);
}
