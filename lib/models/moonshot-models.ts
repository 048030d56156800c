import { KIMI_ASSUMED_MINIMUM_CACHEABLE_TOKENS, KIMI_CACHE_TTL_SECONDS } from "./assumed-values";
import { sourced, type ModelInfo, type PriceTable, type Sourced } from "./types";

/**
 * Moonshot Kimi models. Facts from PROTOCOLS.md §3.1 (dynamic tools), §3.3 (tool limits), §3.4 and §5.3
 * (caching) and §3.5 (prices). Moonshot's caching page is known only through a third-party quote, so most cache
 * values are secondary or unconfirmed.
 */

const CACHING_QUOTE =
  "PROTOCOLS.md §3.4: platform.kimi.com/docs/guide/context-caching quoted by a third-party rules table";
const QUOTE_DATE = "2026-10-03";

function kimiCache(writesBilled: Sourced<boolean>): ModelInfo["cache"] {
  return {
    kind: sourced("automatic-prefix", "secondary", `${CACHING_QUOTE}; kimi-cli reads usage.cached_tokens`, QUOTE_DATE),
    minimumCacheableTokens: sourced(
      KIMI_ASSUMED_MINIMUM_CACHEABLE_TOKENS,
      "unconfirmed",
      "UNCONFIRMED (PROTOCOLS.md §5.3, item 14): minimum cacheable length unknown; 256 assumed",
    ),
    lookbackBlocks: sourced(0, "secondary", `${CACHING_QUOTE}: automatic prefix caching, no breakpoints`, QUOTE_DATE),
    maxBreakpoints: sourced(0, "secondary", `${CACHING_QUOTE}: automatic prefix caching, no breakpoints`, QUOTE_DATE),
    ttlSeconds: sourced(
      KIMI_CACHE_TTL_SECONDS,
      "secondary",
      `${CACHING_QUOTE}: valid 1 hour after writing`,
      QUOTE_DATE,
    ),
    refreshOnRead: sourced(true, "secondary", `${CACHING_QUOTE}: each hit resets it to 1 hour`, QUOTE_DATE),
    cachedTokenGranularity: sourced(
      1,
      "unconfirmed",
      "PROTOCOLS.md §5.3: stored in blocks of unstated size; none assumed",
    ),
    writesBilled,
  };
}

const CAPABILITIES_WITHOUT_DYNAMIC_TOOLS = {
  anthropicToolSearch: false,
  midConversationToolChanges: false,
  openaiToolSearch: false,
  namespaces: false,
  kimiDynamicTools: false,
  // Per-function `strict` defaults to true on Kimi (§3.3, platform.kimi.ai/docs/api/tool-use).
  strictTools: true,
} as const;

/** Prices without a separate write fee: a write costs the same as an uncached (miss) token. */
function pricesWithoutWriteFee(
  miss: number,
  hit: number,
  output: number,
  provenance: Pick<PriceTable, "source" | "date" | "confidence">,
): PriceTable {
  return {
    inputPerMillion: miss,
    cacheWrite5mPerMillion: miss,
    cacheWrite1hPerMillion: miss,
    cacheReadPerMillion: hit,
    outputPerMillion: output,
    currency: "USD",
    ...provenance,
  };
}

const BEAM_WEAVER = "PROTOCOLS.md §3.5: beam_weaver model profile";

/** K2.5 and later think by default and refuse a tool-call turn replayed without its reasoning (PROTOCOLS §9). */
const K2_THINKING = sourced(
  { replayOnToolCalls: true, effort: null, maxTokensField: "max_tokens" as const },
  "secondary",
  "400 'thinking is enabled but reasoning_content is missing in assistant tool call message' " +
    "(bytedance/deer-flow#3043, anomalyco/opencode#16318, kimi-k2.5); Moonshot's native API takes max_tokens " +
    "(can1357/oh-my-pi#2289)",
  "2026-06",
);

export const MOONSHOT_MODELS: readonly ModelInfo[] = [
  {
    id: "kimi-k3",
    provider: "moonshot",
    label: "Kimi K3",
    capabilities: { ...CAPABILITIES_WITHOUT_DYNAMIC_TOOLS, kimiDynamicTools: true },
    tokenizer: "kimi-estimate",
    cache: kimiCache(
      sourced(true, "secondary", `${CACHING_QUOTE}: K3 cache writes are billed separately by TTL`, QUOTE_DATE),
    ),
    prices: {
      inputPerMillion: 3,
      // The CNY table prices writes at ¥20 (5 min) and ¥40 (1 h) for ¥20 input (§3.4): 1× and 2× input.
      cacheWrite5mPerMillion: 3,
      cacheWrite1hPerMillion: 6,
      cacheReadPerMillion: 0.3,
      outputPerMillion: 15,
      currency: "USD",
      source: `${BEAM_WEAVER} citing platform.kimi.ai/docs/pricing/chat-k3; apidog blog 2026-07-17; write prices scaled from the CNY table of §3.4`,
      date: "2026-07-20",
      confidence: "secondary",
      note: "Which write tier applies on the automatic path is UNCONFIRMED (§3.4): entries live 1 h, so writes are priced at the 1-hour rate (an assumption; edit the write prices here).",
    },
    reasoning: sourced(
      { replayOnToolCalls: true, effort: "max", maxTokensField: "max_completion_tokens" },
      "secondary",
      "docs.evolink.ai kimi-k3 chat API (K3 always reasons; reasoning_effort only 'max'; max_completion_tokens, " +
        "reasoning counted in it; replay the whole assistant message with reasoning_content and tool_calls); " +
        "models.dev kimi-k3.toml citing platform.kimi.ai/docs/api/chat; 400 'reasoning_content is missing' in " +
        "client issues (CherryHQ/cherry-studio#12619, mastra-ai/mastra#12592)",
      "2026-07",
    ),
    notes: [
      'Dynamic tool loading: append {role:"system", tools:[…]} without a content key (§3.1).',
      "K3 always reasons: reasoning_content is replayed on every assistant tool-call turn, counted and priced.",
    ],
  },
  {
    id: "kimi-k2.7-code",
    provider: "moonshot",
    label: "Kimi K2.7 Code",
    capabilities: CAPABILITIES_WITHOUT_DYNAMIC_TOOLS,
    tokenizer: "kimi-estimate",
    cache: kimiCache(sourced(false, "secondary", `${CACHING_QUOTE}: K2.6/K2.7 have no separate write fee`, QUOTE_DATE)),
    reasoning: K2_THINKING,
    prices: pricesWithoutWriteFee(0.95, 0.19, 4, { source: BEAM_WEAVER, date: "2026-07-20", confidence: "secondary" }),
  },
  {
    id: "kimi-k2.5",
    provider: "moonshot",
    label: "Kimi K2.5",
    capabilities: CAPABILITIES_WITHOUT_DYNAMIC_TOOLS,
    tokenizer: "kimi-estimate",
    cache: kimiCache(
      sourced(false, "secondary", "PROTOCOLS.md §3.5: the archived price list has only hit and miss prices"),
    ),
    reasoning: K2_THINKING,
    prices: pricesWithoutWriteFee(0.6, 0.1, 3, {
      source: "PROTOCOLS.md §3.5: platform.moonshot.ai/docs/pricing/chat, archived 2026-03-26 (megalodon.jp)",
      date: "2026-03-26",
      confidence: "documented",
    }),
  },
];
