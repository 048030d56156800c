/**
 * The cache card's headline, derived from the same token totals as its legend, so the words can never say "intact"
 * beside a zero "Read from cache". Each situation has its own words: a cold start (first request), a first write
 * (the earlier requests left nothing cached), below the minimum, read (a hit), and invalidated (a lost cache). The
 * engine's divergence says *where* the prefix stopped matching; the totals say *how much* was read, written or lost.
 */
import type { Divergence, SegmentCacheStatus, StepRejection, StepTokens } from "../engine/types";
import { formatTokens } from "./format";

export type CacheHeadlineKind =
  | "empty"
  | "cold-start"
  | "first-write"
  | "below-minimum"
  | "not-cached"
  | "read"
  | "partly-lost"
  | "invalidated"
  | "refused";

export type CacheHeadline = {
  kind: CacheHeadlineKind;
  /** success: tokens were read and nothing lost; danger: cached tokens were lost; neutral otherwise. */
  tone: "success" | "danger" | "neutral";
  icon: "✓" | "✕" | "•";
  /** One sentence whose every figure is one of the card's figures (CacheCardFigures). */
  sentence: string;
  /** Where and why, in the engine's words (the path where the prefix stopped matching); null when nothing diverged. */
  detail: string | null;
};

/** What the provider bills for the request's prompt: the step's own token figures (StepTokens). */
export type BilledPromptTokens = Pick<StepTokens, "cacheRead" | "cacheWrite" | "uncached" | "cacheStored">;

/**
 * The cache card's figures: one value for its sentence, its legend and the step's figures beside it. They are the
 * billed tokens, not the blocks' colours: a provider that reports cached tokens in 128-token steps bills part of the
 * block after the last green one as read, and one that bills no cache write sends what it stores as plain input.
 * read + written + stored + uncached is the prompt; `invalidated` is a part of what is not read (the blocks the
 * previous request had cached that this one pays for again).
 */
export type CacheCardFigures = {
  read: number;
  /** Billed as a cache write. */
  written: number;
  /** Kept for the next request without a write fee: billed as uncached input (OpenAI before GPT-5.6, Kimi K2.x). */
  stored: number;
  /** Billed as uncached input and not kept. */
  uncached: number;
  invalidated: number;
  /** Tokens of the blocks drawn as read; below `read` when the provider rounds cached tokens to its step. */
  blockRead: number;
};

export function cacheCardFigures(
  billed: BilledPromptTokens,
  blocks: Record<SegmentCacheStatus, number>,
): CacheCardFigures {
  const stored = Math.min(billed.cacheStored ?? 0, billed.uncached);
  return {
    read: billed.cacheRead,
    written: billed.cacheWrite,
    stored,
    uncached: billed.uncached - stored,
    invalidated: blocks.invalidated,
    blockRead: blocks.read,
  };
}

/** The card's figures when only the blocks are known (a card drawn without the step's tokens). */
export function figuresOfBlocks(blocks: Record<SegmentCacheStatus, number>): CacheCardFigures {
  return cacheCardFigures(
    { cacheRead: blocks.read, cacheWrite: blocks.write + blocks.invalidated, uncached: blocks.uncached },
    blocks,
  );
}

/** A refused request is read by nobody: nothing is read, written, stored or billed. */
export const NOTHING_BILLED: CacheCardFigures = {
  read: 0,
  written: 0,
  stored: 0,
  uncached: 0,
  invalidated: 0,
  blockRead: 0,
};

/**
 * The card of a request the provider refuses: it answers with an error before reading the prompt, so the card says
 * so instead of pricing tokens nobody reads. `sentTokens` is the prompt that was sent.
 */
export function refusedHeadline(rejection: Pick<StepRejection, "status" | "type">, sentTokens: number): CacheHeadline {
  return {
    kind: "refused",
    tone: "danger",
    icon: "✕",
    sentence: `Refused: the provider answers ${rejection.status} ${rejection.type} and reads none of the ${tokens(sentTokens)} sent, so nothing is read from cache, cached or billed; the run stops here.`,
    detail: null,
  };
}

export const promptTotal = (figures: CacheCardFigures) =>
  figures.read + figures.written + figures.stored + figures.uncached;

const tokens = (count: number) => `${formatTokens(count)} ${count === 1 ? "token" : "tokens"}`;

const PAID_AGAIN = "invalidated (the previous request had cached them) and paid for again";

/**
 * What happens to the tokens not read: written, stored or not cached, each with its billed figure. The invalidated
 * tokens are named inside the part that pays for them, so the parts still add up to the prompt on screen.
 */
function notReadParts(figures: CacheCardFigures): string[] {
  const { written, stored, uncached, invalidated } = figures;
  const buckets: Array<{ count: number; text: string }> = [
    { count: written, text: `${tokens(written)} written to the cache for the next request` },
    {
      count: stored,
      text: `${tokens(stored)} sent at the full input price and stored for the next request (no cache write is billed)`,
    },
    { count: uncached, text: `${tokens(uncached)} not cached` },
  ].filter((bucket) => bucket.count > 0);
  const holder = invalidated > 0 ? buckets.findIndex((bucket) => invalidated <= bucket.count) : -1;
  const parts = buckets.map((bucket, index) =>
    index === holder ? `${bucket.text}, ${formatTokens(invalidated)} of them ${PAID_AGAIN}` : bucket.text,
  );
  if (invalidated > 0 && holder === -1) {
    const notRead = written + stored + uncached;
    parts.push(`of the ${tokens(notRead)} not read, ${formatTokens(invalidated)} are ${PAID_AGAIN}`);
  }
  return parts;
}

function tail(figures: CacheCardFigures): string {
  const parts = notReadParts(figures);
  return parts.length > 0 ? `; ${parts.join("; ")}` : "";
}

export function cacheHeadline(figures: CacheCardFigures, divergence: Divergence | null): CacheHeadline {
  // The first request and a prompt below the minimum are about the whole request: the sentence says it all.
  const detail =
    divergence && divergence.kind !== "first-request" && divergence.kind !== "below-minimum"
      ? divergence.reason || `${divergence.segment}: ${divergence.kind.replace(/-/g, " ")}`
      : null;
  const total = promptTotal(figures);
  if (total === 0)
    return { kind: "empty", tone: "neutral", icon: "•", sentence: "No prompt tokens in this request.", detail };

  if (figures.invalidated > 0) {
    const where = divergence ? ` at ${divergence.segment}` : "";
    if (figures.read > 0)
      return {
        kind: "partly-lost",
        tone: "danger",
        icon: "✕",
        sentence: `Cache partly lost${where}: ${tokens(figures.read)} before it read from cache${tail(figures)}.`,
        detail,
      };
    return {
      kind: "invalidated",
      tone: "danger",
      icon: "✕",
      sentence: `Cache lost${where}: nothing read from cache${tail(figures)}.`,
      detail,
    };
  }

  if (figures.read > 0) {
    const intact = divergence === null ? "Prefix intact" : "Cache hit";
    return {
      kind: "read",
      tone: "success",
      icon: "✓",
      sentence: `${intact}: ${tokens(figures.read)} read from cache at the discounted price${tail(figures)}.`,
      detail,
    };
  }

  // Nothing read, nothing lost.
  const keeps = figures.written + figures.stored > 0;
  if (divergence?.kind === "below-minimum") {
    const minimum = /([\d,]+)-token minimum/.exec(divergence.reason)?.[1];
    return {
      kind: "below-minimum",
      tone: "neutral",
      icon: "•",
      sentence: `Below the minimum: this prompt of ${tokens(total)} is shorter than the ${minimum ? `${minimum}-token ` : ""}minimum the provider caches, so nothing is read${tail(figures)}.`,
      detail,
    };
  }
  if (divergence?.kind === "first-request")
    return {
      kind: "cold-start",
      tone: "neutral",
      icon: "•",
      sentence: keeps
        ? `Cold start: the first request finds nothing cached, so nothing is read${tail(figures)}.`
        : `Cold start: the first request finds nothing cached and caches nothing; ${tokens(figures.uncached)} not cached.`,
      detail,
    };
  if (keeps)
    return {
      kind: "first-write",
      tone: "neutral",
      icon: "•",
      sentence: `First write: the earlier requests left nothing in the cache this one could read, so nothing is read${tail(figures)}.`,
      detail,
    };
  return {
    kind: "not-cached",
    tone: "neutral",
    icon: "•",
    sentence: `Not cached: all ${tokens(figures.uncached)} are sent at the full input price and nothing is kept.`,
    detail,
  };
}

/**
 * What "the words agree with the numbers" means, as a checklist: every figure the sentence relies on is named, no
 * zero figure is claimed, the sentence prints no figure the card does not show (the parts it names add up to the
 * prompt), and the tone follows the figures. Empty when they agree. The unit test runs it on the engine's output and
 * the browser test on what the page shows, so both hold the card to the same rules.
 */
export function headlineDisagreements(
  headline: Pick<CacheHeadline, "sentence" | "tone">,
  figures: CacheCardFigures,
): string[] {
  const problems: string[] = [];
  const text = headline.sentence;
  if (/^Refused/.test(text)) {
    // Nothing is billed: every figure is zero, and the tone is the refusal's.
    if (promptTotal(figures) + figures.invalidated > 0) problems.push("a refused request with billed figures");
    if (headline.tone !== "danger") problems.push("danger tone");
    return problems;
  }
  // Paths such as tools[12] are places, not figures.
  const printed = [...text.replace(/\[[^\]]*\]/g, "").matchAll(/\d[\d,]*/g)].map((match) =>
    Number(match[0].replace(/,/g, "")),
  );
  const names = (count: number) => printed.includes(count);
  const { read, written, stored, uncached, invalidated } = figures;
  const total = promptTotal(figures);
  if (read > 0 && !text.includes(tokens(read))) problems.push(`the ${read} tokens read are not named`);
  if (read === 0 && /read from cache at|intact|Cache hit/.test(text)) problems.push("claims a read of zero");
  if (invalidated > 0 && !names(invalidated)) problems.push("the invalidated tokens are not named");
  if (invalidated === 0 && /invalidated|lost/i.test(text)) problems.push("claims a loss of zero");
  if (written > 0 && !text.includes(`${tokens(written)} written`)) problems.push("the written tokens are not named");
  if (written === 0 && /written/.test(text)) problems.push("claims a write of zero");
  if (stored > 0 && !(text.includes(tokens(stored)) && /stored/.test(text)))
    problems.push("the stored tokens are not named");
  if (stored === 0 && /stored/.test(text)) problems.push("claims tokens stored without a write fee");
  if (uncached > 0 && !names(uncached) && !names(total)) problems.push("the uncached tokens are not named");
  const minimum = /([\d,]+)-token minimum/.exec(text)?.[1]?.replace(/,/g, "");
  const shown = new Set([read, written, stored, uncached, invalidated, total, total - read, Number(minimum)]);
  for (const figure of printed)
    if (!shown.has(figure)) problems.push(`prints ${formatTokens(figure)}, which is none of the card's figures`);
  if (/whole cache/.test(text) && read > 0) problems.push('"whole cache" beside a read');
  if ((headline.tone === "success") !== (read > 0 && invalidated === 0)) problems.push("success tone");
  if ((headline.tone === "danger") !== invalidated > 0) problems.push("danger tone");
  return problems;
}

/** The cache card as a reader sees it: the headline's words and tone, its figures, and the legend's printed totals. */
export type ShownCacheCard = {
  sentence: string;
  tone: CacheHeadline["tone"];
  /** The figures the headline is drawn for (its data-read, data-written, … attributes). */
  figures: CacheCardFigures;
  /** The legend's printed figures in its order (read, written or stored, uncached, invalidated), digits only. */
  legend: string[];
  /** The step's own figures beside the card (cache read, cache write, uncached), when the reader sees them. */
  stepFigures?: { read: number; write: number; uncached: number };
  /** The provider refuses the request the card is drawn for. */
  refused?: boolean;
};

/** The legend's figures, in its order: read, written (or stored without a write fee), not cached, invalidated. */
export function legendFigures(figures: CacheCardFigures): number[] {
  return [figures.read, figures.written + figures.stored, figures.uncached, figures.invalidated];
}

/**
 * Everything that makes a shown card contradict itself or the step's figures beside it: the legend printing other
 * figures than the headline's, figures other than the step's billed tokens, and every rule of headlineDisagreements.
 * The component test runs it on the card rendered for every request of the examples, the browser test on the card
 * the page shows, so both hold the card to one rule.
 */
export function cardDisagreements(card: ShownCacheCard): string[] {
  const problems: string[] = [];
  if (card.refused && !/^Refused/.test(card.sentence)) problems.push("a refused request not called refused");
  const figures = legendFigures(card.figures);
  if (card.legend.join(",") !== figures.join(","))
    problems.push(`legend ${card.legend.join(",")} vs headline figures ${figures}`);
  const step = card.stepFigures;
  if (step) {
    const { read, written, stored, uncached } = card.figures;
    if (step.read !== read) problems.push(`step's cache read ${step.read} vs card's ${read}`);
    if (step.write !== written) problems.push(`step's cache write ${step.write} vs card's ${written}`);
    if (step.uncached !== stored + uncached)
      problems.push(`step's uncached ${step.uncached} vs card's ${stored} stored + ${uncached} not cached`);
  }
  return [...problems, ...headlineDisagreements(card, card.figures)];
}
