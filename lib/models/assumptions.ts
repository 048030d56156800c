// From the constants module, not "../tokens": that would pull the o200k tokenizer into every @/lib/models bundle.
import { ANTHROPIC_DEFAULT_CORRECTION_FACTOR, KIMI_DEFAULT_CORRECTION_FACTOR } from "../tokens/constants";
import {
  KIMI_ASSUMED_MINIMUM_CACHEABLE_TOKENS,
  KIMI_CACHE_TTL_SECONDS,
  OPENAI_LEGACY_CACHED_TOKEN_GRANULARITY,
  OPENAI_EXTENDED_RETENTION_SECONDS,
  OPENAI_IN_MEMORY_RETENTION_SECONDS,
} from "./assumed-values";
import type { Assumption } from "./types";

const UNCONFIRMED = "PROTOCOLS.md, UNCONFIRMED item";

/**
 * Every UNCONFIRMED (or conflicting) fact of PROTOCOLS.md that the simulation depends on, as a labelled setting
 * with its default. Open items the strategies never touch (the MCP beta header, input_examples costs, tool_removal
 * placement, additional_tools caching) are left out. Model-specific placeholders (a price, a minimum length) are
 * also marked on the model rows themselves through their `confidence`.
 */
export const ASSUMPTIONS: readonly Assumption[] = [
  // Anthropic
  {
    id: "anthropic-bm25-input-key",
    label: "Input key of the BM25 tool-search call",
    defaultValue: "query",
    source: `${UNCONFIRMED} 1 (§1.4): likely "query", not seen in a primary source`,
    confidence: "unconfirmed",
    affects: "server_tool_use.input of BM25 searches in simulated responses",
  },
  {
    id: "anthropic-count-tokens-counts-deferred",
    label: "count_tokens counts defer_loading tools",
    defaultValue: false,
    source: `${UNCONFIRMED} 5 (§6.1): docs say only tools loaded by search are input; third-party budgets exclude deferred schemas`,
    confidence: "unconfirmed",
    affects: "comparison of predicted counts with count_tokens",
  },
  {
    id: "anthropic-1h-ttl-beta-header",
    label: "Send extended-cache-ttl-2025-04-11 for a 1-hour TTL",
    defaultValue: false,
    source: `${UNCONFIRMED} 6 (§5.1): the GA SDK accepts ttl "1h" without it`,
    confidence: "unconfirmed",
    affects: "anthropic-beta header of requests using ttl 1h",
  },
  {
    id: "anthropic-token-correction-factor",
    label: "Claude tokens per o200k token",
    defaultValue: ANTHROPIC_DEFAULT_CORRECTION_FACTOR,
    source: `${UNCONFIRMED} 16 (§6.4): no public Claude tokenizer; Claude 3.5 Sonnet measured 16–30% above GPT-4o (VentureBeat, May 2025)`,
    confidence: "secondary",
    affects: "every Claude token count and cost",
  },
  {
    id: "anthropic-tool-use-system-prompt-table",
    label: "Tool-use system-prompt token table",
    defaultValue: "2026",
    source:
      "PROTOCOLS.md §5.1: the late-2025 (346/313) and 2026 (496/588) docs disagree for 4.5 models; the newer is used",
    confidence: "documented",
    affects: "system-prompt tokens added when tools are present",
  },
  {
    id: "anthropic-search-continuation-billed",
    label: "Anthropic bills a hosted search's continuation separately",
    defaultValue: false,
    source:
      "PROTOCOLS.md §9 (still open): no doc, SDK type or issue says whether the expanded definitions are billed inside the searching call; the engine bills them once, in the next request",
    confidence: "unconfirmed",
    affects:
      "cost of anthropic-tool-search with server execution; the decide panel's open facts give this run's difference",
  },
  {
    id: "anthropic-sonnet-4-6-minimum-cacheable",
    label: "Sonnet 4.6 minimum cacheable prompt (tokens)",
    defaultValue: 1024,
    source:
      "PROTOCOLS.md §9 (still open): the prompt-caching doc says 1,024; anthropic-sdk-python#1194 observes 2,048 and docs.orq.ai lists 2,048. Change it with the cache-rule override below",
    confidence: "unconfirmed",
    affects:
      "whether prompts of 1,024–2,047 tokens are cached on claude-sonnet-4-6; the decide panel's open facts give this run's difference",
  },
  // Moonshot
  {
    id: "kimi-k3-write-tier",
    label: "Kimi K3 write price on the automatic cache",
    defaultValue: "1-hour rate ($6 per million)",
    source:
      "PROTOCOLS.md §3.4 (secondary): K3 prices 5-minute writes at ¥20 and 1-hour writes at ¥40 per M, and automatic entries live 1 hour after writing; which tier the automatic path bills is not documented, so the tier matching the 1-hour lifetime is assumed",
    confidence: "unconfirmed",
    affects: "every Kimi K3 cache write; edit K3's write prices in the price table to model the other tier",
  },
  // OpenAI
  {
    id: "openai-in-memory-retention-minutes",
    label: "OpenAI in-memory cache retention (minutes)",
    defaultValue: OPENAI_IN_MEMORY_RETENTION_SECONDS / 60,
    source:
      'PROTOCOLS.md §5.2: "usually 5–10 min" of inactivity, max 1 h. gpt-5.4 defaults to 24h retention for non-ZDR organisations (§5.2): its 10 minutes are an assumption',
    confidence: "secondary",
    affects: "cache expiry between turns for gpt-4.1 and gpt-5.4",
  },
  {
    id: "openai-extended-retention-minutes",
    label: "OpenAI 24h / GPT-5.6 retention in practice (minutes)",
    defaultValue: OPENAI_EXTENDED_RETENTION_SECONDS / 60,
    source: `${UNCONFIRMED} 11 (§5.2): "30 minutes after its most recent write or reuse", secondary quote`,
    confidence: "secondary",
    affects: "cache expiry between turns for gpt-5.5 and the GPT-5.6 tiers",
  },
  {
    id: "openai-cached-token-granularity",
    label: "OpenAI cached-token increments before GPT-5.6",
    defaultValue: OPENAI_LEGACY_CACHED_TOKEN_GRANULARITY,
    source:
      "PROTOCOLS.md §9: the cookbook (Prompt Caching 201) says 128-token increments for models before GPT-5.6; the current guide is silent. GPT-5.6 tiers: 1",
    confidence: "secondary",
    affects:
      "cached_tokens reported by gpt-4.1, gpt-5.4 and gpt-5.5: up to 127 tokens a request move from cached to uncached (at gpt-5.4's prices at most $0.0003 a request)",
  },
  {
    id: "openai-gpt-5-6-prices",
    label: "GPT-5.6 tier prices (sol / terra / luna)",
    defaultValue: "$4 / $2 / $0.20 input, $20 / $12 / $1.20 output",
    source: `${UNCONFIRMED} 10 (§7, §9): OpenAI's price list as synced by resellers on 2026-07-31 (after the 2026-07-30 cut); Sol's promotional $4 / $20 from 2026-08-21, announced "at least through 2026-11-21"; launch prices were $5 / $2.50 / $1 and $30 / $15 / $6`,
    confidence: "secondary",
    affects: "every GPT-5.6 cost; writes at 1.25× input are documented",
  },
  {
    id: "openai-gpt-5-5-cached-input-per-million",
    label: "GPT-5.5 cached input price (USD per million)",
    defaultValue: 0.5,
    source: `${UNCONFIRMED} 10 (§7): morphllm.com says $0.50, swfte.com $1.25`,
    confidence: "secondary",
    affects: "cache-read cost on gpt-5.5",
  },
  {
    id: "openai-gpt-5x-encoding",
    label: "Tokenizer encoding of GPT-5.x",
    defaultValue: "o200k_base",
    source: `${UNCONFIRMED} 12 (§6.3)`,
    confidence: "unconfirmed",
    affects: "every OpenAI token count",
  },
  {
    id: "openai-function-rendering",
    label: "Count OpenAI functions as rendered TypeScript declarations",
    defaultValue: true,
    source: "PROTOCOLS.md §6.3: hmarr/openai-chat-tokens reproduces the rendering within a few tokens",
    confidence: "secondary",
    affects: "OpenAI and Kimi tool-definition token counts",
  },
  {
    id: "openai-hosted-tool-search-arguments-key",
    label: "Argument key of a hosted tool_search_call",
    defaultValue: "query",
    source: `${UNCONFIRMED} 8 (§2.2): the shape is not documented; the Agents SDK's client default is { paths: string[] }`,
    confidence: "unconfirmed",
    affects: "tool_search_call.arguments in simulated hosted responses",
  },
  {
    id: "openai-tool-search-result-limit",
    label: "Tools loaded per OpenAI search",
    defaultValue: 5,
    source: `${UNCONFIRMED} 8 (§2.5): no documented limit; Anthropic's documented 5 mirrored`,
    confidence: "unconfirmed",
    affects: "how many tools a simulated OpenAI search loads",
  },
  // Moonshot
  {
    id: "kimi-token-correction-factor",
    label: "Kimi tokens per o200k token",
    defaultValue: KIMI_DEFAULT_CORRECTION_FACTOR,
    source: `${UNCONFIRMED} 16 (§6.4): no Kimi tokenizer in npm`,
    confidence: "unconfirmed",
    affects: "every Kimi token count and cost",
  },
  {
    id: "kimi-minimum-cacheable-tokens",
    label: "Kimi minimum cacheable prompt (tokens)",
    defaultValue: KIMI_ASSUMED_MINIMUM_CACHEABLE_TOKENS,
    source: `${UNCONFIRMED} 14 (§5.3)`,
    confidence: "unconfirmed",
    affects: "whether short Kimi prompts are cached",
  },
  {
    id: "kimi-cache-block-tokens",
    label: "Kimi cache block size (tokens; 1 = none)",
    defaultValue: 1,
    source: `${UNCONFIRMED} 14 (§5.3): stored in blocks, partial blocks not written, size unstated`,
    confidence: "unconfirmed",
    affects: "cached_tokens reported by Kimi models",
  },
  {
    id: "kimi-cache-ttl-minutes",
    label: "Kimi cache lifetime (minutes, refreshed on hit)",
    defaultValue: KIMI_CACHE_TTL_SECONDS / 60,
    source: `${UNCONFIRMED} 14 (§3.4): third-party quote of the Kimi caching page`,
    confidence: "secondary",
    affects: "cache expiry between Kimi turns",
  },
  {
    id: "kimi-k3-writes-billed",
    label: "Kimi K3 bills cache writes separately",
    defaultValue: true,
    source: `${UNCONFIRMED} 14 (§3.4): third-party quote of the K3 pricing page`,
    confidence: "secondary",
    affects: "Kimi K3 cache-write cost",
  },
  {
    id: "kimi-tools-message-without-content",
    label: "A Kimi tools declaration with content is rejected (400)",
    defaultValue: true,
    source: `${UNCONFIRMED} 13 (§3.1): Morph's docs say omit content; the 400 is not in a primary source`,
    confidence: "unconfirmed",
    affects: "warnings on kimi-dynamic requests",
  },
  {
    id: "kimi-append-only-cache",
    label: "Kimi keeps the prefix only if tools messages are appended, never edited",
    defaultValue: true,
    source: `${UNCONFIRMED} 13 (§3.2): consistent with exact prefix matching; no official statement`,
    confidence: "unconfirmed",
    affects: "cache simulation of kimi-dynamic",
  },
  {
    id: "kimi-estimate-endpoint-counts-tools",
    label: "Kimi estimate-token-count accepts tools",
    defaultValue: false,
    source: `${UNCONFIRMED} 15 (§6.2): documented fields are model and messages`,
    confidence: "unconfirmed",
    affects: "exact Kimi counts when a key is supplied",
  },
];
