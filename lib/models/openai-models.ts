import type { ProviderId } from "../core/ids";
import {
  OPENAI_LEGACY_CACHED_TOKEN_GRANULARITY,
  OPENAI_EXTENDED_RETENTION_SECONDS,
  OPENAI_IN_MEMORY_RETENTION_SECONDS,
} from "./assumed-values";
import { OPENAI_COMPATIBLE_MODEL } from "./openai-compatible-model";
import { sourced, type ModelInfo, type PriceTable, type Sourced } from "./types";
import { providerModelFacts } from "../core/provider-models";

/**
 * OpenAI models, listed once and emitted for both the Responses and the Chat Completions provider. Facts from
 * PROTOCOLS.md §2.1 (tool search), §5.2 (caching) and §7 (prices, all secondary).
 */

type OpenAIProviderId = Extract<ProviderId, "openai-responses" | "openai-chat">;

const CACHING_DOC = "PROTOCOLS.md §5.2 (developers.openai.com/api/docs/guides/prompt-caching)";

type OpenAIModelSpecification = {
  id: string;
  label: string;
  /** gpt-5.4 and later support `tool_search` and namespaces (§2.1). */
  toolSearch: boolean;
  retentionSeconds: Sourced<number>;
  writesBilled: Sourced<boolean>;
  /** GPT-5.6 `prompt_cache_options.mode: "explicit"` writes at up to 4 breakpoints; 0 = no breakpoints. */
  maxBreakpoints: Sourced<number>;
  /** Reported cached tokens come in these increments (128 before GPT-5.6, per the cookbook). */
  cachedTokenGranularity: Sourced<number>;
  prices: PriceTable;
  notes?: string[];
};

const IN_MEMORY_RETENTION = sourced(
  OPENAI_IN_MEMORY_RETENTION_SECONDS,
  "secondary",
  `${CACHING_DOC}: in-memory retention "usually 5–10 min" of inactivity, max 1 h; 10 min chosen`,
);
const EXTENDED_RETENTION = sourced(
  OPENAI_EXTENDED_RETENTION_SECONDS,
  "secondary",
  `${CACHING_DOC}: later page, quoted by a third party: reusable "for 30 minutes after its most recent write or ` +
    `reuse"; 24h retention "typically … around 30 minutes"`,
  "2026-10-03",
);
/**
 * gpt-5.4 supports both retentions, and PROTOCOLS §5.2 gives `24h` as the default for organisations without zero
 * data retention (in memory for ZDR ones). The table keeps the in-memory 10 minutes, the shorter and so the more
 * cautious reading, and says it is an assumption the person can change (Settings → cache rules, TTL).
 */
const GPT_5_4_RETENTION = sourced(
  OPENAI_IN_MEMORY_RETENTION_SECONDS,
  "unconfirmed",
  `ASSUMPTION: in-memory retention, 10 min, modelled; ${CACHING_DOC} (PROTOCOLS §5.2) gives 24h as gpt-5.4's default ` +
    "for non-ZDR organisations (about 30 minutes in practice): set the TTL in Settings to model that",
  "2026-12-03",
);
const WRITES_FREE = sourced(false, "documented", `${CACHING_DOC}: pre-GPT-5.6 models have no cache-write fee`);
/**
 * OpenAI's cookbook (Prompt Caching 201) says hits come in 128-token increments for models before GPT-5.6; the
 * current guide no longer says it (PROTOCOLS §5.2, §9). A labelled assumption, on for those models.
 */
const LEGACY_GRANULARITY = sourced(
  OPENAI_LEGACY_CACHED_TOKEN_GRANULARITY,
  "secondary",
  "PROTOCOLS.md §9: OpenAI cookbook Prompt Caching 201, 128-token increments before GPT-5.6 (assumed; the current guide is silent)",
);
const NO_BREAKPOINTS = sourced(
  0,
  "documented",
  `${CACHING_DOC}: automatic prefix caching, no breakpoints before GPT-5.6`,
);

function prices(
  input: number,
  cachedInput: number,
  output: number,
  writeMultiplier: number,
  provenance: Pick<PriceTable, "source" | "date" | "confidence" | "note">,
): PriceTable {
  // OpenAI has no TTL-dependent write price: both write columns are the same.
  const write = input * writeMultiplier;
  return {
    inputPerMillion: input,
    cacheWrite5mPerMillion: write,
    cacheWrite1hPerMillion: write,
    cacheReadPerMillion: cachedInput,
    outputPerMillion: output,
    currency: "USD",
    ...provenance,
  };
}

const GPT_5_5_PRICE_SOURCE = "PROTOCOLS.md §7: morphllm.com (Jun 2026); aipromptshub (Jun 2026)";

/**
 * GPT-5.6 ships as three tiers (PROTOCOLS §9). Launch prices (2026-07-09, OpenAI's help-center pricing as quoted by
 * apidog and others): sol $5 / $30, terra $2.50 / $15, luna $1 / $6. On 2026-07-30 OpenAI cut terra by 20% and
 * luna by 80% (sol unchanged), as resellers that sync OpenAI's price list reported; the current prices are used,
 * cached input 0.1× input throughout.
 */
const GPT_5_6_PRICE_SOURCE =
  "secondary: docs.apiyi.com price-cut notice 2026-07-31 and qxcnm/Codex-Manager#409 (sync official GPT-5.6 pricing, " +
  "2026-07-31); launch prices from apidog.com/blog/gpt-5-6-terra (2026-07-09); Sol's 2026-08-21 promotion as " +
  "developers.openai.com/api/docs/pricing was quoted in pwrdrvr/PwrAgent#1868, Shpigford/nurb#188, " +
  "CultivateLabs/raif#545 (2026-08)";

const GPT_5_6_TIERS = [
  {
    id: "gpt-5.6-sol",
    label: "GPT-5.6 Sol",
    input: 4,
    cached: 0.4,
    output: 20,
    date: "2026-08-21",
    note:
      "Launch price $5 / $30 (cached $0.50); OpenAI's promotional $4 / $20 from 2026-08-21, announced as " +
      "available at least through 2026-11-21 — whether it still runs is not confirmed: set your own in Settings.",
  },
  {
    id: "gpt-5.6-terra",
    label: "GPT-5.6 Terra",
    input: 2,
    cached: 0.2,
    output: 12,
    date: "2026-07-30",
    note: "Launch price $2.50 / $15 (cached $0.25), cut 20% on 2026-07-30.",
  },
  {
    id: "gpt-5.6-luna",
    label: "GPT-5.6 Luna",
    input: 0.2,
    cached: 0.02,
    output: 1.2,
    date: "2026-07-30",
    note: "Launch price $1 / $6 (cached $0.10), cut 80% on 2026-07-30.",
  },
] as const;

const OPENAI_MODEL_SPECIFICATIONS: readonly OpenAIModelSpecification[] = [
  {
    id: "gpt-5.4",
    label: "GPT-5.4",
    toolSearch: true,
    retentionSeconds: GPT_5_4_RETENTION,
    writesBilled: WRITES_FREE,
    maxBreakpoints: NO_BREAKPOINTS,
    cachedTokenGranularity: LEGACY_GRANULARITY,
    prices: prices(2.5, 0.25, 15, 1, {
      source: "PROTOCOLS.md §7: adk-model crate (Mar 2026); morphllm.com/openai-api-pricing (Jun 2026)",
      date: "2026-06",
      confidence: "secondary",
    }),
  },
  {
    id: "gpt-5.5",
    label: "GPT-5.5",
    toolSearch: true,
    retentionSeconds: EXTENDED_RETENTION,
    writesBilled: WRITES_FREE,
    maxBreakpoints: NO_BREAKPOINTS,
    cachedTokenGranularity: LEGACY_GRANULARITY,
    prices: prices(5, 0.5, 30, 1, {
      source: GPT_5_5_PRICE_SOURCE,
      date: "2026-06",
      confidence: "secondary",
      note: "Conflicting source: swfte.com (May 2026) gives cached input $1.25.",
    }),
    notes: ["gpt-5.5 supports only 24h prompt-cache retention (§5.2)."],
  },
  ...GPT_5_6_TIERS.map((tier): OpenAIModelSpecification => ({
    id: tier.id,
    label: tier.label,
    toolSearch: true,
    retentionSeconds: EXTENDED_RETENTION,
    writesBilled: sourced(
      true,
      "documented",
      `${CACHING_DOC}: GPT-5.6+ bills cache writes at 1.25× uncached input`,
      "2026-07-09",
    ),
    maxBreakpoints: sourced(
      4,
      "documented",
      `${CACHING_DOC}: explicit mode writes at up to 4 breakpoints`,
      "2026-07-09",
    ),
    cachedTokenGranularity: sourced(
      1,
      "secondary",
      `${CACHING_DOC}: the 128-token increments are stated for models before GPT-5.6 only (Prompt Caching 201)`,
      "2026-07-09",
    ),
    prices: prices(tier.input, tier.cached, tier.output, 1.25, {
      source: GPT_5_6_PRICE_SOURCE,
      date: tier.date,
      confidence: "secondary",
      note: tier.note,
    }),
    notes: [
      "Requires prompt_cache_key for the improved matching (§5.2).",
      "gpt-5.6 is reported as an alias of gpt-5.6-sol (OpenAI's model page as quoted in THU-MAIC/OpenMAIC#907 and " +
        "Ammaar-Alam/minebench#57, 2026-07); a trace that names it is priced as Sol.",
      "Prompts over 272K tokens are billed at 2× input and 1.5× output (long-context tier): not modelled here.",
    ],
  })),
  {
    id: "gpt-4.1",
    label: "GPT-4.1",
    toolSearch: false,
    retentionSeconds: IN_MEMORY_RETENTION,
    writesBilled: WRITES_FREE,
    maxBreakpoints: NO_BREAKPOINTS,
    cachedTokenGranularity: LEGACY_GRANULARITY,
    prices: prices(2, 0.5, 8, 1, {
      source:
        "not in PROTOCOLS.md §7: deploybase.ai/articles/gpt-4.1-pricing (OpenAI pricing, Mar 2026); " +
        "cached $0.50 = the 75% discount of §5.2",
      date: "2026-03",
      confidence: "secondary",
    }),
  },
];

function openAIModel(specification: OpenAIModelSpecification, provider: OpenAIProviderId): ModelInfo {
  // tool_search and namespace tools exist only in the Responses API (§2); Chat Completions sends plain functions.
  const hosted = providerModelFacts(provider).hostedToolSearch;
  const responsesOnly = hosted && specification.toolSearch;
  const chatNote =
    !hosted && specification.toolSearch
      ? ["tool_search and namespaces are Responses API features; use openai-responses for them (§2)."]
      : [];
  const notes = [...(specification.notes ?? []), ...chatNote];
  return {
    id: specification.id,
    provider,
    label: specification.label,
    capabilities: {
      anthropicToolSearch: false,
      midConversationToolChanges: false,
      openaiToolSearch: responsesOnly,
      namespaces: responsesOnly,
      kimiDynamicTools: false,
      strictTools: true,
    },
    tokenizer: "o200k",
    cache: {
      kind: sourced("automatic-prefix", "documented", `${CACHING_DOC}: automatic for prompts of 1024 tokens or more`),
      minimumCacheableTokens: sourced(1024, "documented", CACHING_DOC),
      lookbackBlocks: sourced(0, "documented", `${CACHING_DOC}: longest matching prefix wins; no block lookback`),
      maxBreakpoints: specification.maxBreakpoints,
      ttlSeconds: specification.retentionSeconds,
      refreshOnRead: sourced(true, "documented", `${CACHING_DOC}: retention counts from the last use`),
      cachedTokenGranularity: specification.cachedTokenGranularity,
      writesBilled: specification.writesBilled,
    },
    prices: specification.prices,
    ...(notes.length > 0 ? { notes } : {}),
  };
}

export const OPENAI_MODELS: readonly ModelInfo[] = [
  ...OPENAI_MODEL_SPECIFICATIONS.map((specification) => openAIModel(specification, "openai-responses")),
  ...OPENAI_MODEL_SPECIFICATIONS.map((specification) => openAIModel(specification, "openai-chat")),
  OPENAI_COMPATIBLE_MODEL,
];
