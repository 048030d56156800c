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

function geminiCache(minimum: number): ModelInfo["cache"] {
  return automaticCache({
    source: `${CACHING}: implicit caching, prefix match`,
    date: CACHING_DATE,
    minimum: sourced(minimum, "documented", `${CACHING}: minimum input token count table`, CACHING_DATE),
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
