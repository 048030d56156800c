import type { CacheRules, CacheTtl } from "../core/cache-rules";
import type { LimitOverrides } from "./limit-overrides";
import type { ProviderId } from "../core/ids";
import type { Catalog } from "../core";

export const SCENARIO_FORMAT_VERSION = 1;

export type { CacheTtl } from "../core/cache-rules";

/** One tool the task of a user turn needs, with the arguments the model should pass. */
export type NeededToolCall = {
  tool: string;
  arguments: Record<string, unknown>;
  /**
   * A scripted argument mistake: the model first sends these arguments instead. Where the strategy validates on
   * the client (stubs, gateway) the transcript shows the validation error and one corrected retry; where the
   * provider enforces the schema natively, strict decoding prevents the mistake and it is skipped.
   */
  mistakenArguments?: Record<string, unknown>;
};

/**
 * A scripted change of the declared tools at the start of a turn, after the user's message, to show what it breaks.
 * "remove": the tool is no longer offered. Where the provider can say so in a message (Anthropic's `tool_removal`,
 * for a tool added mid-conversation) that message is appended; otherwise the declaration itself is deleted (from
 * `tools`, or from the earlier message that declared it, which Kimi's append-only rule forbids).
 * "insert": the tool is declared before what was already sent: in the earliest mid-conversation declaration, or at
 * the front of `tools`.
 */
export type ToolChange = { change: "remove" | "insert"; tool: string };

export type ScenarioTurn = {
  user: string;
  /** A tool removal or an inserted declaration scripted at the start of this turn. */
  toolChange?: ToolChange;
  needs: NeededToolCall[];
  /** The search the model would write; derived from the user turn when absent. */
  searchQuery?: string;
  /** A regex for the regex search variants; derived from the query when absent. */
  searchPattern?: string;
  /** The model's final answer text; a short default is generated when absent. */
  answer?: string;
};

export type ScenarioSettings = {
  provider: ProviderId;
  model: string;
  system: string;
  /** Tools kept non-deferred (always loaded) by the deferral strategies. */
  nonDeferredTools: string[];
  /** Anthropic tool-search variant, and the regex/BM25 flavour of the client search where it applies. */
  searchVariant: "bm25" | "regex";
  /** Who runs the search under the provider-native strategies. */
  searchExecution: "server" | "client";
  /** How many results a search returns (Anthropic documents up to 5). */
  searchResultLimit: number;
  /** Anthropic cache breakpoints: automatic top-level `cache_control`, or explicit markers, or none. */
  cacheMode: "automatic" | "explicit" | "off";
  /** Where explicit breakpoints go (at most 4 in total). */
  explicitBreakpoints: Array<"tools" | "system" | "last-message">;
  cacheTtl: CacheTtl;
  minutesBetweenTurns: number;
  /** Seconds between two requests inside one turn (tool execution and model latency). */
  secondsBetweenSteps: number;
  /** Use OpenAI namespaces for tools that have one (OpenAI tool search). */
  useNamespaces: boolean;
  toolChoice: "auto" | "any" | "none";
  maxOutputTokens: number;
  /** Correction factors of the estimating tokenizers (Claude and Kimi have no public tokenizer). */
  tokenCorrectionFactors?: Partial<Record<"anthropic-estimate" | "kimi-estimate", number>>;
  /** Overrides of the provider's cache rules, for the UNCONFIRMED ones (minimum length, TTL, granularity…). */
  cacheOverrides?: Partial<CacheRules>;
  /** prefilter: the small model of the same provider that picks the tools; absent = the provider's cheapest. */
  prefilterModel?: string;
  /**
   * prefilter: `tools` is each turn's selection (it changes when the selection does), or every tool selected so
   * far with new ones appended at the end. Absent = "selection".
   */
  prefilterOrder?: "selection" | "append-only";
  /**
   * A person's values for provider limits that are assumed, only reported, or set by a self-hosted server, per
   * "provider:model" (lib/models/model-limits.ts). The simulator's checks and the decide views read them.
   */
  limitOverrides?: LimitOverrides;
  /**
   * The person's exchange rate, US dollars per yuan, for models priced in CNY: absent = nothing is converted (no
   * rate is built in). Scenario data like the limit overrides, so a shared comparison converts as its author's did.
   */
  usdPerCny?: number;
  /**
   * Where the provider has an explicit cache (its adapter's `explicitCache`: Gemini cached content, Qwen
   * `cache_control` markers): "explicit" sends and prices it instead of the implicit cache. Absent = "implicit".
   */
  cacheMechanism?: "implicit" | "explicit";
  /**
   * "wire": the names the model's provider refuses (dots, slashes, spaces, other scripts, over its length) are sent
   * as wire names, as MCP clients do (lib/catalog/wire-names.ts), and the conversation's references to them with
   * them. Absent = "none": the names are sent as written, and the provider refuses the request.
   */
  toolNameMapping?: "none" | "wire";
};

export type Scenario = {
  formatVersion: typeof SCENARIO_FORMAT_VERSION;
  id: string;
  title: string;
  description?: string;
  catalog: Catalog;
  turns: ScenarioTurn[];
  settings: ScenarioSettings;
};
