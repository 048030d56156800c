/**
 * Golden requests for settings other than the defaults: explicit breakpoints, the 1-hour TTL, cache off, regex
 * search and client search. The default goldens (golden-requests.ts) cover every strategy × provider with default
 * settings; these cover what changes the wire when a setting changes, and that Anthropic-only cache settings leave
 * the OpenAI and Moonshot wires alone. `npm run golden` writes them with the others and tsc checks them against the
 * SDK request types the same way.
 */
import type { ScenarioSettings } from "../scenario/types";
import type { StrategyId, ProviderId } from "../core/ids";
import { STRATEGY_IDS } from "../core/ids";
import { baselineStrategyId, strategyDefinition, type StrategyDefinition } from "../strategies";

export type SettingsVariant = {
  /** File-name part after the strategy: `<strategy>--<provider>--<name>--step-N-kind`. */
  name: string;
  strategy: StrategyId;
  provider: ProviderId;
  settings: Partial<ScenarioSettings>;
};

/**
 * The first strategy of the list with a property, by its facts rather than its id: a variant tests what a setting
 * does to a kind of request (deferred tools, a wrapper tool), and the file names keep the id the facts pick.
 */
function strategyWhere(description: string, test: (definition: StrategyDefinition) => boolean): StrategyId {
  const found = STRATEGY_IDS.map(strategyDefinition).find(test);
  if (!found) throw new Error(`golden: no strategy ${description}`);
  return found.id;
}

/** Registers everything: every tool a plain definition. */
const BASELINE = baselineStrategyId();
/** Anthropic runs the search itself, with one tool type per search variant, and every other tool deferred. */
const ANTHROPIC_SERVER_SEARCH = strategyWhere(
  "whose search Anthropic runs",
  (definition) =>
    Boolean(definition.providerSearch?.serverVariants.length) && definition.providers.includes("anthropic"),
);
/** OpenAI's hosted `tool_search`, which can also run on the client. */
const OPENAI_SEARCH = strategyWhere(
  "whose search OpenAI runs",
  (definition) => Boolean(definition.providerSearch) && definition.providers.includes("openai-responses"),
);
/** A tool list that never changes, one entry per catalog tool, each call through a wrapper tool (stubs). */
const WRAPPED_CALLS = strategyWhere(
  "whose calls go through a wrapper tool",
  (definition) => definition.client.calls === "wrapped" && definition.decide.prefixGrowsWithCatalog,
);

const EXPLICIT_EVERYWHERE: Partial<ScenarioSettings> = {
  cacheMode: "explicit",
  explicitBreakpoints: ["tools", "system", "last-message"],
};

/**
 * The provider's explicit cache (settings `cacheMechanism`) needs a cached part over its minimum (Gemini 2.5 Flash
 * 2,048, Qwen 1,024 tokens): a long system prompt, the same on both.
 */
const EXPLICIT_CACHE: Partial<ScenarioSettings> = {
  cacheMechanism: "explicit",
  system: "You are a careful weather assistant. Follow the house rules in every answer. ".repeat(180),
};

export const SETTINGS_VARIANTS: readonly SettingsVariant[] = [
  { name: "explicit-breakpoints", strategy: BASELINE, provider: "anthropic", settings: EXPLICIT_EVERYWHERE },
  { name: "ttl-1h", strategy: BASELINE, provider: "anthropic", settings: { cacheTtl: "1h" } },
  { name: "cache-off", strategy: BASELINE, provider: "anthropic", settings: { cacheMode: "off" } },
  // Every tool but the search tool is deferred: the "tools" marker must skip them (a deferred tool with
  // cache_control is a 400, PROTOCOLS.md §1.8) and carry the 1-hour TTL.
  {
    name: "server-bm25-explicit-ttl-1h",
    strategy: ANTHROPIC_SERVER_SEARCH,
    provider: "anthropic",
    settings: { ...EXPLICIT_EVERYWHERE, cacheTtl: "1h", searchExecution: "server", searchVariant: "bm25" },
  },
  // Regex search on Anthropic's side with a 1-hour automatic marker. (Under client execution the regex setting does
  // not reach the wire: the client search tool takes a query either way.)
  {
    name: "server-regex-ttl-1h",
    strategy: ANTHROPIC_SERVER_SEARCH,
    provider: "anthropic",
    settings: { cacheTtl: "1h", searchExecution: "server", searchVariant: "regex" },
  },
  {
    name: "explicit-tools-only",
    strategy: WRAPPED_CALLS,
    provider: "anthropic",
    settings: { cacheMode: "explicit", explicitBreakpoints: ["tools"] },
  },
  // Anthropic-only cache settings on the other providers: the wire must be the default one.
  ...(["openai-responses", "openai-chat", "moonshot"] as const).map((provider): SettingsVariant => ({
    name: "anthropic-cache-settings-ignored",
    strategy: BASELINE,
    provider,
    settings: { ...EXPLICIT_EVERYWHERE, cacheTtl: "1h" },
  })),
  {
    name: "client-search",
    strategy: OPENAI_SEARCH,
    provider: "openai-responses",
    settings: { searchExecution: "client", useNamespaces: false, toolChoice: "any" },
  },
  // Gemini: a cachedContents.create before the first request, then generateContent naming it; Qwen: markers.
  ...(["gemini", "qwen"] as const).map((provider): SettingsVariant => ({
    name: "explicit-cache",
    strategy: BASELINE,
    provider,
    settings: EXPLICIT_CACHE,
  })),
];
