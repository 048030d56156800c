import { sourced, type ModelCapabilities, type ModelInfo, type PriceTable, type Sourced } from "./types";

/** Anthropic models. Facts from PROTOCOLS.md §1.1 (tool search), §4.2 (tool changes), §5.1 (caching), §7 (prices). */

const CACHING_DOC = "PROTOCOLS.md §5.1 (platform.claude.com/docs/en/build-with-claude/prompt-caching)";
const MINIMUM_2026 = "PROTOCOLS.md §5.1, 2026 prompt-caching doc quoted verbatim in a third-party test fixture";
const TOOL_USE_2026 = "PROTOCOLS.md §5.1 tool-use system-prompt table, 2026 doc (preferred over the late-2025 table)";
const PRICING_2026 = "PROTOCOLS.md §7 (platform.claude.com/docs/en/about-claude/pricing, 2026 copy)";

function anthropicCache(minimumCacheableTokens: Sourced<number>): ModelInfo["cache"] {
  return {
    kind: sourced("explicit-breakpoints", "documented", `${CACHING_DOC}: entries exist at cache_control breakpoints`),
    minimumCacheableTokens,
    lookbackBlocks: sourced(20, "documented", `${CACHING_DOC}: each breakpoint looks back about 20 content blocks`),
    maxBreakpoints: sourced(4, "documented", `${CACHING_DOC}: up to 4 breakpoints per request`),
    ttlSeconds: sourced(300, "documented", `${CACHING_DOC}: default ttl "5m"; "1h" = 3600 s (chosen per scenario)`),
    refreshOnRead: sourced(true, "documented", `${CACHING_DOC}: the cache is refreshed at no cost on each hit`),
    cachedTokenGranularity: sourced(1, "documented", `${CACHING_DOC}: usage reports exact cached token counts`),
    writesBilled: sourced(true, "documented", `${CACHING_DOC}: writes cost 1.25× (5 min) or 2× (1 h) base input`),
  };
}

function capabilities(midConversationToolChanges: boolean): ModelCapabilities {
  return {
    // Opus 4.5 / Sonnet 4.5 and every later model in the 2026 table support both variants (§1.1).
    anthropicToolSearch: true,
    midConversationToolChanges,
    openaiToolSearch: false,
    namespaces: false,
    kimiDynamicTools: false,
    // `strict` exists on Anthropic tools and composes with defer_loading (§1.2, §1.8).
    strictTools: true,
  };
}

function prices(
  input: number,
  output: number,
  cacheReadPerMillion: number,
  provenance: Pick<PriceTable, "source" | "date" | "confidence" | "note">,
): PriceTable {
  // Write multipliers are the documented 1.25× (5 min) and 2× (1 h) of base input for every model (§5.1).
  return {
    inputPerMillion: input,
    cacheWrite5mPerMillion: input * 1.25,
    cacheWrite1hPerMillion: input * 2,
    cacheReadPerMillion,
    outputPerMillion: output,
    currency: "USD",
    ...provenance,
  };
}

const OPUS_PRICES = prices(5, 25, 0.5, {
  source: `${PRICING_2026}; also Opus 4.6–4.8 and Opus 5`,
  date: "2026",
  confidence: "documented",
});
const SONNET_4_5_PRICES = prices(3, 15, 0.3, {
  source: "PROTOCOLS.md §7 (Anthropic prompt-caching doc price table)",
  date: "2025-10",
  confidence: "documented",
});

const TOOL_USE_2026_4_5 = sourced(
  { auto: 496, any: 588 },
  "documented",
  `${TOOL_USE_2026}; the late-2025 doc said 346 / 313`,
  "2026",
);
/** Opus 5 and Fable 5.1 are missing from both tables; the newest documented row (Opus 4.8) stands in. */
const TOOL_USE_PLACEHOLDER = sourced(
  { auto: 290, any: 410 },
  "unconfirmed",
  "not in PROTOCOLS.md §5.1; placeholder = Opus 4.8's row",
);

export const ANTHROPIC_MODELS: readonly ModelInfo[] = [
  {
    id: "claude-opus-4-8",
    provider: "anthropic",
    label: "Claude Opus 4.8",
    capabilities: capabilities(true),
    tokenizer: "anthropic-estimate",
    cache: anthropicCache(sourced(1024, "secondary", MINIMUM_2026, "2026-07-28")),
    toolUseSystemPromptTokens: sourced(
      { auto: 290, any: 410 },
      "documented",
      "PROTOCOLS.md §5.1 (tool-use overview)",
      "2026-07-13",
    ),
    prices: OPUS_PRICES,
    notes: ["Mid-conversation tool changes: beta header mid-conversation-tool-changes-2026-07-01 (§4.2)."],
  },
  {
    id: "claude-opus-5",
    provider: "anthropic",
    label: "Claude Opus 5",
    capabilities: capabilities(true),
    tokenizer: "anthropic-estimate",
    cache: anthropicCache(sourced(512, "secondary", `${MINIMUM_2026} ("down from 1,024 on Opus 4.8")`, "2026-07-28")),
    toolUseSystemPromptTokens: TOOL_USE_PLACEHOLDER,
    prices: OPUS_PRICES,
    notes: ['The id follows Anthropic\'s naming; PROTOCOLS.md names the model "Opus 5" but never spells its id.'],
  },
  {
    id: "claude-sonnet-4-6",
    provider: "anthropic",
    label: "Claude Sonnet 4.6",
    capabilities: capabilities(false),
    tokenizer: "anthropic-estimate",
    cache: anthropicCache(sourced(1024, "secondary", MINIMUM_2026, "2026-07-28")),
    toolUseSystemPromptTokens: sourced({ auto: 497, any: 589 }, "documented", TOOL_USE_2026, "2026"),
    prices: prices(3, 15, 0.3, {
      source:
        "platform.claude.com/docs/en/models/sonnet-4-6/overview ($3 / $15 per MTok); cache read 0.1× input (§5.1)",
      date: "2026-08",
      confidence: "documented",
    }),
  },
  {
    id: "claude-sonnet-4-5",
    provider: "anthropic",
    label: "Claude Sonnet 4.5",
    capabilities: capabilities(false),
    tokenizer: "anthropic-estimate",
    cache: anthropicCache(sourced(1024, "documented", `${CACHING_DOC}, Oct 2025 and 2026 versions agree`, "2025-10")),
    toolUseSystemPromptTokens: TOOL_USE_2026_4_5,
    prices: SONNET_4_5_PRICES,
  },
  {
    id: "claude-haiku-4-5",
    provider: "anthropic",
    label: "Claude Haiku 4.5",
    capabilities: capabilities(false),
    tokenizer: "anthropic-estimate",
    cache: anthropicCache(sourced(4096, "secondary", MINIMUM_2026, "2026-07-28")),
    toolUseSystemPromptTokens: TOOL_USE_2026_4_5,
    prices: prices(1, 5, 0.1, {
      source: "PROTOCOLS.md §7: pricing page excerpt in a third-party test fixture",
      date: "2026-07-28",
      confidence: "secondary",
    }),
    notes: ["Prompts under 4,096 tokens are not cached on Haiku 4.5 (§5.1)."],
  },
  {
    id: "claude-opus-4-5",
    provider: "anthropic",
    label: "Claude Opus 4.5",
    capabilities: capabilities(false),
    tokenizer: "anthropic-estimate",
    cache: anthropicCache(sourced(4096, "secondary", MINIMUM_2026, "2026-07-28")),
    toolUseSystemPromptTokens: TOOL_USE_2026_4_5,
    prices: OPUS_PRICES,
    notes: ["Prompts under 4,096 tokens are not cached on Opus 4.5 (2026 doc, §5.1)."],
  },
  {
    id: "claude-fable-5-1",
    provider: "anthropic",
    label: "Claude Fable 5.1",
    // §4.2 lists Fable 5, Mythos 5, Opus 4.8 and Opus 5 for tool changes; Fable 5.1 is not listed.
    capabilities: capabilities(false),
    tokenizer: "anthropic-estimate",
    cache: anthropicCache(sourced(512, "unconfirmed", "not in PROTOCOLS.md §5.1; Fable 5's 512 assumed")),
    toolUseSystemPromptTokens: TOOL_USE_PLACEHOLDER,
    // Reads are 0.025× base input on Fable 5.1, not 0.1× (§5.1, and $0.25 vs $10 on the pricing page).
    prices: prices(10, 50, 0.25, {
      source: "PROTOCOLS.md §7 (Anthropic pricing page, late-2026 copy)",
      date: "late 2026",
      confidence: "documented",
    }),
    notes: [
      'The id follows Anthropic\'s naming; PROTOCOLS.md names the model "Fable 5.1" but never spells its id.',
      "Mid-conversation tool changes are not listed for Fable 5.1 in the 2026-08 doc (§4.2).",
    ],
  },
];
