/**
 * The cache card's headline, derived from the same token totals as its legend, so the words can never say "intact"
 * beside a zero "Read from cache". Each situation has its own words: a cold start (first request), a first write
 * (the earlier requests left nothing cached), below the minimum, read (a hit), and invalidated (a lost cache). The
 * engine's divergence says *where* the prefix stopped matching; the totals say *how much* was read, written or lost.
 */
import type { Divergence, SegmentCacheStatus } from "../engine/types";
import { formatTokens } from "./format";

export type CacheHeadlineKind =
  "empty" | "cold-start" | "first-write" | "below-minimum" | "not-cached" | "read" | "partly-lost" | "invalidated";

export type CacheHeadline = {
  kind: CacheHeadlineKind;
  /** success: tokens were read and nothing lost; danger: cached tokens were lost; neutral otherwise. */
  tone: "success" | "danger" | "neutral";
  icon: "✓" | "✕" | "•";
  /** One sentence whose every figure is one of the legend's totals. */
  sentence: string;
  /** Where and why, in the engine's words (the path where the prefix stopped matching); null when nothing diverged. */
  detail: string | null;
};

const tokens = (count: number) => `${formatTokens(count)} ${count === 1 ? "token" : "tokens"}`;

/** "written for the next request to read" and "not cached" parts shared by several sentences. */
function tail(totals: Record<SegmentCacheStatus, number>): string {
  const parts: string[] = [];
  if (totals.write > 0) parts.push(`${tokens(totals.write)} written to the cache for the next request`);
  if (totals.uncached > 0) parts.push(`${tokens(totals.uncached)} not cached`);
  return parts.length > 0 ? `; ${parts.join("; ")}` : "";
}

export function cacheHeadline(
  totals: Record<SegmentCacheStatus, number>,
  divergence: Divergence | null,
): CacheHeadline {
  // The first request and a prompt below the minimum are about the whole request: the sentence says it all.
  const detail =
    divergence && divergence.kind !== "first-request" && divergence.kind !== "below-minimum"
      ? divergence.reason || `${divergence.segment}: ${divergence.kind.replace(/-/g, " ")}`
      : null;
  const total = totals.read + totals.write + totals.uncached + totals.invalidated;
  if (total === 0)
    return { kind: "empty", tone: "neutral", icon: "•", sentence: "No prompt tokens in this request.", detail };

  if (totals.invalidated > 0) {
    const where = divergence ? ` at ${divergence.segment}` : "";
    if (totals.read > 0)
      return {
        kind: "partly-lost",
        tone: "danger",
        icon: "✕",
        sentence: `Cache partly lost${where}: ${tokens(totals.read)} before it read from cache, ${tokens(totals.invalidated)} after it invalidated and paid for again${tail(totals)}.`,
        detail,
      };
    return {
      kind: "invalidated",
      tone: "danger",
      icon: "✕",
      sentence: `Cache lost${where}: all ${tokens(totals.invalidated)} the previous request had cached are invalidated and paid for again; nothing read from cache${tail(totals)}.`,
      detail,
    };
  }

  if (totals.read > 0) {
    const intact = divergence === null ? "Prefix intact" : "Cache hit";
    return {
      kind: "read",
      tone: "success",
      icon: "✓",
      sentence: `${intact}: ${tokens(totals.read)} read from cache at the discounted price${tail(totals)}.`,
      detail,
    };
  }

  // Nothing read, nothing lost.
  if (divergence?.kind === "below-minimum") {
    const minimum = /([\d,]+)-token minimum/.exec(divergence.reason)?.[1];
    return {
      kind: "below-minimum",
      tone: "neutral",
      icon: "•",
      sentence: `Below the minimum: this prompt of ${tokens(total)} is shorter than the ${minimum ? `${minimum}-token ` : ""}minimum the provider caches, so all ${tokens(totals.uncached)} are sent uncached${totals.write > 0 ? `; ${tokens(totals.write)} written` : ""}.`,
      detail,
    };
  }
  if (divergence?.kind === "first-request")
    return {
      kind: "cold-start",
      tone: "neutral",
      icon: "•",
      sentence:
        totals.write > 0
          ? `Cold start: the first request finds nothing cached, so nothing is read${tail(totals)}.`
          : `Cold start: the first request finds nothing cached and caches nothing; ${tokens(totals.uncached)} not cached.`,
      detail,
    };
  if (totals.write > 0)
    return {
      kind: "first-write",
      tone: "neutral",
      icon: "•",
      sentence: `First write: the earlier requests left nothing in the cache this one could read, so nothing is read${tail(totals)}.`,
      detail,
    };
  return {
    kind: "not-cached",
    tone: "neutral",
    icon: "•",
    sentence: `Not cached: all ${tokens(totals.uncached)} are sent at the full input price and nothing is kept.`,
    detail,
  };
}

/**
 * What "the words agree with the numbers" means, as a checklist: every total the sentence relies on is named with
 * its figure, no zero total is claimed, and the tone follows the figures. Empty when they agree. The unit test runs
 * it on the engine's output and the browser test on what the page shows, so both hold the card to the same rules.
 */
export function headlineDisagreements(
  headline: Pick<CacheHeadline, "sentence" | "tone">,
  totals: Record<SegmentCacheStatus, number>,
): string[] {
  const problems: string[] = [];
  const text = headline.sentence;
  const names = (count: number) => text.includes(tokens(count));
  if (totals.read > 0 && !names(totals.read)) problems.push(`the ${totals.read} tokens read are not named`);
  if (totals.read === 0 && /read from cache at|intact|Cache hit/.test(text)) problems.push("claims a read of zero");
  if (totals.invalidated > 0 && !names(totals.invalidated)) problems.push("the invalidated tokens are not named");
  if (totals.invalidated === 0 && /invalidated|lost/i.test(text)) problems.push("claims a loss of zero");
  if (totals.write > 0 && !names(totals.write)) problems.push("the written tokens are not named");
  if (totals.write === 0 && /written/.test(text)) problems.push("claims a write of zero");
  if (/whole cache/.test(text) && totals.read > 0) problems.push('"whole cache" beside a read');
  if ((headline.tone === "success") !== (totals.read > 0 && totals.invalidated === 0)) problems.push("success tone");
  if ((headline.tone === "danger") !== totals.invalidated > 0) problems.push("danger tone");
  return problems;
}

/** The cache card as a reader sees it: the headline's words and tone, its figures, and the legend's printed totals. */
export type ShownCacheCard = {
  sentence: string;
  tone: CacheHeadline["tone"];
  /** The figures the headline is drawn for (its data-read, data-write, … attributes). */
  totals: Record<SegmentCacheStatus, number>;
  /** The legend's printed totals in its order (read, write, uncached, invalidated), digits only. */
  legend: string[];
};

/**
 * Everything that makes a shown card contradict itself: the legend printing other totals than the headline's, and
 * every rule of headlineDisagreements. The component test runs it on the card rendered for every request of the
 * examples, the browser test on the card the page shows, so both hold the card to one rule.
 */
export function cardDisagreements(card: ShownCacheCard): string[] {
  const figures = [card.totals.read, card.totals.write, card.totals.uncached, card.totals.invalidated];
  const legend =
    card.legend.join(",") === figures.join(",")
      ? []
      : [`legend ${card.legend.join(",")} vs headline figures ${figures}`];
  return [...legend, ...headlineDisagreements(card, card.totals)];
}
