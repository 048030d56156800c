import { GEMINI_ASSUMED_IMPLICIT_TTL_SECONDS } from "./assumed-values";
import { automaticCache, automaticPrices, PLAIN_TOOL_CAPABILITIES } from "./automatic-cache";
import { GEMINI_EXPLICIT_CACHE } from "./native-cache";
import { sourced, type ModelInfo } from "./types";

/**
 * Gemini API models (generateContent). Cache facts from ai.google.dev/gemini-api/docs/caching (PROTOCOLS.md,
 * Gemini): implicit caching is on by default with a per-model minimum; hits are reported in
 * `usageMetadata.cachedContentTokenCount`; no storage is billed for implicit caching. Explicit `cachedContents`
 * (TTL default 1 hour) bill storage per hour: that price is in each row, for the person to compare.
 */
const CACHING = "ai.google.dev/gemini-api/docs/caching";
const CACHING_DATE = "2026-07-07";
const PRICING =
  "ai.google.dev/gemini-api/docs/pricing, Standard tier, prompts ≤ 200k tokens (secondary: not re-read in the " +
  "stored copy, which was garbled; confirm in Settings)";

/**
 * ASSUMPTION: the minimum input token count table of ai.google.dev/gemini-api/docs/caching reads 2.5 Flash 2,048,
 * 2.5 Pro 2,048, 3.x Flash and 3.1 Pro 4,096 in its newest copy; other copies (the Interactions API page, updated
 * 2026-05-28, and the English page before it) read 2.5 Flash 1,024, 2.5 Pro 4,096, 3 Flash 1,024; and
 * caches.create on 2.5 Flash refuses 1,006 tokens with "min_total_token_count=1024" (discuss.ai.google.dev
 * thread 178942, 2026). The newest table is used, for implicit and explicit caching alike.
 */
const MINIMUM_SOURCE =
  `ASSUMPTION: ${CACHING} minimum input token count table, newest copy (2.5 Flash / 2.5 Pro 2,048); other copies ` +
  "say 2.5 Flash 1,024 / 2.5 Pro 4,096, and caches.create on 2.5 Flash accepts from 1,024 (discuss.ai.google.dev " +
  "thread 178942)";

function geminiCache(minimum: number): ModelInfo["cache"] {
  return automaticCache({
    source: `${CACHING}: implicit caching, prefix match`,
    date: CACHING_DATE,
    // The copies of the caching page disagree, so the minimum is an editable assumption (Settings → cache rules).
    minimum: sourced(minimum, "unconfirmed", MINIMUM_SOURCE, CACHING_DATE),
    ttl: sourced(
      GEMINI_ASSUMED_IMPLICIT_TTL_SECONDS,
      "unconfirmed",
      `ASSUMPTION: ${CACHING} gives no lifetime for implicit caches ("send requests with similar prefix in a short amount of time"); 5 min assumed`,
    ),
  });
}

export const GEMINI_MODELS: readonly ModelInfo[] = [
  {
    id: "gemini-2.5-flash",
    provider: "gemini",
    label: "Gemini 2.5 Flash",
    capabilities: PLAIN_TOOL_CAPABILITIES,
    explicitCache: GEMINI_EXPLICIT_CACHE,
    tokenizer: "o200k",
    cache: geminiCache(2_048),
    prices: automaticPrices(
      "USD",
      { input: 0.3, cachedInput: 0.03, output: 2.5, storagePerHour: 1 },
      { source: PRICING, date: "2025-12", confidence: "secondary" },
    ),
    notes: ["Token counts are o200k estimates: Gemini's tokenizer is not in the package list (countTokens is exact)."],
  },
  {
    id: "gemini-2.5-pro",
    provider: "gemini",
    label: "Gemini 2.5 Pro",
    capabilities: PLAIN_TOOL_CAPABILITIES,
    explicitCache: GEMINI_EXPLICIT_CACHE,
    tokenizer: "o200k",
    cache: geminiCache(2_048),
    prices: automaticPrices(
      "USD",
      { input: 1.25, cachedInput: 0.125, output: 10, storagePerHour: 4.5 },
      { source: PRICING, date: "2025-12", confidence: "secondary", note: "Prompts over 200k tokens cost $2.50 / $15." },
    ),
  },
];
