import type { ProviderId } from "../scenario/types";
import {
  OPENAI_CACHED_TOKEN_GRANULARITY,
  OPENAI_EXTENDED_RETENTION_SECONDS,
  OPENAI_IN_MEMORY_RETENTION_SECONDS,
} from "./assumed-values";
import { OPENAI_COMPATIBLE_MODEL } from "./openai-compatible-model";
import { sourced, type ModelInfo, type PriceTable, type Sourced } from "./types";

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
const WRITES_FREE = sourced(false, "documented", `${CACHING_DOC}: pre-GPT-5.6 models have no cache-write fee`);
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

const OPENAI_MODEL_SPECIFICATIONS: readonly OpenAIModelSpecification[] = [
  {
    id: "gpt-5.4",
    label: "GPT-5.4",
    toolSearch: true,
    retentionSeconds: IN_MEMORY_RETENTION,
    writesBilled: WRITES_FREE,
    maxBreakpoints: NO_BREAKPOINTS,
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
    prices: prices(5, 0.5, 30, 1, {
      source: GPT_5_5_PRICE_SOURCE,
      date: "2026-06",
      confidence: "secondary",
      note: "Conflicting source: swfte.com (May 2026) gives cached input $1.25.",
    }),
    notes: ["gpt-5.5 supports only 24h prompt-cache retention (§5.2)."],
  },
  {
    id: "gpt-5.6",
    label: "GPT-5.6",
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
    prices: prices(5, 0.5, 30, 1.25, {
      source:
        `GPT-5.6 prices UNCONFIRMED (PROTOCOLS.md §7): placeholder = gpt-5.5 (${GPT_5_5_PRICE_SOURCE}); ` +
        "write 1.25× input is official, read 0.1× secondary",
      date: "2026-07-09",
      confidence: "unconfirmed",
      note: "Placeholder prices equal to gpt-5.5's; only the 1.25× write multiplier is documented.",
    }),
    notes: ["Requires prompt_cache_key for the improved matching (§5.2)."],
  },
  {
    id: "gpt-4.1",
    label: "GPT-4.1",
    toolSearch: false,
    retentionSeconds: IN_MEMORY_RETENTION,
    writesBilled: WRITES_FREE,
    maxBreakpoints: NO_BREAKPOINTS,
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
  const responsesOnly = provider === "openai-responses" && specification.toolSearch;
  const chatNote =
    provider === "openai-chat" && specification.toolSearch
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
      cachedTokenGranularity: sourced(
        OPENAI_CACHED_TOKEN_GRANULARITY,
        "secondary",
        `${CACHING_DOC}: 128-token increments appear only in an older version (legacy)`,
      ),
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
