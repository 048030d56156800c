/**
 * Any two requests of a run, compared the way the prompt cache compares them: block by block from the front, in
 * cache order, until the first block that differs. The figures (shared tokens, what each request has after the
 * point where they part) draw the diff tab's two bars, and the sentence beside them is built from the same figures.
 */
import type { Segment, SegmentGroup } from "../core";
import { sharedPrefixLength } from "../cache";
import { formatTokens } from "./format";

export type PrefixComparisonKind =
  /** Both prompts are the same, block for block. */
  | "identical"
  /** The earlier-picked request is a prefix of the other: it only adds blocks at the end. */
  | "extends"
  /** The other way round: the second request is the first one cut short. */
  | "shortens"
  /** They part somewhere before either ends. */
  | "parts";

export type PrefixComparison = {
  kind: PrefixComparisonKind;
  /** Prompt blocks (in-prompt segments) the two requests share from the front. */
  sharedBlocks: number;
  sharedTokens: number;
  /** Tokens of each prompt after the shared prefix. */
  fromRestTokens: number;
  toRestTokens: number;
  fromTokens: number;
  toTokens: number;
  /** Where they part: the path of the first block after the shared prefix, in the second request (else the first). */
  partsAt: string | null;
  /** Which groups the shared prefix covers, in cache order ("tools", "system", "messages"). */
  sharedGroups: SegmentGroup[];
};

function inPrompt(segments: readonly Segment[]): Segment[] {
  return segments.filter((segment) => !segment.outsidePrompt);
}

export function comparePrefixes(from: readonly Segment[], to: readonly Segment[]): PrefixComparison {
  const fromBlocks = inPrompt(from);
  const toBlocks = inPrompt(to);
  const sharedBlocks = sharedPrefixLength(from, to);
  const sum = (blocks: readonly Segment[]) => blocks.reduce((total, segment) => total + segment.tokens, 0);
  const sharedTokens = sum(toBlocks.slice(0, sharedBlocks));
  const fromTokens = sum(fromBlocks);
  const toTokens = sum(toBlocks);
  const fromEnds = sharedBlocks === fromBlocks.length;
  const toEnds = sharedBlocks === toBlocks.length;
  const kind: PrefixComparisonKind =
    fromEnds && toEnds ? "identical" : fromEnds ? "extends" : toEnds ? "shortens" : "parts";
  const sharedGroups: SegmentGroup[] = [];
  for (const segment of toBlocks.slice(0, sharedBlocks))
    if (!sharedGroups.includes(segment.group)) sharedGroups.push(segment.group);
  return {
    kind,
    sharedBlocks,
    sharedTokens,
    fromRestTokens: fromTokens - sharedTokens,
    toRestTokens: toTokens - sharedTokens,
    fromTokens,
    toTokens,
    partsAt: toBlocks[sharedBlocks]?.path ?? fromBlocks[sharedBlocks]?.path ?? null,
    sharedGroups,
  };
}

const tokens = (count: number) => `${formatTokens(count)} ${count === 1 ? "token" : "tokens"}`;

/**
 * One or two sentences for the comparison, every figure one of the bars' figures. `fromName` and `toName` are how
 * the page names the two requests ("request 2").
 */
export function comparisonSentence(comparison: PrefixComparison, fromName: string, toName: string): string {
  const { kind, sharedTokens, fromRestTokens, toRestTokens, partsAt } = comparison;
  if (kind === "identical")
    return `${capitalise(fromName)} and ${toName} are the same prompt: all ${tokens(sharedTokens)}.`;
  if (kind === "extends")
    return `${capitalise(toName)} begins with all ${tokens(sharedTokens)} of ${fromName} and adds ${tokens(toRestTokens)} after them (from ${partsAt}): a pure append, the prefix is unchanged.`;
  if (kind === "shortens")
    return `${capitalise(toName)} is the first ${tokens(sharedTokens)} of ${fromName}; the ${tokens(fromRestTokens)} after them (from ${partsAt}) are not in it.`;
  const shared =
    sharedTokens === 0
      ? `${capitalise(fromName)} and ${toName} differ from the very first block (${partsAt})`
      : `${capitalise(fromName)} and ${toName} share their first ${tokens(sharedTokens)} and part at ${partsAt}`;
  return `${shared}: after that, ${tokens(fromRestTokens)} of ${fromName} and ${tokens(toRestTokens)} of ${toName} differ, so what one request cached can serve the other only up to there.`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
