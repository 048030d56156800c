/**
 * Golden requests for settings other than the defaults: explicit breakpoints, the 1-hour TTL, cache off, regex
 * search and client search. The default goldens (golden-requests.ts) cover every strategy × provider with default
 * settings; these cover what changes the wire when a setting changes, and that Anthropic-only cache settings leave
 * the OpenAI and Moonshot wires alone. `npm run golden` writes them with the others and tsc checks them against the
 * SDK request types the same way.
 */
import type { ScenarioSettings, StrategyId, ProviderId } from "../scenario/types";

export type SettingsVariant = {
  /** File-name part after the strategy: `<strategy>--<provider>--<name>--step-N-kind`. */
  name: string;
  strategy: StrategyId;
  provider: ProviderId;
  settings: Partial<ScenarioSettings>;
};

const EXPLICIT_EVERYWHERE: Partial<ScenarioSettings> = {
  cacheMode: "explicit",
  explicitBreakpoints: ["tools", "system", "last-message"],
};

export const SETTINGS_VARIANTS: readonly SettingsVariant[] = [
  { name: "explicit-breakpoints", strategy: "full", provider: "anthropic", settings: EXPLICIT_EVERYWHERE },
  { name: "ttl-1h", strategy: "full", provider: "anthropic", settings: { cacheTtl: "1h" } },
  { name: "cache-off", strategy: "full", provider: "anthropic", settings: { cacheMode: "off" } },
  // Every tool but the search tool is deferred: the "tools" marker must skip them (a deferred tool with
  // cache_control is a 400, PROTOCOLS.md §1.8) and carry the 1-hour TTL.
  {
    name: "server-bm25-explicit-ttl-1h",
    strategy: "anthropic-tool-search",
    provider: "anthropic",
    settings: { ...EXPLICIT_EVERYWHERE, cacheTtl: "1h", searchExecution: "server", searchVariant: "bm25" },
  },
  // Regex search on Anthropic's side with a 1-hour automatic marker. (Under client execution the regex setting does
  // not reach the wire: the client search tool takes a query either way.)
  {
    name: "server-regex-ttl-1h",
    strategy: "anthropic-tool-search",
    provider: "anthropic",
    settings: { cacheTtl: "1h", searchExecution: "server", searchVariant: "regex" },
  },
  {
    name: "explicit-tools-only",
    strategy: "stubs",
    provider: "anthropic",
    settings: { cacheMode: "explicit", explicitBreakpoints: ["tools"] },
  },
  // Anthropic-only cache settings on the other providers: the wire must be the default one.
  ...(["openai-responses", "openai-chat", "moonshot"] as const).map((provider): SettingsVariant => ({
    name: "anthropic-cache-settings-ignored",
    strategy: "full",
    provider,
    settings: { ...EXPLICIT_EVERYWHERE, cacheTtl: "1h" },
  })),
  {
    name: "client-search",
    strategy: "openai-tool-search",
    provider: "openai-responses",
    settings: { searchExecution: "client", useNamespaces: false, toolChoice: "any" },
  },
];
