import type { CatalogTool } from "../core/catalog";
import type { EngineWarning, ExplicitCacheMechanism, Segment, WireRequest } from "../core";
import type { BodyReader, MeasuredUsage, PreviewEvent, ReadReply, StreamAccumulator } from "../core";
import type { Transcript, TranscriptBlock, TranscriptMessage } from "../core";
import type { ModelInfo } from "../models";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import type { ProviderModelFacts } from "../core/provider-models";
import type { TokenCounter } from "../tokens";
import type { SdkCall, SdkClients } from "./sdk-clients";

/** Everything a provider module needs to render a transcript; heavy dependencies are injected. */
export type RenderContext = {
  settings: ScenarioSettings;
  model: ModelInfo;
  counter: TokenCounter;
  catalogByName: ReadonlyMap<string, CatalogTool>;
};

export type RenderedRequest = { request: WireRequest; segments: Segment[]; warnings: EngineWarning[] };

/** What turning a recorded wire body into segments needs: no catalog, no settings (the body carries them). */
export type BodyContext = { model: ModelInfo; counter: TokenCounter };

export type BodySegments = { segments: Segment[]; warnings: EngineWarning[] };

/** The usage the simulated provider reports, in neutral terms; each provider maps it to its own fields. */
export type SimulatedUsage = {
  uncached: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
  writesBilled: boolean;
};

/** Whose key a live call spends and whose official servers it reaches: OpenAI's two wire formats share one. */
export type ProviderAccount = "anthropic" | "openai" | "moonshot" | "google" | "deepseek" | "alibaba" | "zhipu";

/**
 * What the rest of the project needs to know about a wire format without its code: names, the account, the ids the
 * simulated model gives its calls, how caching is switched off. Plain data, so the page can read it without
 * loading the renderers (lib/providers/facts.ts).
 */
export interface ProviderFacts extends ProviderModelFacts {
  readonly id: ProviderId;
  /** The wire format's name in sentences: "Anthropic Messages", "Moonshot Kimi". */
  readonly name: string;
  /** The heading of the provider's group in the model picker. */
  readonly pickerName: string;
  /** The API's short name beside a model in the closed picker, where the group heading is not shown. */
  readonly apiName: string;
  /** The company whose key and servers a live call uses: "Anthropic", "OpenAI", "Moonshot". */
  readonly vendor: string;
  readonly account: ProviderAccount;
  /** The environment variable the server reads the account's key from. */
  readonly keyVariable: string;
  /** Where this wire format sits under the fake provider's base URL in tests: "", "/v1", "/moonshot/v1". */
  readonly fakeBasePath: string;
  /** Whether OpenAI-compatible servers (Ollama, vLLM, gateways) speak this format. */
  readonly compatibleServers: boolean;
  /** The id prefix of the simulated model's tool calls. */
  readonly callIdPrefix: string;
  /** Whether the body carries explicit cache breakpoints, so that "cache mode off" means sending none. */
  readonly explicitCacheBreakpoints: boolean;
  /**
   * The explicit cache a scenario may choose instead of the implicit one (settings `cacheMechanism`): Gemini's
   * cached content objects, Qwen's `cache_control` markers. Absent where the provider has none to choose (Anthropic
   * always sends its markers: `explicitCacheBreakpoints`).
   */
  readonly explicitCache?: ExplicitCacheMechanism;
  /** Tokens the provider adds around each message outside the tools, fixed whatever the text (Chat's framing). */
  readonly messageOverheadTokens: number;
  /**
   * Whether a message can withdraw a tool added mid-conversation (Anthropic's `tool_removal`, PROTOCOLS §4.2), so
   * `tools` and the earlier messages stay as sent. Without it a removal deletes the declaration.
   */
  readonly toolRemovalMessage?: true;
  /** Whether tools can be deferred (`defer_loading`), so a deferred-tool limit applies. */
  readonly deferredTools: boolean;
  /** Whether deferred functions are grouped in namespaces, with their own limits (the Responses tool_search). */
  readonly toolNamespaces: boolean;
  /** Where the provider counts a prompt's tokens: on any endpoint, only on its official API, or nowhere. */
  readonly tokenCountEndpoint: "any" | "official" | "none";
  /** The upstream call that counts a prompt's tokens (the server's count route), or null when there is none. */
  readonly tokenCounter: "messages-count-tokens" | "responses-input-tokens" | "tokenizers-estimate" | null;
  /** The request body's shape, which the live routes validate a body against (Moonshot speaks Chat Completions). */
  readonly bodyShape: "messages" | "responses" | "chat-completions" | "generate-content";
  /**
   * How the provider's own model names start, so a gateway's URL of another provider with the same body shape is
   * read as this one's (a `kimi-` model on a Chat Completions URL is Moonshot's, with its own usage and cache rules).
   */
  readonly modelNamePrefixes: readonly string[];
  /**
   * The provider's billing questions its docs leave open, each shown as an alternative cost on the decision page
   * (lib/decide/open-facts.ts): whether the continuation after a hosted tool search is billed, and whether
   * Sonnet 4.6 caches only from 2,048 tokens.
   */
  readonly openBilling: readonly ("search-continuation" | "sonnet-4-6-minimum")[];
  /** Whether the page offers an endpoint other than the official one (an OpenAI-compatible or custom server). */
  readonly endpointChoice: boolean;
  /** Whether the API takes beta flags (Anthropic's `anthropic-beta` header). */
  readonly betas: boolean;
  /** The model the golden requests render with, and the official SDK type each golden body must satisfy. */
  readonly golden: { model: string; sdkRequestType: string };
  /** Where this wire format's clients reach the recording tap (lib/tap), and where the tap forwards them. */
  readonly tap: TapFacts;
}

/**
 * A recording tap endpoint. Wire formats of one API share it (OpenAI's Responses and Chat Completions are one
 * `/tap/openai/v1`), so every field but `recordedPath` must be the same for all providers with the same `id`.
 */
export type TapFacts = {
  /** The endpoint's name, stored with each recording: usually the account. */
  readonly id: string;
  /** The endpoint's name in sentences. */
  readonly label: string;
  /** The path on the playground's server a client uses as its base URL: `/tap/openai/v1`. */
  readonly mount: string;
  /** The environment variable that points the tap at another upstream (a team's gateway, a test's fake). */
  readonly upstreamEnv: string;
  /** The provider's public API, standing for the same path as the mount. */
  readonly defaultUpstream: string;
  /** The generation endpoint below the mount, recorded as this wire format's traffic (others pass unrecorded). */
  readonly recordedPath: RegExp;
};

/** The renderer's layout of the conversation in the body (lib/live/wire-overlay.ts puts real turns back by it). */
export type TurnLayout = {
  /** The body's list the conversation is rendered into: `messages`, `input` (Responses), `contents` (Gemini). */
  listKey: string;
  /** Wire items before the first transcript message (Chat's system message). */
  leading: number;
  /** How many wire items one transcript message renders to. */
  span(message: TranscriptMessage): number;
  /** The wire items that replace an assistant message's rendered `original` items, given the raw turn. */
  replace(original: unknown[], raw: unknown): unknown[];
};

/** What the explicit cache needs to turn a rendered request into the ones sent under it. */
export type ExplicitCacheCall = {
  /** The model id on the wire. */
  model: string;
  ttlSeconds: number;
  /** The cached content object the request names (Gemini: `cachedContents/…`). */
  name: string;
  /** Whether a new cache object is made before this request (first request, a changed cached part, an expiry). */
  create: boolean;
  /** False when the cached part is below the minimum: nothing is cached, the request goes as rendered. */
  cacheable: boolean;
};

/** The requests sent under the explicit cache: the one that makes the cache object, where one is made, and the step's own. */
export type ExplicitCacheRequests = { create?: WireRequest; request: WireRequest };

export interface ProviderAdapter extends ProviderFacts {
  readonly label: string;
  readonly endpoint: string;
  /** The requests under the provider's explicit cache (present exactly when `explicitCache` is). */
  explicitCacheRequests?(request: WireRequest, call: ExplicitCacheCall): ExplicitCacheRequests;
  /**
   * Where the explicit cache's object is made by a call of its own (Gemini `cachedContents.create`): a live call's
   * body carrying that call for the route to make first (`create`), or naming the object an earlier call made
   * (`madeName`, the provider's name for it).
   */
  liveExplicitCacheBody?(
    body: Record<string, unknown>,
    create: WireRequest | undefined,
    madeName: string | undefined,
  ): Record<string, unknown>;
  /** The provider's name of the object the live route made for this reply, if it made one. */
  liveExplicitCacheName?(response: Record<string, unknown>): string | undefined;
  renderRequest(transcript: Transcript, context: RenderContext): RenderedRequest;
  /**
   * The segment list of a wire body as it was sent (an imported trace): its own cache markers and order. For a body
   * this module rendered, it equals `renderRequest`'s segments (lib/providers/body-segments.test.ts).
   */
  segmentBody(body: Record<string, unknown>, context: BodyContext): BodySegments;
  /** The provider's response body for an assistant turn made of these blocks. */
  renderResponse(
    blocks: TranscriptBlock[],
    usage: SimulatedUsage,
    context: RenderContext,
    responseId: string,
  ): Record<string, unknown>;
  /** Text whose token count approximates the assistant turn's output tokens. */
  outputText(blocks: TranscriptBlock[]): string;
  /**
   * The counted text of a catalog tool declared at the top level, exactly as `renderRequest` renders it, or null
   * when the declaration costs no prompt tokens here (a deferred tool outside the prompt, or one this format
   * cannot defer).
   */
  toolText(tool: CatalogTool, variant: "full" | "stub" | "deferred"): string | null;
  /** Reads a recorded body of this format back: declared tools, tool calls, turns, the answer's text. */
  readonly body: BodyReader;
  /** The usage a complete response reports, in the engine's terms, or null when it carries none. */
  readUsage(response: Record<string, unknown>): MeasuredUsage | null;
  /** A real response read back into transcript blocks, with the assistant turn to send back verbatim. */
  readReply(response: Record<string, unknown>): ReadReply;
  /** Folds this format's stream events into the response a non-streaming call would have returned. */
  createStreamAccumulator(emit: (event: PreviewEvent) => void): StreamAccumulator;
  /** Where `renderRequest` puts each transcript message, so real assistant turns can replace rendered ones. */
  readonly turnLayout: TurnLayout;
  /** Opens a live streaming call of this format on the SDK client the server made for it (server only). */
  openStream(clients: SdkClients, call: SdkCall, signal: AbortSignal): Promise<AsyncIterable<unknown>>;
}
