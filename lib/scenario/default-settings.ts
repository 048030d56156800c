/** The settings a scenario gets for every value it does not set. */
import type { ScenarioSettings } from "./types";

export const DEFAULT_SETTINGS: ScenarioSettings = {
  provider: "anthropic",
  model: "claude-opus-4-8",
  system: "You are a helpful assistant. Use the available tools when they help answer the user.",
  nonDeferredTools: [],
  searchVariant: "bm25",
  searchExecution: "server",
  // Anthropic's tool search returns up to 5 tools a search by default (PROTOCOLS.md §1.3).
  searchResultLimit: 5,
  cacheMode: "automatic",
  explicitBreakpoints: ["tools", "system", "last-message"],
  cacheTtl: "5m",
  minutesBetweenTurns: 2,
  secondsBetweenSteps: 4,
  useNamespaces: true,
  toolChoice: "auto",
  maxOutputTokens: 1024,
};

/** Keys in their documented order; serialization and the defaults check both follow it. */
export const SETTINGS_KEYS = Object.keys(DEFAULT_SETTINGS) as Array<keyof ScenarioSettings>;

/** Settings without a default: absent means "use the model table's value", so they are kept only when given. */
export const OPTIONAL_SETTINGS_KEYS: Array<keyof ScenarioSettings> = [
  "tokenCorrectionFactors",
  "cacheOverrides",
  "limitOverrides",
  "prefilterModel",
  "prefilterOrder",
  "usdPerCny",
  "cacheMechanism",
  "toolNameMapping",
];
