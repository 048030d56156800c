import { DEEPSEEK_ASSUMED_TTL_SECONDS } from "./assumed-values";
import { automaticCache, automaticPrices, PLAIN_TOOL_CAPABILITIES } from "./automatic-cache";
import { sourced, type ModelInfo } from "./types";

/**
 * DeepSeek API models (Chat Completions). Cache facts from api-docs.deepseek.com/guides/kv_cache (PROTOCOLS.md,
 * DeepSeek): the disk cache is on for everyone; usage reports `prompt_cache_hit_tokens` and
 * `prompt_cache_miss_tokens`; a miss costs the input price.
 */
const KV_CACHE = "api-docs.deepseek.com/guides/kv_cache";
const KV_CACHE_DATE = "2026-10";

const DEEPSEEK_CACHE = automaticCache({
  source: `${KV_CACHE}: context caching on disk, on by default, prefix units`,
  date: KV_CACHE_DATE,
  minimum: sourced(
    64,
    "secondary",
    "earlier kv_cache guide as quoted (aisharenet.com): content under 64 tokens is not cached; the current guide is silent",
  ),
  ttl: sourced(
    DEEPSEEK_ASSUMED_TTL_SECONDS,
    "unconfirmed",
    "ASSUMPTION: unused caches are cleared 'usually within a few hours to days' (earlier kv_cache guide); 3 h assumed",
  ),
  granularity: sourced(
    64,
    "secondary",
    "earlier kv_cache guide as quoted: the cache storage unit is 64 tokens; the current guide cuts units at fixed token intervals of unstated size",
  ),
  refreshOnRead: sourced(true, "unconfirmed", "ASSUMPTION: a hit keeps the unit on disk"),
});

const V4_PRICES =
  "secondary: nxcode.io DeepSeek V4 API guide (2026) and RooCodeInc/Roo-Code providers/deepseek.ts, quoting " +
  "api-docs.deepseek.com/quick_start/pricing (USD table; DeepSeek also publishes a CNY table)";

export const DEEPSEEK_MODELS: readonly ModelInfo[] = [
  {
    id: "deepseek-v4-flash",
    provider: "deepseek",
    label: "DeepSeek V4 Flash",
    capabilities: PLAIN_TOOL_CAPABILITIES,
    tokenizer: "o200k",
    cache: DEEPSEEK_CACHE,
    prices: automaticPrices(
      "USD",
      { input: 0.28, cachedInput: 0.028, output: 0.42 },
      { source: V4_PRICES, date: "2026-04", confidence: "secondary" },
    ),
    notes: [
      "Token counts are o200k estimates: DeepSeek's tokenizer ships as a zip on its docs, not in the package list.",
    ],
  },
  {
    id: "deepseek-v4-pro",
    provider: "deepseek",
    label: "DeepSeek V4 Pro",
    capabilities: PLAIN_TOOL_CAPABILITIES,
    tokenizer: "o200k",
    cache: DEEPSEEK_CACHE,
    prices: automaticPrices(
      "USD",
      { input: 0.66, cachedInput: 0.022, output: 1.98 },
      {
        source:
          "secondary: benderandrew069/deepseek-api-pricing-2026 wiki, DeepSeek's Models & Pricing page as checked 2026-10-27 (off-peak; peak hours cost double)",
        date: "2026-10-27",
        confidence: "secondary",
        note: "DeepSeek prices peak hours (01:00–04:00 and 06:00–10:00 UTC, weekdays) at twice these off-peak rates.",
      },
    ),
  },
];
