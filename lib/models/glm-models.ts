import { GLM_ASSUMED_MINIMUM_CACHEABLE_TOKENS, GLM_ASSUMED_TTL_SECONDS } from "./assumed-values";
import { automaticCache, automaticPrices, PLAIN_TOOL_CAPABILITIES } from "./automatic-cache";
import { sourced, type ModelInfo } from "./types";

/**
 * GLM on Zhipu BigModel (open.bigmodel.cn, Chat Completions-compatible), prices in CNY from
 * docs.bigmodel.cn/cn/guide/start/pricing (PROTOCOLS.md, GLM): input, output, cache hit and cache storage per
 * million tokens per hour (free for a limited time). Usage reports hits in `prompt_tokens_details.cached_tokens`.
 */
const PRICING = "docs.bigmodel.cn/cn/guide/start/pricing";
const PRICING_DATE = "2026-09";

const GLM_CACHE = automaticCache({
  source: `${PRICING}: 缓存命中 billed per token, automatic`,
  date: PRICING_DATE,
  minimum: sourced(
    GLM_ASSUMED_MINIMUM_CACHEABLE_TOKENS,
    "unconfirmed",
    "ASSUMPTION: BigModel publishes no minimum cacheable length; 1,024 assumed",
  ),
  ttl: sourced(
    GLM_ASSUMED_TTL_SECONDS,
    "unconfirmed",
    "ASSUMPTION: BigModel publishes no cache lifetime; 5 min assumed",
  ),
});

export const GLM_MODELS: readonly ModelInfo[] = [
  {
    id: "glm-5.3",
    provider: "glm",
    label: "GLM-5.3",
    capabilities: PLAIN_TOOL_CAPABILITIES,
    tokenizer: "o200k",
    cache: GLM_CACHE,
    prices: automaticPrices(
      "CNY",
      { input: 8, cachedInput: 2, output: 28, storagePerHour: 0 },
      {
        source: PRICING,
        date: PRICING_DATE,
        confidence: "documented",
        note: "Cache storage is listed as free for a limited time (限时免费).",
      },
    ),
    notes: ["Token counts are o200k estimates: GLM's tokenizer is not in the package list."],
  },
  {
    id: "glm-5.3-flash",
    provider: "glm",
    label: "GLM-5.3 Flash",
    capabilities: PLAIN_TOOL_CAPABILITIES,
    tokenizer: "o200k",
    cache: GLM_CACHE,
    prices: automaticPrices(
      "CNY",
      { input: 0.8, cachedInput: 0.23, output: 2.8, storagePerHour: 0 },
      {
        source: PRICING,
        date: PRICING_DATE,
        confidence: "documented",
        note: "List price; the page offered half price until 2026-09-09 24:00 (UTC+8).",
      },
    ),
  },
];
