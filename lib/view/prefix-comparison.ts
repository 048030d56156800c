/**
 * Any two requests of a run, compared the way the prompt cache compares them: block by block from the front, in
 * cache order, until the first block that differs. The figures (shared tokens, what each request has after the
 * point where they part) draw the diff tab's two bars, and the sentence beside them is built from the same figures.
 */
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import type { Segment, SegmentGroup } from "../core";
import { sharedPrefixLength } from "../cache";

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

/**
 * One or two sentences for the comparison, every figure one of the bars' figures. `fromName` and `toName` are how
 * the page names the two requests ("request 2", "第 2 个请求").
 */
export function comparisonSentence(
  comparison: PrefixComparison,
  fromName: string,
  toName: string,
  locale: Locale = "en",
): string {
  const t = translatorFor(locale, "cache");
  const tokens = (count: number) => t("tokens", { count });
  const { kind, sharedTokens, fromRestTokens, toRestTokens, partsAt } = comparison;
  const names = { from: fromName, to: toName, From: capitalise(fromName), To: capitalise(toName) };
  const figures = {
    ...names,
    shared: tokens(sharedTokens),
    fromRest: tokens(fromRestTokens),
    toRest: tokens(toRestTokens),
    partsAt: partsAt ?? "",
  };
  if (kind === "identical") return t("comparison.identical", figures);
  if (kind === "extends") return t("comparison.extends", figures);
  if (kind === "shortens") return t("comparison.shortens", figures);
  const shared = sharedTokens === 0 ? t("comparison.differFirst", figures) : t("comparison.share", figures);
  return t("comparison.differ", { ...figures, shared });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
