import { blockCount, type PromptTrace, sharedBlockCount } from "./prompt-trace";

/** How far ahead an insertion or removal is recognised; further shifts are reported as a change. */
const SHIFT_WINDOW_BLOCKS = 32;
/** Blocks that must line up again after a shift, so a repeated short block (an "ok") is not taken for one. */
const CONFIRMING_BLOCKS = 3;

/**
 * The first place where the previous request's prompt is not a prefix of the current one, in prompt blocks.
 * `block` is the first differing block; `count` is how many blocks were inserted or removed there (1 for "changed").
 */
export type PrefixChange = { kind: "changed" | "inserted" | "removed"; block: number; count: number };

/**
 * Null when the previous prompt is a prefix of the current one (pure append, PROTOCOLS.md §4.3: "appending
 * messages" is not an edit). Otherwise classifies the first difference: blocks inserted before the old block,
 * old blocks removed, or a block changed in place (including reorders).
 */
export function findPrefixChange(previous: PromptTrace, current: PromptTrace): PrefixChange | null {
  const block = sharedBlockCount(previous, current);
  const previousCount = blockCount(previous);
  if (block === previousCount) return null;
  if (block === blockCount(current)) return { kind: "removed", block, count: previousCount - block };
  const inserted = shiftAt(current, previous, block);
  const removed = shiftAt(previous, current, block);
  if (inserted > 0 && (removed === 0 || inserted < removed)) return { kind: "inserted", block, count: inserted };
  if (removed > 0 && (inserted === 0 || removed < inserted)) return { kind: "removed", block, count: removed };
  return { kind: "changed", block, count: 1 };
}

/**
 * The smallest shift k ≥ 1 such that `longer` from block + k lines up with `shorter` from block (for a few
 * confirming blocks or until either ends), or 0 when there is none within the window.
 */
function shiftAt(longer: PromptTrace, shorter: PromptTrace, block: number): number {
  for (let shift = 1; shift <= SHIFT_WINDOW_BLOCKS && block + shift < longer.blockKeys.length; shift += 1) {
    let matches = true;
    for (let offset = 0; offset < CONFIRMING_BLOCKS; offset += 1) {
      const longerKey = longer.blockKeys[block + shift + offset];
      const shorterKey = shorter.blockKeys[block + offset];
      if (longerKey === undefined || shorterKey === undefined) break;
      if (longerKey !== shorterKey) {
        matches = false;
        break;
      }
    }
    if (matches) return shift;
  }
  return 0;
}
