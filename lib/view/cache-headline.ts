/**
 * The cache card's headline, derived from the same token totals as its legend, so the words can never say "intact"
 * beside a zero "Read from cache". Each situation has its own words: a cold start (first request), a first write
 * (the earlier requests left nothing cached), below the minimum, read (a hit), and invalidated (a lost cache). The
 * engine's divergence says *where* the prefix stopped matching; the totals say *how much* was read, written or lost.
 */
import type { Divergence, SegmentCacheStatus, StepRejection, StepTokens } from "../engine/types";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
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
export function refusedHeadline(
  rejection: Pick<StepRejection, "status" | "type">,
  sentTokens: number,
  locale: Locale = "en",
): CacheHeadline {
  const t = translatorFor(locale, "cache");
  return {
    kind: "refused",
    tone: "danger",
    icon: "✕",
    sentence: t("refused", { status: rejection.status, type: rejection.type, sent: tokensIn(locale, sentTokens) }),
    detail: null,
  };
}

export const promptTotal = (figures: CacheCardFigures) =>
  figures.read + figures.written + figures.stored + figures.uncached;

/** A token count with its noun in the reader's language: "1,234 tokens", "1,234 个 token". */
export function tokensIn(locale: Locale, count: number): string {
  return translatorFor(locale, "cache")("tokens", { count });
}

/**
 * What happens to the tokens not read: written, stored or not cached, each with its billed figure. The invalidated
 * tokens are named inside the part that pays for them, so the parts still add up to the prompt on screen.
 */
function notReadParts(figures: CacheCardFigures, locale: Locale): string[] {
  const t = translatorFor(locale, "cache");
  const tokens = (count: number) => tokensIn(locale, count);
  const { written, stored, uncached, invalidated } = figures;
  const buckets: Array<{ count: number; text: string }> = [
    { count: written, text: t("parts.written", { tokens: tokens(written) }) },
    { count: stored, text: t("parts.stored", { tokens: tokens(stored) }) },
    { count: uncached, text: t("parts.uncached", { tokens: tokens(uncached) }) },
  ].filter((bucket) => bucket.count > 0);
  const holder = invalidated > 0 ? buckets.findIndex((bucket) => invalidated <= bucket.count) : -1;
  const parts = buckets.map((bucket, index) =>
    index === holder ? t("parts.holder", { part: bucket.text, invalidated }) : bucket.text,
  );
  if (invalidated > 0 && holder === -1) {
    const notRead = written + stored + uncached;
    parts.push(t("parts.notRead", { notRead: tokens(notRead), invalidated }));
  }
  return parts;
}

function tail(figures: CacheCardFigures, locale: Locale): string {
  const separator = translatorFor(locale, "cache")("parts.separator");
  const parts = notReadParts(figures, locale);
  return parts.length > 0 ? `${separator}${parts.join(separator)}` : "";
}

export function cacheHeadline(
  figures: CacheCardFigures,
  divergence: Divergence | null,
  locale: Locale = "en",
): CacheHeadline {
  const t = translatorFor(locale, "cache");
  const tokens = (count: number) => tokensIn(locale, count);
  const rest = tail(figures, locale);
  // The first request and a prompt below the minimum are about the whole request: the sentence says it all.
  const detail =
    divergence && divergence.kind !== "first-request" && divergence.kind !== "below-minimum"
      ? divergence.reason || `${divergence.segment}: ${divergence.kind.replace(/-/g, " ")}`
      : null;
  const total = promptTotal(figures);
  if (total === 0) return { kind: "empty", tone: "neutral", icon: "•", sentence: t("empty"), detail };

  if (figures.invalidated > 0) {
    const where = divergence ? divergence.segment : "none";
    if (figures.read > 0)
      return {
        kind: "partly-lost",
        tone: "danger",
        icon: "✕",
        sentence: t("partlyLost", { where, read: tokens(figures.read), tail: rest }),
        detail,
      };
    return {
      kind: "invalidated",
      tone: "danger",
      icon: "✕",
      sentence: t("invalidated", { where, tail: rest }),
      detail,
    };
  }

  if (figures.read > 0) {
    return {
      kind: "read",
      tone: "success",
      icon: "✓",
      sentence: t("read", { intact: divergence === null ? "yes" : "no", read: tokens(figures.read), tail: rest }),
      detail,
    };
  }

  // Nothing read, nothing lost.
  const keeps = figures.written + figures.stored > 0;
  if (divergence?.kind === "below-minimum") {
    // The engine's reason writes the minimum as a bare integer; the sentence shows it grouped for the reader's locale.
    const minimum = /([\d,]+)-token minimum/.exec(divergence.reason)?.[1];
    const minimumShown =
      minimum === undefined ? "none" : new Intl.NumberFormat(locale).format(Number(minimum.replace(/,/g, "")));
    return {
      kind: "below-minimum",
      tone: "neutral",
      icon: "•",
      sentence: t("belowMinimum", { total: tokens(total), minimum: minimumShown, tail: rest }),
      detail,
    };
  }
  if (divergence?.kind === "first-request")
    return {
      kind: "cold-start",
      tone: "neutral",
      icon: "•",
      sentence: keeps ? t("coldStartKeeps", { tail: rest }) : t("coldStart", { uncached: tokens(figures.uncached) }),
      detail,
    };
  if (keeps)
    return { kind: "first-write", tone: "neutral", icon: "•", sentence: t("firstWrite", { tail: rest }), detail };
  return {
    kind: "not-cached",
    tone: "neutral",
    icon: "•",
    sentence: t("notCached", { uncached: tokens(figures.uncached) }),
    detail,
  };
}

/** The words each language's sentences use for a claim, for the checklist below (the messages hold the sentences). */
const CLAIMS: Record<
  Locale,
  { refused: RegExp; read: RegExp; loss: RegExp; written: RegExp; stored: RegExp; whole: RegExp; minimum: RegExp }
> = {
  en: {
    refused: /^Refused/,
    read: /read from cache at|intact|Cache hit/,
    loss: /invalidated|lost/i,
    written: /written/,
    stored: /stored/,
    whole: /whole cache/,
    minimum: /([\d,]+)-token minimum/,
  },
  "zh-CN": {
    refused: /^被拒绝/,
    read: /以折扣价从缓存读取|前缀完好|缓存命中/,
    loss: /失效|丢失/,
    written: /写入缓存/,
    stored: /存起来/,
    whole: /整个缓存/,
    minimum: /最低 ([\d,]+) 个 token/,
  },
};

/**
 * What "the words agree with the numbers" means, as a checklist: every figure the sentence relies on is named, no
 * zero figure is claimed, the sentence prints no figure the card does not show (the parts it names add up to the
 * prompt), and the tone follows the figures. Empty when they agree. The unit test runs it on the engine's output and
 * the browser test on what the page shows, so both hold the card to the same rules.
 */
export function headlineDisagreements(
  headline: Pick<CacheHeadline, "sentence" | "tone">,
  figures: CacheCardFigures,
  locale: Locale = "en",
): string[] {
  const problems: string[] = [];
  const text = headline.sentence;
  const claims = CLAIMS[locale];
  const t = translatorFor(locale, "cache");
  const tokens = (count: number) => tokensIn(locale, count);
  if (claims.refused.test(text)) {
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
  if (read === 0 && claims.read.test(text)) problems.push("claims a read of zero");
  if (invalidated > 0 && !names(invalidated)) problems.push("the invalidated tokens are not named");
  if (invalidated === 0 && claims.loss.test(text)) problems.push("claims a loss of zero");
  if (written > 0 && !text.includes(t("parts.written", { tokens: tokens(written) })))
    problems.push("the written tokens are not named");
  if (written === 0 && claims.written.test(text)) problems.push("claims a write of zero");
  if (stored > 0 && !text.includes(t("parts.stored", { tokens: tokens(stored) })))
    problems.push("the stored tokens are not named");
  if (stored === 0 && claims.stored.test(text)) problems.push("claims tokens stored without a write fee");
  if (uncached > 0 && !names(uncached) && !names(total)) problems.push("the uncached tokens are not named");
  const minimum = claims.minimum.exec(text)?.[1]?.replace(/,/g, "");
  const shown = new Set([read, written, stored, uncached, invalidated, total, total - read, Number(minimum)]);
  for (const figure of printed)
    if (!shown.has(figure)) problems.push(`prints ${formatTokens(figure)}, which is none of the card's figures`);
  if (claims.whole.test(text) && read > 0) problems.push('"whole cache" beside a read');
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
export function cardDisagreements(card: ShownCacheCard, locale: Locale = "en"): string[] {
  const problems: string[] = [];
  if (card.refused && !CLAIMS[locale].refused.test(card.sentence))
    problems.push("a refused request not called refused");
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
  return [...problems, ...headlineDisagreements(card, card.figures, locale)];
}
