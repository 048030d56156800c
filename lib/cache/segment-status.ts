import type { Segment, SegmentCacheStatus } from "../core";
import type { PrefixChange } from "./prefix-change";
import type { PromptTrace } from "./prompt-trace";

/**
 * Status of every segment of the request, parallel to `segments`:
 * - "read": the block lies entirely inside the prefix read from the cache.
 * - "invalidated": the cache held this content a moment ago and loses it now because something before it changed.
 *   Exactly: the previous prompt is not a prefix of this one (first difference at prompt block D), the block sits
 *   at D or later, it is not read now, and its key equals the key of a block in the previous request's cached part
 *   from D on (previous blocks D … previousCachedBlockCount − 1). Its tokens still count as written (inside the
 *   written part) or uncached (after it); the status only shows why they are paid again. This is the loss of
 *   naive dynamic tool lists: one changed tool re-sends the whole conversation.
 * - "write": the block is written to the cache now (between the read and the last written entry).
 * - "uncached": everything else, including deferred (`outsidePrompt`) tools, which are not in the prompt (§1.8).
 */
export function segmentStatuses(input: {
  segments: readonly Segment[];
  trace: PromptTrace;
  readBlockCount: number;
  cachedBlockCount: number;
  change: PrefixChange | null;
  previousTrace: PromptTrace | null;
  previousCachedBlockCount: number;
}): SegmentCacheStatus[] {
  const { segments, trace, readBlockCount, cachedBlockCount, change, previousTrace } = input;
  const statuses: SegmentCacheStatus[] = new Array<SegmentCacheStatus>(segments.length).fill("uncached");
  const lostKeys = new Set<string>();
  if (change && previousTrace) {
    const end = Math.min(input.previousCachedBlockCount, previousTrace.blockKeys.length);
    for (let block = change.block; block < end; block += 1) lostKeys.add(previousTrace.blockKeys[block]);
  }
  trace.segmentIndexOfBlock.forEach((segmentIndex, block) => {
    const isLost = change !== null && block >= change.block && lostKeys.has(trace.blockKeys[block]);
    if (block < readBlockCount) statuses[segmentIndex] = "read";
    else if (isLost) statuses[segmentIndex] = "invalidated";
    else if (block < cachedBlockCount) statuses[segmentIndex] = "write";
  });
  return statuses;
}
