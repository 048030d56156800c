import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import type { Divergence, Segment, SegmentCacheStatus, SegmentGroup } from "../core";
import { CACHE_STATUS_ORDER } from "./cache-status";
import { formatCount } from "./format";

/** One drawn bar of the cache-prefix bar: a run of consecutive in-prompt segments. */
export type PrefixBar = {
  /** Index into `segments` of the first segment drawn in this bar. */
  startIndex: number;
  /** Index into `segments` of the last segment drawn in this bar (inclusive). */
  endIndex: number;
  /** The group of the first segment; `groups` lists all of them when bars had to be merged across groups. */
  group: SegmentGroup;
  groups: SegmentGroup[];
  /** The colour of the bar. For a bar merged across statuses (only when `maxBars` forces it): the largest share. */
  status: SegmentCacheStatus;
  /** Tokens per status inside this bar; one non-zero entry unless `mixed`. */
  statusTokens: Record<SegmentCacheStatus, number>;
  mixed: boolean;
  tokens: number;
  toolDefinitionTokens: number;
  /** In-prompt segments drawn in this bar. */
  segmentCount: number;
  /** A cache breakpoint sits on one of its segments. */
  breakpoint: boolean;
  /** Plain words: "tool get_weather", "10,000 tool definitions (tool a … tool z)". */
  label: string;
  /** The paths covered, as ranges: "tools[0]–tools[9999]", "tools[0]–tools[4], tools[9995]–tools[9999]". */
  paths: string;
};

export type AggregateOptions = {
  /** Upper bound on the number of bars (default 60, at least 1). */
  maxBars?: number;
  /** Segment indices that must start a bar of their own, e.g. the first divergence, so a marker can sit on it. */
  keepApartAt?: readonly number[];
};

export const DEFAULT_MAX_BARS = 60;

type Run = {
  status: SegmentCacheStatus;
  /** Every status present, including zero-token segments. */
  statuses: Set<SegmentCacheStatus>;
  startIndex: number;
  endIndex: number;
  groups: SegmentGroup[];
  statusTokens: Record<SegmentCacheStatus, number>;
  tokens: number;
  toolDefinitionTokens: number;
  breakpoint: boolean;
  /** Ranges of segment indices, inclusive; a gap means outside-prompt segments were skipped. */
  ranges: Array<[number, number]>;
  /** Protected boundary: this run must not be merged into the one before it. */
  keepApart: boolean;
};

/**
 * Turns a request's segments into at most `maxBars` bars in cache order. Consecutive segments of the same group and
 * status merge (10,000 tool definitions read from cache become one bar); segments outside the prompt (deferred
 * tools) are left out and counted by `outsidePromptSummary`. Token sums and order are preserved. When the
 * group/status runs still exceed `maxBars`, runs of the same status merge across groups first, then the smallest
 * neighbouring pairs merge into mixed bars.
 */
export function aggregateSegments(
  segments: readonly Segment[],
  statuses: readonly SegmentCacheStatus[],
  options: AggregateOptions = {},
): PrefixBar[] {
  const maxBars = Math.max(1, Math.floor(options.maxBars ?? DEFAULT_MAX_BARS));
  const keepApart = new Set(options.keepApartAt ?? []);
  let runs: Run[] = [];
  let current: Run | null = null;
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index];
    if (segment.outsidePrompt) continue;
    const status = statuses[index] ?? "uncached";
    const startsNew =
      current === null || current.groups[0] !== segment.group || current.status !== status || keepApart.has(index);
    if (startsNew) {
      current = newRun(index, segment, status, keepApart.has(index));
      runs.push(current);
    } else if (current) {
      addSegment(current, index, segment, status);
    }
  }
  if (runs.length > maxBars) runs = mergeSameStatus(runs);
  if (runs.length > maxBars) runs = mergeSmallest(runs, maxBars);
  return runs.map((run) => toBar(run, segments));
}

function emptyStatusTokens(): Record<SegmentCacheStatus, number> {
  return { read: 0, write: 0, uncached: 0, invalidated: 0 };
}

function newRun(index: number, segment: Segment, status: SegmentCacheStatus, keepApart: boolean): Run {
  const statusTokens = emptyStatusTokens();
  statusTokens[status] = segment.tokens;
  return {
    status,
    statuses: new Set([status]),
    startIndex: index,
    endIndex: index,
    groups: [segment.group],
    statusTokens,
    tokens: segment.tokens,
    toolDefinitionTokens: segment.toolDefinitionTokens,
    breakpoint: segment.breakpoint,
    ranges: [[index, index]],
    keepApart,
  };
}

function addSegment(run: Run, index: number, segment: Segment, status: SegmentCacheStatus): void {
  run.statusTokens[status] += segment.tokens;
  run.tokens += segment.tokens;
  run.toolDefinitionTokens += segment.toolDefinitionTokens;
  run.breakpoint ||= segment.breakpoint;
  const last = run.ranges[run.ranges.length - 1];
  if (last[1] === index - 1) last[1] = index;
  else run.ranges.push([index, index]);
  run.endIndex = index;
}

/**
 * Which status colours a mixed run: the one with the most tokens; a tie goes to the more alarming status
 * (later in CACHE_STATUS_ORDER). Without any tokens the run keeps `fallback`.
 */
function dominantStatus(
  statusTokens: Record<SegmentCacheStatus, number>,
  fallback: SegmentCacheStatus,
): SegmentCacheStatus {
  let best = fallback;
  let bestTokens = 0;
  for (const status of CACHE_STATUS_ORDER) {
    if (statusTokens[status] > 0 && statusTokens[status] >= bestTokens) {
      best = status;
      bestTokens = statusTokens[status];
    }
  }
  return best;
}

function mergeInto(target: Run, source: Run): void {
  for (const status of source.statuses) target.statuses.add(status);
  for (const status of CACHE_STATUS_ORDER) target.statusTokens[status] += source.statusTokens[status];
  target.tokens += source.tokens;
  target.toolDefinitionTokens += source.toolDefinitionTokens;
  target.breakpoint ||= source.breakpoint;
  for (const group of source.groups) if (!target.groups.includes(group)) target.groups.push(group);
  for (const range of source.ranges) {
    const last = target.ranges[target.ranges.length - 1];
    if (last[1] === range[0] - 1) last[1] = range[1];
    else target.ranges.push([range[0], range[1]]);
  }
  target.endIndex = source.endIndex;
  if (target.statuses.size > 1) target.status = dominantStatus(target.statusTokens, target.status);
}

function isPure(run: Run): boolean {
  return run.statuses.size === 1;
}

function mergeSameStatus(runs: Run[]): Run[] {
  const merged: Run[] = [];
  for (const run of runs) {
    const previous = merged[merged.length - 1];
    if (previous && !run.keepApart && isPure(previous) && isPure(run) && previous.status === run.status) {
      mergeInto(previous, run);
    } else merged.push(run);
  }
  return merged;
}

/**
 * Greedy: repeatedly merge the neighbouring pair with the fewest tokens, so small bars disappear first and big
 * ones keep their own colour. Protected boundaries merge last. A binary heap with lazy deletion keeps this
 * O(n log n) for the adversarial case of 10,000 alternating statuses.
 */
function mergeSmallest(runs: Run[], maxBars: number): Run[] {
  const count = runs.length;
  const next = runs.map((_, index) => (index + 1 < count ? index + 1 : -1));
  const previous = runs.map((_, index) => index - 1);
  const alive = runs.map(() => true);
  const version = runs.map(() => 0);
  const heap = new PairHeap();
  const cost = (left: number, right: number) =>
    runs[left].tokens + runs[right].tokens + (runs[right].keepApart ? Number.MAX_SAFE_INTEGER / 4 : 0);
  for (let index = 0; index + 1 < count; index += 1)
    heap.push({ cost: cost(index, index + 1), left: index, leftVersion: 0, right: index + 1, rightVersion: 0 });
  let remaining = count;
  while (remaining > maxBars) {
    const pair = heap.pop();
    if (!pair) break;
    const { left, right } = pair;
    if (
      !alive[left] ||
      !alive[right] ||
      version[left] !== pair.leftVersion ||
      version[right] !== pair.rightVersion ||
      next[left] !== right
    )
      continue;
    mergeInto(runs[left], runs[right]);
    alive[right] = false;
    version[left] += 1;
    next[left] = next[right];
    if (next[right] !== -1) previous[next[right]] = left;
    remaining -= 1;
    if (previous[left] !== -1) {
      const before = previous[left];
      heap.push({
        cost: cost(before, left),
        left: before,
        leftVersion: version[before],
        right: left,
        rightVersion: version[left],
      });
    }
    if (next[left] !== -1) {
      const after = next[left];
      heap.push({
        cost: cost(left, after),
        left,
        leftVersion: version[left],
        right: after,
        rightVersion: version[after],
      });
    }
  }
  return runs.filter((_, index) => alive[index]);
}

type Pair = { cost: number; left: number; leftVersion: number; right: number; rightVersion: number };

class PairHeap {
  private readonly items: Pair[] = [];

  push(item: Pair): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!less(items[index], items[parent])) break;
      [items[index], items[parent]] = [items[parent], items[index]];
      index = parent;
    }
  }

  pop(): Pair | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0];
    const last = items.pop() as Pair;
    if (items.length > 0) {
      items[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < items.length && less(items[left], items[smallest])) smallest = left;
        if (right < items.length && less(items[right], items[smallest])) smallest = right;
        if (smallest === index) break;
        [items[index], items[smallest]] = [items[smallest], items[index]];
        index = smallest;
      }
    }
    return top;
  }
}

/** Ties break towards the left, so merging is deterministic. */
function less(a: Pair, b: Pair): boolean {
  return a.cost < b.cost || (a.cost === b.cost && a.left < b.left);
}

const GROUP_NOUNS: Record<SegmentGroup, [string, string]> = {
  tools: ["tool definition", "tool definitions"],
  system: ["system block", "system blocks"],
  messages: ["conversation block", "conversation blocks"],
};

function toBar(run: Run, segments: readonly Segment[]): PrefixBar {
  const segmentCount = run.ranges.reduce((sum, [from, to]) => sum + to - from + 1, 0);
  return {
    startIndex: run.startIndex,
    endIndex: run.endIndex,
    group: run.groups[0],
    groups: run.groups,
    status: run.status,
    statusTokens: run.statusTokens,
    mixed: !isPure(run),
    tokens: run.tokens,
    toolDefinitionTokens: run.toolDefinitionTokens,
    segmentCount,
    breakpoint: run.breakpoint,
    label: barLabel(run, segments, segmentCount),
    paths: describePaths(run.ranges, segments),
  };
}

function barLabel(run: Run, segments: readonly Segment[], segmentCount: number): string {
  const first = segments[run.startIndex];
  if (segmentCount === 1) return first.label;
  const last = segments[run.endIndex];
  if (run.groups.length === 1) {
    const [singular, plural] = GROUP_NOUNS[run.groups[0]];
    return `${formatCount(segmentCount, singular, plural)} (${first.label} … ${last.label})`;
  }
  return `${formatCount(segmentCount, "block")} across ${run.groups.join(", ")} (${first.label} … ${last.label})`;
}

/** At most this many ranges are listed; the rest are counted. */
const MAX_LISTED_RANGES = 3;

function describePaths(ranges: ReadonlyArray<readonly [number, number]>, segments: readonly Segment[]): string {
  const text = ([from, to]: readonly [number, number]) =>
    from === to ? segments[from].path : `${segments[from].path}–${segments[to].path}`;
  if (ranges.length <= MAX_LISTED_RANGES) return ranges.map(text).join(", ");
  const hidden = ranges.length - 2;
  return `${text(ranges[0])}, … ${formatCount(hidden, "more range")} …, ${text(ranges[ranges.length - 1])}`;
}

/** A sentence for a tooltip or screen reader: "tools[0]–tools[9999]: 10,000 tool definitions …, 812,345 tokens, read from cache". */
export function describeSegmentRange(bar: PrefixBar, locale: Locale = "en"): string {
  const t = translatorFor(locale, "cache");
  const statusText = bar.mixed
    ? CACHE_STATUS_ORDER.filter((status) => bar.statusTokens[status] > 0)
        .map((status) => t("statusAmount", { count: bar.statusTokens[status], status: t(`statusLower.${status}`) }))
        .join(locale === "en" ? ", " : "，")
    : t(`statusLower.${bar.status}`);
  return t("range", {
    paths: bar.paths,
    label: bar.label,
    tokens: t("tokens", { count: bar.tokens }),
    status: statusText,
    breakpoint: bar.breakpoint ? t("rangeBreakpoint") : "",
  });
}

/** Prompt tokens per status (segments outside the prompt count nothing). */
export function statusTotals(
  segments: readonly Segment[],
  statuses: readonly SegmentCacheStatus[],
): Record<SegmentCacheStatus, number> {
  const totals = emptyStatusTokens();
  segments.forEach((segment, index) => {
    if (!segment.outsidePrompt) totals[statuses[index] ?? "uncached"] += segment.tokens;
  });
  return totals;
}

export type OutsidePromptSummary = {
  count: number;
  /** "9,990 deferred tools outside the prompt", or null when there are none. */
  sentence: string | null;
};

/** Segments that are in the body but not in the model's prompt (Anthropic `defer_loading` tools). */
export function outsidePromptSummary(segments: readonly Segment[], locale: Locale = "en"): OutsidePromptSummary {
  const t = translatorFor(locale, "cache");
  let tools = 0;
  let others = 0;
  for (const segment of segments) {
    if (!segment.outsidePrompt) continue;
    if (segment.group === "tools") tools += 1;
    else others += 1;
  }
  const parts: string[] = [];
  if (tools > 0) parts.push(t("outside.tools", { count: tools }));
  if (others > 0) parts.push(t("outside.others", { count: others }));
  return {
    count: tools + others,
    sentence: parts.length > 0 ? t("outside.sentence", { parts: parts.join(t("outside.and")) }) : null,
  };
}

export const PREFIX_INTACT_SENTENCE = "Prefix intact: everything before the new content was read from cache";

/** The headline above the bar. */
export function divergenceSentence(divergence: Divergence | null): string {
  if (!divergence) return PREFIX_INTACT_SENTENCE;
  // Not capitalised: reasons usually start with a path ("tools[3] changed: …"), which is code.
  return divergence.reason.length > 0
    ? divergence.reason
    : `${divergence.segment}: ${divergence.kind.replace(/-/g, " ")}`;
}

/** Index of the bar that holds (or, for a segment outside the prompt, follows) `segmentIndex`; -1 without bars. */
export function barIndexOfSegment(bars: readonly PrefixBar[], segmentIndex: number): number {
  if (bars.length === 0) return -1;
  const holding = bars.findIndex((bar) => bar.startIndex <= segmentIndex && segmentIndex <= bar.endIndex);
  if (holding !== -1) return holding;
  const following = bars.findIndex((bar) => bar.startIndex > segmentIndex);
  return following !== -1 ? following : bars.length - 1;
}

export type BarBox = { leftPercent: number; widthPercent: number };

/**
 * Horizontal layout: widths proportional to tokens, but never below `minPercent` so a 40-token user turn next
 * to 80,000 tokens of tools stays visible and focusable. Widths sum to 100.
 */
export function layoutBars(
  bars: readonly Pick<PrefixBar, "tokens">[],
  options: { minPercent?: number } = {},
): BarBox[] {
  const count = bars.length;
  if (count === 0) return [];
  const minPercent = Math.min(options.minPercent ?? 0.6, 100 / count);
  const total = bars.reduce((sum, bar) => sum + Math.max(0, bar.tokens), 0);
  let widths: number[];
  if (total === 0) widths = bars.map(() => 100 / count);
  else {
    const floored = new Set<number>();
    widths = [];
    // Each pass floors the bars that fall under the minimum and shares the rest among the others.
    for (let pass = 0; pass <= count; pass += 1) {
      const freeTokens = bars.reduce(
        (sum, bar, index) => (floored.has(index) ? sum : sum + Math.max(0, bar.tokens)),
        0,
      );
      const freePercent = 100 - floored.size * minPercent;
      widths = bars.map((bar, index) =>
        floored.has(index)
          ? minPercent
          : freeTokens === 0
            ? freePercent / (count - floored.size)
            : (Math.max(0, bar.tokens) / freeTokens) * freePercent,
      );
      const newlyFloored = widths.flatMap((width, index) => (!floored.has(index) && width < minPercent ? [index] : []));
      if (newlyFloored.length === 0) break;
      for (const index of newlyFloored) floored.add(index);
    }
  }
  let left = 0;
  return widths.map((widthPercent) => {
    const box = { leftPercent: left, widthPercent };
    left += widthPercent;
    return box;
  });
}
