import { defaultMockResult, validateToolArguments } from "../catalog";
import { emptyCacheState } from "../cache";
import type { CacheState } from "../cache/types";
import type {
  CacheRules,
  CatalogTool,
  EngineStep,
  EngineWarning,
  StepKind,
  StepToolChange,
  WireRequest,
} from "../core";
import type { ToolEntry, Transcript, TranscriptBlock, TranscriptMessage } from "../core";
import type { ModelInfo } from "../models/types";
import type { ProviderAdapter, RenderContext, RenderedRequest } from "../providers";
import { writePriceTier } from "../models/cache-rules";
import { modelLimits } from "../models/model-limits";
import { checkRequestLimits, rejectedStep, RequestRejectedError } from "../providers/limits";
import type { ToolChange } from "../scenario/types";
import type { ToolSearcher } from "../search";
import { priceRenderedRequest, type PricedRequest } from "./price-rendered-request";
import { thirdPartyMarker } from "./third-party-text";
import {
  openExplicitCache,
  planExplicitCache,
  priceExplicitCache,
  type ExplicitCachePlan,
  type ExplicitCacheSession,
} from "./explicit-cache-step";

/** The searches a strategy can run on the catalog (built lazily by the engine: a live run needs only one). */
export type SessionSearchers = {
  readonly bm25: ToolSearcher;
  readonly regex: ToolSearcher;
  readonly client: ToolSearcher;
};

/** What the session needs from the engine; built once per run. */
export type SessionOptions = {
  adapter: ProviderAdapter;
  context: RenderContext;
  cacheRules: CacheRules;
  searchers: SessionSearchers;
  system: string;
  tools: ToolEntry[];
  betas?: string[];
  /** Tools callable from the start (live runs: the non-deferred tools). */
  discovered?: Iterable<string>;
  /**
   * Turns the rendered request into the one actually sent (live: the provider's own assistant turns put back, the
   * wire model name). The step records the finished request; the segments stay the rendered ones.
   */
  finishRequest?: (request: WireRequest, messages: readonly TranscriptMessage[]) => WireRequest;
  /** Check simulated requests against the provider's limits (default true; see RunOptions.enforceLimits). */
  enforceLimits?: boolean;
  /** Called with each step's compute time; only the benchmark listens. */
  onStepTimed?: (step: EngineStep, milliseconds: number) => void;
  /** The cache rules of another model of the provider, for a lane that runs on it (the engine's own rules). */
  rulesFor?: (model: ModelInfo) => CacheRules;
};

/** A second conversation inside one run: its own transcript, model and cache, its requests among the run's steps. */
export type LaneOptions = {
  /** Short words naming the lane on every step it sends ("prefilter", "sub-agent"). */
  name: string;
  system: string;
  tools: ToolEntry[];
  /** Another model of the same provider (a cheaper one); default the run's model. */
  model?: ModelInfo;
  /** The request actually sent (a live run's lane: the provider's own assistant turns put back). */
  finishRequest?: SessionOptions["finishRequest"];
};

/** One request as the model receives it: rendered by the provider module, about to be answered. */
export type Exchange = {
  request: WireRequest;
  /**
   * Under the provider's explicit cache, the request that makes a new cache object before `request` (Gemini
   * `cachedContents.create`): a live run sends it first and names the object it returns.
   */
  cacheCreate?: WireRequest;
  /** What the request does with the explicit cache (settings `cacheMechanism`), decided when it was prepared. */
  explicitPlan?: ExplicitCachePlan;
  rendered: RenderedRequest;
  /** The transcript the request was rendered from (read only). */
  messages: readonly TranscriptMessage[];
};

/** The model's answer to one request. */
export type ModelReply = {
  blocks: TranscriptBlock[];
  /** The provider's own response; absent for the scripted model, whose response the session renders. */
  response?: Record<string, unknown>;
  /** What the request was for; the simulation's strategy knows it, a live run reads it from the reply. */
  kind?: StepKind;
  title?: string;
  notes?: string[];
  /** Whether the assistant turn joins the transcript (a live reply with nothing in it does not). Default true. */
  appendAssistant?: boolean;
};

/**
 * Who answers the session's requests: the scripted model of the simulation (a strategy decides what it says, so
 * the run is deterministic) or a remote model (a provider's streamed reply, lib/live). Both go through the same
 * render → reply → cache model → price → record loop in `ConversationSession`.
 */
export interface Model<Reply extends ModelReply = ModelReply> {
  reply(exchange: Exchange): Reply;
}
export interface RemoteModel<Reply extends ModelReply = ModelReply> {
  reply(exchange: Exchange): Promise<Reply>;
}

/** The simulation's model: says exactly what the strategy scripted. */
export function scriptedModel(kind: StepKind, title: string, blocks: TranscriptBlock[], notes: string[] = []): Model {
  return { reply: () => ({ blocks, kind, title, notes }) };
}

export type Answered<Reply extends ModelReply> = { step: EngineStep; reply: Reply; priced: PricedRequest };

/**
 * One conversation under one strategy, one request at a time: it holds the provider-neutral transcript, renders
 * each request through the provider module, asks a `Model` for the reply, runs the cache model, prices the
 * request, records the step and appends the reply. The simulation (a strategy drives it with the scripted model),
 * live runs (a remote model; the strategy's client side answers its tool calls) and the decide panel's engine
 * runs all use this one loop, so a live step's prediction is the simulation's arithmetic.
 */
export class ConversationSession {
  readonly steps: EngineStep[] = [];
  readonly warnings: EngineWarning[] = [];
  /** Tools the model can call without searching again (loaded, referenced, declared or already known). */
  readonly discovered: Set<string>;
  toolsNeeded = 0;
  toolsFound = 0;
  /**
   * `toolsFound` when the last accepted request was sent. A strategy counts a tool found before the request in which
   * the model calls it; when the provider refuses that request the call never happened, so a refused run reports
   * this count instead.
   */
  toolsFoundWhenAccepted = 0;
  private transcript: Transcript;
  /** What a scripted tool change did, recorded on the next step. */
  private pendingToolChange?: StepToolChange;
  /** Tools a scripted change removed: a strategy's new `tools` (setTools) leaves them out. */
  private readonly withdrawn = new Set<string>();
  private cacheState: CacheState = emptyCacheState();
  private turnIndex = 0;
  private stepInTurn = 0;
  private counter = 0;
  private turnStartSeconds = 0;
  private readonly seenWarnings = new Set<string>();
  /** The run's main conversation: a lane records its steps, clock and warnings there. */
  private readonly root: ConversationSession;
  /** Set on a lane's session: its name, on each of its steps. */
  readonly lane?: string;
  private markThirdParty?: ReturnType<typeof thirdPartyMarker>;
  /**
   * The provider's explicit cache, where the scenario chose it (settings `cacheMechanism`): the main conversation
   * only (a lane keeps the implicit cache, as the run's explicit-cache summary counts the main conversation alone).
   */
  private explicitCache?: ExplicitCacheSession | null;

  constructor(
    private readonly options: SessionOptions,
    lane?: { root: ConversationSession; name: string },
  ) {
    this.root = lane?.root ?? this;
    if (lane) this.lane = lane.name;
    this.transcript = {
      system: options.system,
      tools: options.tools,
      messages: [],
      ...(options.betas?.length ? { betas: options.betas } : {}),
    };
    this.discovered = new Set(options.discovered ?? []);
  }

  get context(): RenderContext {
    return this.options.context;
  }

  get searchers(): SessionSearchers {
    return this.options.searchers;
  }

  get tools(): readonly ToolEntry[] {
    return this.transcript.tools;
  }

  get messages(): readonly TranscriptMessage[] {
    return this.transcript.messages;
  }

  /** The scripted user turn in progress, 0-based. */
  get turn(): number {
    return this.turnIndex;
  }

  /**
   * Opens a second conversation in this run (a small model that picks tools, a sub-agent that holds the catalog).
   * Its requests go through the same render → cache → price loop with their own cache state, and are recorded
   * among the run's steps with the lane's name, so the run's totals sum both conversations.
   */
  openLane(lane: LaneOptions): ConversationSession {
    const { context, rulesFor } = this.options;
    const model = lane.model ?? context.model;
    const sameModel = model === context.model;
    return new ConversationSession(
      {
        ...this.options,
        context: sameModel ? context : { ...context, model, settings: { ...context.settings, model: model.id } },
        cacheRules: sameModel || !rulesFor ? this.options.cacheRules : rulesFor(model),
        system: lane.system,
        tools: lane.tools,
        discovered: [],
        finishRequest: lane.finishRequest,
      },
      { root: this.root, name: lane.name },
    );
  }

  /** Starts the lane's conversation over (a fresh task); its cache state stays, as the provider's would. */
  clearMessages(): void {
    this.transcript.messages.length = 0;
  }

  /**
   * Applies a scripted tool change (a scenario turn's `toolChange`) where this conversation declares the tool, the
   * way the provider allows; the next request shows what it breaks, and its step says what changed. Returns the
   * indices of the messages it deleted (a live run keeps the provider's own turns by index).
   */
  changeTools({ change, tool: name }: ToolChange): { deletedMessages: number[] } {
    const deletedMessages: number[] = [];
    const tool = this.tool(name);
    if (!tool) return { deletedMessages };
    const messages = this.transcript.messages;
    const declarations = messages.flatMap((message, index) => (message.role === "added-tools" ? [index] : []));
    const inMessages = offeredByMessages(messages, name);
    const topLevel = this.transcript.tools.findIndex((entry) => declares(entry, name));
    let where: StepToolChange["where"] = "none";
    if (change === "remove") {
      this.discovered.delete(name);
      this.withdrawn.add(name);
      if (inMessages && this.options.adapter.toolRemovalMessage) {
        this.append({ role: "added-tools", toolNames: [], removedToolNames: [name] });
        where = "removal-message";
      } else if (inMessages) {
        for (const index of declarations) {
          const message = messages[index] as AddedTools;
          if (message.toolNames.includes(name))
            messages[index] = { ...message, toolNames: message.toolNames.filter((other) => other !== name) };
        }
        // A declaration message left empty is dropped, as a client deleting the declaration would.
        this.transcript.messages = messages.filter((message, index) => {
          const kept = message.role !== "added-tools" || message.toolNames.length > 0 || !!message.text;
          if (!kept) deletedMessages.push(index);
          return kept;
        });
        where = "messages";
      } else if (topLevel >= 0) {
        this.transcript.tools = this.transcript.tools.flatMap((entry) => withoutTool(entry, name));
        where = "tools";
      }
    } else {
      this.discovered.add(name);
      this.withdrawn.delete(name);
      if (inMessages || (topLevel >= 0 && fullyDeclares(this.transcript.tools[topLevel], name))) {
        where = "none";
      } else if (declarations.length > 0) {
        const index = declarations[0];
        const message = messages[index] as AddedTools;
        messages[index] = { ...message, toolNames: [name, ...message.toolNames] };
        where = "messages";
      } else {
        this.transcript.tools = [
          { type: "catalog", tool, deferred: false },
          ...this.transcript.tools.flatMap((entry) => withoutTool(entry, name)),
        ];
        where = "tools";
      }
    }
    this.pendingToolChange = { change, tool: name, where };
    return { deletedMessages };
  }

  /**
   * Replaces the top-level tools (naive-dynamic, the anti-pattern being shown, and the prefilter's selection). A tool
   * a scripted change removed stays out until one inserts it again.
   */
  setTools(tools: ToolEntry[]): void {
    this.transcript.tools = this.withdrawn.size
      ? tools.flatMap((entry) =>
          [...this.withdrawn].reduce((kept, name) => kept.flatMap((one) => withoutTool(one, name)), [entry]),
        )
      : tools;
  }

  startTurn(turn: number, userText: string, minutesBetweenTurns: number): void {
    if (turn > 0) {
      const lastStep = this.steps[this.steps.length - 1];
      this.turnStartSeconds = (lastStep?.clockSeconds ?? 0) + minutesBetweenTurns * 60;
    }
    this.turnIndex = turn;
    this.stepInTurn = 0;
    this.append({ role: "user", blocks: [{ type: "text", text: userText }] });
  }

  nextId(prefix: string): string {
    if (this.root !== this) return this.root.nextId(prefix);
    this.counter += 1;
    return `${prefix}${String(this.counter).padStart(4, "0")}`;
  }

  /** A lane's steps say which conversation sent them. */
  private titled(title: string): string {
    return this.lane ? `${this.lane}: ${title}` : title;
  }

  tool(name: string): CatalogTool | undefined {
    return this.options.context.catalogByName.get(name);
  }

  /** Appends a message, merging consecutive user blocks into one user turn as the APIs require. */
  append(message: TranscriptMessage): void {
    const last = this.transcript.messages[this.transcript.messages.length - 1];
    if (message.role === "user" && last?.role === "user") {
      last.blocks.push(...message.blocks);
      return;
    }
    this.transcript.messages.push(message.role === "user" ? { role: "user", blocks: [...message.blocks] } : message);
  }

  appendToolResult(callId: string, toolName: string, content: string, isError = false): void {
    this.append({
      role: "user",
      blocks: [{ type: "tool-result", callId, toolName, content, ...(isError ? { isError: true } : {}) }],
    });
  }

  /** Runs the tool on the client: validates the arguments against the real schema, then returns the mock result. */
  executeTool(
    tool: CatalogTool,
    args: Record<string, unknown>,
    validateOnClient: boolean,
  ): { ok: boolean; content: string } {
    return executeCatalogTool(tool, args, validateOnClient);
  }

  /** One request answered by the scripted model with `reply` (the simulation). */
  send(kind: StepKind, title: string, reply: TranscriptBlock[], notes: string[] = []): EngineStep {
    return this.ask(scriptedModel(kind, title, reply, notes)).step;
  }

  /** One request answered synchronously (the scripted model). */
  ask<Reply extends ModelReply>(model: Model<Reply>, at?: { clockSeconds: number }): Answered<Reply> {
    const startedAt = performance.now();
    const clock = at ?? { clockSeconds: this.clockNow() };
    const exchange = this.prepare(clock.clockSeconds);
    const answered = this.complete(exchange, model.reply(exchange), clock);
    this.options.onStepTimed?.(answered.step, performance.now() - startedAt);
    return answered;
  }

  /**
   * One request answered by a remote model. Nothing of the session changes until the reply is in: when the model
   * throws (Stop, a network error), asking again resends the same request. `at` is the wall clock of the send.
   */
  async askRemote<Reply extends ModelReply>(
    model: RemoteModel<Reply>,
    at: () => { clockSeconds: number },
  ): Promise<Answered<Reply>> {
    const clock = at();
    const exchange = this.prepare(clock.clockSeconds);
    return this.complete(exchange, await model.reply(exchange), clock);
  }

  /** The scenario clock of the next simulated request: its turn's start plus the steps before it in the turn. */
  private clockNow(): number {
    const root = this.root;
    return root.turnStartSeconds + root.stepInTurn * this.options.context.settings.secondsBetweenSteps;
  }

  /**
   * Renders the transcript so far into the provider's request (throws when the provider cannot carry it); under the
   * explicit cache, the requests sent under it.
   */
  private prepare(clockSeconds: number): Exchange {
    const { adapter, context } = this.options;
    const rendered = adapter.renderRequest(this.transcript, context);
    const request = this.options.finishRequest
      ? this.options.finishRequest(rendered.request, this.transcript.messages)
      : rendered.request;
    if (this.explicitCache === undefined)
      this.explicitCache = this.lane ? null : openExplicitCache(adapter, context.model, context.settings);
    if (!this.explicitCache) return { request, rendered, messages: this.transcript.messages };
    const plan = planExplicitCache({
      session: this.explicitCache,
      adapter,
      model: context.model,
      request,
      segments: rendered.segments,
      clockSeconds,
    });
    return {
      request: plan.request,
      ...(plan.create ? { cacheCreate: plan.create } : {}),
      explicitPlan: plan,
      rendered,
      messages: this.transcript.messages,
    };
  }

  private complete<Reply extends ModelReply>(
    exchange: Exchange,
    reply: Reply,
    at?: { clockSeconds: number },
  ): Answered<Reply> {
    const { adapter, context, cacheRules } = this.options;
    const { rendered } = exchange;
    const root = this.root;
    const clockSeconds = at?.clockSeconds ?? this.clockNow();
    // A simulated request over a provider limit is refused before it is read: not priced, and the run ends here.
    // (A live reply carries the provider's own response: the provider has already accepted that request.)
    const rejection =
      reply.response === undefined && this.options.enforceLimits !== false
        ? checkRequestLimits(rendered, context.model, modelLimits(context.model, context.settings.limitOverrides))
        : null;
    if (rejection) {
      const header = { index: root.steps.length, turn: root.turnIndex, clockSeconds, notes: reply.notes ?? [] };
      const step = rejectedStep(
        { ...header, kind: reply.kind ?? "answer", title: this.titled(reply.title ?? "answer") },
        rendered,
        rejection,
      );
      if (this.lane) step.lane = this.lane;
      root.steps.push(step);
      throw new RequestRejectedError(step);
    }
    const priced = priceRenderedRequest({
      segments: rendered.segments,
      rules: cacheRules,
      state: this.cacheState,
      nowSeconds: clockSeconds,
      outputTokens: context.counter.count(adapter.outputText(reply.blocks)),
      prices: context.model.prices,
      ttl: writePriceTier(context.model, context.settings.cacheTtl),
    });
    const { cache } = priced;
    let { tokens, cost } = priced;
    let segmentStatus = cache.segmentStatus;
    let divergence = cache.divergence;
    const explicit =
      this.explicitCache && exchange.explicitPlan
        ? priceExplicitCache({
            session: this.explicitCache,
            adapter,
            plan: exchange.explicitPlan,
            segments: rendered.segments,
            divergence,
            clockSeconds,
            tokens,
          })
        : null;
    if (explicit) ({ tokens, cost, segmentStatus, divergence } = explicit);
    this.cacheState = cache.nextState;
    const response =
      reply.response ??
      adapter.renderResponse(
        reply.blocks,
        { ...tokens, writesBilled: cacheRules.writesBilled },
        context,
        root.nextId("sim_"),
      );
    for (const warning of [...rendered.warnings, ...(cache.warnings ?? [])]) {
      if (!root.seenWarnings.has(warning.code)) {
        root.seenWarnings.add(warning.code);
        root.warnings.push(warning);
      }
    }
    const step: EngineStep = {
      index: root.steps.length,
      turn: root.turnIndex,
      kind: reply.kind ?? "answer",
      title: this.titled(reply.title ?? "answer"),
      ...(this.lane ? { lane: this.lane } : {}),
      clockSeconds,
      request: exchange.request,
      response,
      segments: rendered.segments,
      segmentStatus,
      tokens,
      divergence,
      cost,
      notes: reply.notes ?? [],
      warnings: rendered.warnings,
      thirdParty: (root.markThirdParty ??= thirdPartyMarker(context.catalogByName))(
        rendered.segments,
        rendered.request.body,
      ),
    };
    if (explicit) step.explicitCache = explicit.record;
    if (exchange.cacheCreate) step.cacheCreateRequest = exchange.cacheCreate;
    // On this conversation's next request, not on a request of another lane sent before it.
    if (this.pendingToolChange) {
      step.toolChange = this.pendingToolChange;
      this.pendingToolChange = undefined;
    }
    root.steps.push(step);
    root.toolsFoundWhenAccepted = root.toolsFound;
    root.stepInTurn += 1;
    if (reply.appendAssistant ?? true) this.append({ role: "assistant", blocks: reply.blocks });
    return { step, reply, priced };
  }
}

type AddedTools = Extract<TranscriptMessage, { role: "added-tools" }>;

/** Whether the messages offer the tool: the last added-tools message naming it added it rather than withdrew it. */
function offeredByMessages(messages: readonly TranscriptMessage[], name: string): boolean {
  let offered = false;
  for (const message of messages) {
    if (message.role !== "added-tools") continue;
    if ((message as AddedTools).toolNames.includes(name)) offered = true;
    if ((message as AddedTools).removedToolNames?.includes(name)) offered = false;
  }
  return offered;
}

function declares(entry: ToolEntry, name: string): boolean {
  if (entry.type === "catalog" || entry.type === "stub") return entry.tool.name === name;
  if (entry.type === "openai-namespace") return entry.tools.some((tool) => tool.name === name);
  return false;
}

/** Declared with its whole schema and offered from the start (not deferred, not a stub). */
function fullyDeclares(entry: ToolEntry, name: string): boolean {
  return entry.type === "catalog" && entry.tool.name === name && !entry.deferred;
}

function withoutTool(entry: ToolEntry, name: string): ToolEntry[] {
  if (entry.type === "openai-namespace") {
    const tools = entry.tools.filter((tool) => tool.name !== name);
    return tools.length ? [{ ...entry, tools }] : [];
  }
  return declares(entry, name) ? [] : [entry];
}

/**
 * The client running a catalog tool: validates the arguments against the real schema when the strategy validates
 * on the client, then returns the tool's mock result. The simulation and a live run's client side share it.
 */
export function executeCatalogTool(
  tool: CatalogTool,
  args: Record<string, unknown>,
  validateOnClient: boolean,
): { ok: boolean; content: string } {
  if (validateOnClient) {
    const validation = validateToolArguments(tool, args);
    if (!validation.valid) {
      return {
        ok: false,
        content: JSON.stringify({ error: "invalid_arguments", tool: tool.name, details: validation.errors }),
      };
    }
  }
  const result = tool.mockResult ?? defaultMockResult(tool, args);
  return { ok: true, content: typeof result === "string" ? result : JSON.stringify(result) };
}
