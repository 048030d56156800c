import { QWEN_ASSUMED_IMPLICIT_TTL_SECONDS } from "./assumed-values";
import { automaticCache, automaticPrices, PLAIN_TOOL_CAPABILITIES } from "./automatic-cache";
import { QWEN_EXPLICIT_CACHE } from "./native-cache";
import { sourced, type ModelInfo } from "./types";

/**
 * Qwen on Alibaba Cloud Model Studio (DashScope), China (Beijing) region, OpenAI-compatible mode, prices in CNY.
 * Cache facts from help.aliyun.com/zh/model-studio/context-cache (PROTOCOLS.md, Qwen): the implicit cache is
 * automatic and cannot be switched off; its hits cost 20% of the input price and creation 100%. The explicit cache
 * (`cache_control` markers, 125% to create, 10% to read, 5 minutes reset on hit) is recorded there.
 */
const CONTEXT_CACHE = "help.aliyun.com/zh/model-studio/context-cache";
const CONTEXT_CACHE_DATE = "2026-10";

const QWEN_CACHE = automaticCache({
  source: `${CONTEXT_CACHE}: implicit cache, prefix match on messages`,
  date: CONTEXT_CACHE_DATE,
  minimum: sourced(
    1_024,
    "documented",
    `${CONTEXT_CACHE} (current Chinese page: 1,024 for both modes; older copies say 256 for the implicit cache)`,
    CONTEXT_CACHE_DATE,
  ),
  ttl: sourced(
    QWEN_ASSUMED_IMPLICIT_TTL_SECONDS,
    "unconfirmed",
    `ASSUMPTION: ${CONTEXT_CACHE} gives the implicit cache no lifetime ("periodically clears unused data"); 5 min assumed`,
  ),
});

const PRICE_SOURCE =
  "secondary: nql369/tongyi-qianwen-pricing-guide (qwen-plus ¥0.8 / ¥2 per million, 0–128K tier) quoting the " +
  "Model Studio console; cached input 20% of input per help.aliyun.com/zh/model-studio/context-cache";

export const QWEN_MODELS: readonly ModelInfo[] = [
  {
    id: "qwen-plus",
    provider: "qwen",
    label: "Qwen Plus",
    capabilities: PLAIN_TOOL_CAPABILITIES,
    explicitCache: QWEN_EXPLICIT_CACHE,
    tokenizer: "o200k",
    cache: QWEN_CACHE,
    prices: automaticPrices(
      "CNY",
      { input: 0.8, cachedInput: 0.16, output: 2 },
      {
        source: PRICE_SOURCE,
        date: "2026",
        confidence: "secondary",
        note: "Tiered by input length: this is the first tier; longer prompts cost more per token.",
      },
    ),
    notes: ["Token counts are o200k estimates: Qwen's tokenizer is not in the package list."],
  },
];
