import type { EngineWarning, StrategyRun, TranscriptMessage, WireRequest } from "../core";
import { createEngine, type OpenedSession } from "../engine";
import { summarise } from "../engine/totals";
import { computeCost } from "../models";
import { providerAdapter } from "../providers";
import type { Scenario } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";
import type { ConversationSession, ModelReply, RemoteModel } from "../simulator/session";
import type { TokenCounter, TokenizerKind } from "../tokens";
import { clientSearchQueries, executeReply } from "../strategies/client-side";
import type { ToolSearcher } from "../search";
import type { ClientSearchKind, PreparedSearcher } from "../search/embeddings/client-search-choice";
import type { TranscriptBlock } from "../core/transcript";
import { describeReply } from "./step-info";
import {
  LiveRequestError,
  type LiveEndpoint,
  type LiveError,
  type LiveInterruption,
  type LiveRunStatus,
  type LiveStep,
  type LiveTransport,
  type PreviewPart,
} from "./types";
import { measuredUsageFrom, usageDifference } from "./usage";
import type { PreviewEvent, ReadReply } from "../core";
import { overlayAssistantTurns } from "./wire-overlay";
import { engineNote } from "../i18n/engine-notes";

/** A real model may loop on tools; past this many requests in one user turn the run moves on (and says so). */
export const DEFAULT_MAX_REQUESTS_PER_TURN = 8;

export type LiveRunOptions = {
  scenario: Scenario;
  strategyId: StrategyId;
  /** The placement to run on, normally the simulated run's (which may have moved a strategy to a capable model). */
  provider?: ProviderId;
  model?: string;
  endpoint?: LiveEndpoint;
  /** The model name sent on the wire when it differs from the table's id (an OpenAI-compatible server's model). */
  wireModel?: string;
  transport: LiveTransport;
  /** Milliseconds; the run's clock (and so the cache model's TTL) follows real time. */
  now?: () => number;
  maxRequestsPerTurn?: number;
  counterFor?: (kind: TokenizerKind, correctionFactor?: number) => TokenCounter;
  /**
   * The semantic or hybrid search the client side uses instead of the lexical client search. An endpoint that
   * fails leaves the rest of the run to the lexical search, with a note on the step.
   */
  clientSearch?: PreparedSearcher;
};

export type LiveRunSnapshot = {
  status: LiveRunStatus;
  strategyId: StrategyId;
  provider: ProviderId;
  model: string;
  refused?: string;
  steps: readonly LiveStep[];
  /** The scripted user turn in progress (or next), 0-based. */
  turn: number;
  turnCount: number;
  /** The reply streaming in right now. */
  preview: readonly PreviewPart[];
  /** The request that did not complete (Stop or an error), with what arrived; Retry resends it. */
  interrupted: LiveInterruption | null;
  error: LiveError | null;
  warnings: readonly EngineWarning[];
  tokenCounting: { exact: boolean; label: string };
};

type RunHandlers = { signal?: AbortSignal; onUpdate?: (snapshot: LiveRunSnapshot) => void };

function abortError(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  if (error instanceof LiveRequestError) return error.error.code === "aborted";
  return error instanceof Error && error.name === "AbortError";
}

function toLiveError(error: unknown): LiveError {
  if (error instanceof LiveRequestError) return error.error;
  return { code: "live_run_failed", message: error instanceof Error ? error.message : String(error), status: 0 };
}

/** What the remote model hands back besides the transcript blocks: the provider's reply as it came. */
type RemoteReply = ModelReply & { read: ReadReply; usage: LiveReplyUsage; durationMs: number };
type LiveReplyUsage = ReturnType<typeof measuredUsageFrom>;

/** One task of the strategy's second conversation: the user's turn (prefilter) or a delegation call (sub-agent). */
type LaneTask = { callId?: string; input?: Record<string, unknown>; started: boolean; requests: number };

/** A conversation the run sends: the main one, or the strategy's lane, each with the provider's own turns by index. */
type Conversation = { session: ConversationSession; raw: Map<number, unknown> };

/**
 * A live run: the real model drives the conversation, the strategy's client side answers its tool calls. It is the
 * engine's `ConversationSession` (lib/simulator/session.ts) with a remote model in place of the scripted one, so
 * each request is rendered, cached, priced and recorded by exactly the simulation's code. Resumable: after Stop or
 * an error nothing is lost, and `run()` again resends the request that did not complete.
 */
export class LiveRun {
  private status: LiveRunStatus = "idle";
  private readonly steps: LiveStep[] = [];
  private readonly opened: OpenedSession;
  private readonly raw = new Map<number, unknown>();
  private readonly erroredTools = new Set<string>();
  private readonly foundNeeds = new Set<string>();
  private readonly now: () => number;
  private turn = 0;
  private turnStarted = false;
  private requestsInTurn = 0;
  private startedAt: number | null = null;
  private attempts = 0;
  private preview: PreviewPart[] = [];
  private interrupted: LiveInterruption | null = null;
  private error: LiveError | null = null;
  private searchFallback: string | null = null;
  private clientSearches = 0;
  /** Explicit caching with objects of its own (Gemini): the engine's name of each object → the provider's. */
  private readonly madeCacheNames = new Map<string, string>();
  /** The strategy's second conversation (LiveLane), opened at its first task; its cache lasts the run. */
  private lane: Conversation | null = null;
  private readonly laneTasks: LaneTask[] = [];

  constructor(private readonly options: LiveRunOptions) {
    const { scenario } = options;
    const provider = options.provider ?? scenario.settings.provider;
    const engine = createEngine(options.counterFor ? { counterFor: options.counterFor } : {});
    // A forced provider: an impossible combination is refused with the strategy's reason, never moved elsewhere.
    const opened = engine.openSession(scenario, options.strategyId, {
      provider,
      model: options.model ?? (provider === scenario.settings.provider ? scenario.settings.model : undefined),
      discovered: scenario.settings.nonDeferredTools,
      finishRequest: (request, messages) => {
        const body = overlayAssistantTurns(provider, request.body, messages, this.raw);
        return { ...request, body: options.wireModel ? { ...body, model: options.wireModel } : body };
      },
    });
    this.opened = opened;
    if (this.opened.refused) this.status = "refused";
    this.now = options.now ?? (() => Date.now());
  }

  /** The provider's own assistant turns stay with their messages when a tool change deletes earlier ones. */
  private forgetDeleted(deleted: readonly number[]): void {
    if (deleted.length === 0) return;
    const kept = [...this.raw].map(([index, turn]) => [index - deleted.filter((gone) => gone < index).length, turn]);
    this.raw.clear();
    for (const [index, turn] of kept) this.raw.set(index as number, turn);
  }

  private get provider(): ProviderId {
    return this.opened.provider;
  }

  private get warnings(): readonly EngineWarning[] {
    return this.opened.session?.warnings ?? [];
  }

  snapshot(): LiveRunSnapshot {
    return {
      status: this.status,
      strategyId: this.options.strategyId,
      provider: this.provider,
      model: this.opened.model.id,
      ...(this.opened.refused ? { refused: this.opened.refused } : {}),
      steps: [...this.steps],
      turn: this.turn,
      turnCount: this.opened.scenario.turns.length,
      preview: this.preview.map((part) => ({ ...part })),
      interrupted: this.interrupted,
      error: this.error,
      warnings: [...this.warnings],
      tokenCounting: this.opened.tokenCounting,
    };
  }

  /** The run as the stepper, charts and compare table know runs: completed requests only. */
  toStrategyRun(): StrategyRun {
    const needed = this.opened.scenario.turns.reduce((sum, turn) => sum + turn.needs.length, 0);
    const base = {
      id: this.options.strategyId,
      provider: this.provider,
      model: this.opened.model.id,
      goals: this.opened.definition.goals(this.opened.settings),
      tokenCounting: this.opened.tokenCounting,
      ...(this.opened.wireNames ? { wireNames: this.opened.wireNames } : {}),
    };
    if (this.opened.refused)
      return {
        ...base,
        refused: { reason: this.opened.refused },
        steps: [],
        totals: summarise([], 0, 0),
        warnings: [],
      };
    return {
      ...base,
      steps: [...this.steps],
      totals: summarise(this.steps, this.foundNeeds.size, needed),
      warnings: [...this.warnings],
    };
  }

  /** Starts the run, or resumes it from the request that did not complete. Resolves when it stops for any reason. */
  async run(handlers: RunHandlers = {}): Promise<LiveRunSnapshot> {
    const session = this.opened.session;
    if (!session || this.status === "refused" || this.status === "done") return this.snapshot();
    if (this.status === "running") throw new Error("live-run: already running");
    this.status = "running";
    this.error = null;
    const update = () => handlers.onUpdate?.(this.snapshot());
    update();
    // Under wire names the turns name the tools as the provider sees them (lib/engine openSession).
    const turns = this.opened.scenario.turns;
    const limit = this.options.maxRequestsPerTurn ?? DEFAULT_MAX_REQUESTS_PER_TURN;
    while (this.turn < turns.length) {
      if (!this.turnStarted) {
        session.startTurn(this.turn, turns[this.turn].user, 0);
        const toolChange = turns[this.turn].toolChange;
        if (toolChange) this.forgetDeleted(session.changeTools(toolChange).deletedMessages);
        this.turnStarted = true;
        this.requestsInTurn = 0;
        if (this.opened.definition.liveLane?.trigger.kind === "turn")
          this.laneTasks.push({ started: false, requests: 0 });
      }
      if (this.laneTasks.length > 0) {
        if ((await this.runLaneTask(handlers.signal, update, limit)) === "interrupted") {
          update();
          return this.snapshot();
        }
        update();
        continue;
      }
      if (this.requestsInTurn >= limit) {
        session.warnings.push({
          code: "live-turn-limit",
          message: `Turn ${this.turn + 1} stopped after ${limit} requests: the model kept calling tools.`,
        });
        this.nextTurn();
        continue;
      }
      const outcome = await this.sendOnce({ session, raw: this.raw }, handlers.signal, update);
      if (outcome === "interrupted") {
        update();
        return this.snapshot();
      }
      this.requestsInTurn += 1;
      if (!outcome.continues) this.nextTurn();
      update();
    }
    this.status = "done";
    update();
    return this.snapshot();
  }

  private nextTurn(): void {
    this.turn += 1;
    this.turnStarted = false;
  }

  private interrupt(reason: "stopped" | "failed", request: WireRequest, error: LiveError | null): "interrupted" {
    this.status = reason;
    this.error = error;
    this.interrupted = { reason, request, preview: this.preview.map((part) => ({ ...part })), error };
    return "interrupted";
  }

  private applyPreview(event: PreviewEvent): void {
    if (event.type === "part")
      this.preview.push({ part: event.part, kind: event.kind, ...(event.name ? { name: event.name } : {}), text: "" });
    else {
      const part = this.preview.find((item) => item.part === event.part);
      if (part) part.text += event.text;
    }
  }

  /** The provider's model, reached through the transport; its reply read back into transcript blocks. */
  private remoteModel(
    conversation: Conversation,
    signal: AbortSignal | undefined,
    update: () => void,
  ): RemoteModel<RemoteReply> {
    const endpoint = this.options.endpoint ?? { kind: "official" as const };
    return {
      reply: async (exchange) => {
        // A format whose model is in the URL (Gemini) still names it beside the body: the route checks and logs it.
        const named =
          "model" in exchange.request.body
            ? exchange.request.body
            : { ...exchange.request.body, model: conversation.session.context.model.id };
        // Explicit caching with an object of its own: the route makes it first, or the request names the one made.
        const adapter = providerAdapter(this.provider);
        const simulatedName = exchange.explicitPlan?.name;
        const body =
          adapter.liveExplicitCacheBody && simulatedName
            ? adapter.liveExplicitCacheBody(named, exchange.cacheCreate, this.madeCacheNames.get(simulatedName))
            : named;
        const betas = (exchange.request.headers["anthropic-beta"] ?? "")
          .split(",")
          .map((beta) => beta.trim())
          .filter(Boolean);
        const wasInterrupted = this.interrupted !== null;
        const reply = await this.options.transport.send(
          { provider: this.provider, endpoint, body, betas },
          {
            signal,
            onPreview: (event) => {
              this.applyPreview(event);
              update();
            },
          },
        );
        const made = adapter.liveExplicitCacheName?.(reply.response);
        if (made && simulatedName) this.madeCacheNames.set(simulatedName, made);
        const read = adapter.readReply(reply.response);
        const info = describeReply(read.blocks, this.erroredTools);
        const usage = reply.usage ?? measuredUsageFrom(this.provider, reply.response);
        const notes = [...read.notes];
        if (this.attempts > 1) notes.push(engineNote("sentTimes", { count: this.attempts }));
        if (wasInterrupted) notes.push(engineNote("interrupted"));
        if (!usage) notes.push(engineNote("noUsage"));
        const appendAssistant = read.blocks.length > 0 || (Array.isArray(read.raw) && read.raw.length > 0);
        // The provider's own assistant turn goes back verbatim at the index it is about to take (wire-overlay).
        if (appendAssistant) conversation.raw.set(exchange.messages.length, read.raw);
        return {
          blocks: read.blocks,
          response: reply.response,
          kind: info.kind,
          title: info.title,
          notes,
          appendAssistant,
          read,
          usage,
          durationMs: reply.durationMs,
        };
      },
    };
  }

  /**
   * Runs the lane's next task to its answer: the task's user message, then its requests (answering the sub-agent's
   * tool calls like the main conversation's) until the model answers or the turn limit; then the strategy applies
   * the answer to the main conversation. A failed request leaves the task where it was, so `run()` resends it.
   */
  private async runLaneTask(
    signal: AbortSignal | undefined,
    update: () => void,
    limit: number,
  ): Promise<"interrupted" | "done"> {
    const spec = this.opened.definition.liveLane!;
    const main = this.opened.session!;
    const scenario = this.opened.scenario;
    if (!this.lane) {
      const raw = new Map<number, unknown>();
      const options = spec.open(main, scenario);
      const sameModel = !options.model || options.model.id === this.opened.model.id;
      const provider = this.provider;
      const wireModel = this.options.wireModel;
      const laneSession = main.openLane({
        ...options,
        finishRequest: (request, messages) => {
          const body = overlayAssistantTurns(provider, request.body, messages, raw);
          return { ...request, body: wireModel && sameModel ? { ...body, model: wireModel } : body };
        },
      });
      this.lane = { session: laneSession, raw };
    }
    const lane = this.lane;
    const task = this.laneTasks[0];
    if (!task.started) {
      lane.session.clearMessages();
      lane.raw.clear();
      lane.session.append({
        role: "user",
        blocks: [{ type: "text", text: spec.task(scenario.turns[this.turn].user, task.input) }],
      });
      task.started = true;
    }
    let last: { step: LiveStep; blocks: readonly TranscriptBlock[] } | undefined;
    for (;;) {
      const outcome = await this.sendOnce(lane, signal, update);
      if (outcome === "interrupted") return outcome;
      task.requests += 1;
      last = outcome;
      if (!spec.callsTools || !outcome.continues) break;
      if (task.requests >= limit) {
        main.warnings.push({
          code: "live-turn-limit",
          message: `Turn ${this.turn + 1} stopped after ${limit} requests: the model kept calling tools.`,
        });
        break;
      }
    }
    const answer = last!.blocks.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
    const finished = spec.finish(main, answer, scenario);
    last!.step.notes.push(...finished.notes);
    if (task.callId && spec.trigger.kind === "call")
      main.appendToolResult(task.callId, spec.trigger.toolName, finished.result ?? answer);
    this.laneTasks.shift();
    return "done";
  }

  private async sendOnce(
    conversation: Conversation,
    signal: AbortSignal | undefined,
    update: () => void,
  ): Promise<"interrupted" | { continues: boolean; step: LiveStep; blocks: readonly TranscriptBlock[] }> {
    const session = conversation.session;
    let sentRequest: WireRequest | null = null;
    const model = this.remoteModel(conversation, signal, update);
    this.preview = [];
    let answered;
    try {
      answered = await session.askRemote(
        {
          reply: (exchange) => {
            sentRequest = exchange.request;
            this.attempts += 1;
            return model.reply(exchange);
          },
        },
        () => {
          const startedAt = this.now();
          this.startedAt ??= startedAt;
          return { clockSeconds: (startedAt - this.startedAt) / 1000 };
        },
      );
    } catch (error) {
      if (!sentRequest) {
        const message = error instanceof Error ? error.message : String(error);
        return this.interrupt(
          "failed",
          { method: "POST", url: providerAdapter(this.provider).endpoint, headers: {}, body: {} },
          { code: "render_failed", message, status: 0 },
        );
      }
      if (abortError(error, signal)) return this.interrupt("stopped", sentRequest, null);
      return this.interrupt("failed", sentRequest, toLiveError(error));
    }
    const { step, reply, priced } = answered;
    const measured = reply.usage;
    // Each lane at its own model's prices (the prefilter's small model is another model of the provider).
    const measuredCost = measured ? computeCost(measured, session.context.model.prices, priced.costOptions) : null;
    const liveStep: LiveStep = Object.assign(step, {
      measured,
      measuredCost,
      difference:
        measured && measuredCost
          ? usageDifference(measured, step.tokens, measuredCost.totalUsd, step.cost.totalUsd)
          : null,
      durationMs: reply.durationMs,
      attempts: this.attempts,
    });

    const search = await this.clientSearcher(reply.read.blocks, session.searchers.client, signal, liveStep.notes);
    // A call to the lane's tool (the sub-agent's `delegate`) is answered by the lane's conversation, run next.
    const laneTrigger = this.opened.definition.liveLane?.trigger;
    const delegated = reply.read.blocks.filter(
      (block): block is Extract<TranscriptBlock, { type: "tool-call" }> =>
        laneTrigger?.kind === "call" &&
        conversation.session === this.opened.session &&
        block.type === "tool-call" &&
        block.name === laneTrigger.toolName,
    );
    const outcome = executeReply(
      {
        client: this.opened.definition.client,
        catalogTools: this.opened.scenario.catalog.tools,
        tool: (name) => session.tool(name),
        search,
        searchResultLimit: this.opened.settings.searchResultLimit,
        discovered: session.discovered,
        tools: session.tools,
      },
      reply.read.blocks.filter((block) => !delegated.includes(block as (typeof delegated)[number])),
    );
    for (const call of delegated)
      this.laneTasks.push({ callId: call.id, input: call.input, started: false, requests: 0 });
    liveStep.notes.push(...outcome.notes);
    for (const message of outcome.append) session.append(message);
    if (outcome.tools) session.setTools(outcome.tools);
    this.trackResults(outcome.append, outcome.ran);

    this.steps.push(liveStep);
    this.attempts = 0;
    this.interrupted = null;
    this.preview = [];
    return {
      continues: outcome.continues || delegated.length > 0 || reply.read.paused,
      step: liveStep,
      blocks: reply.read.blocks,
    };
  }

  /** Which search the client side ran: the chosen one, or lexical when none was chosen or its endpoint failed. */
  get clientSearchRan(): { kind: ClientSearchKind; fallback: string | null; searches: number } {
    const chosen = this.options.clientSearch;
    return {
      kind: chosen && !this.searchFallback ? chosen.kind : "lexical",
      fallback: this.searchFallback,
      searches: this.clientSearches,
    };
  }

  private async clientSearcher(
    blocks: readonly TranscriptBlock[],
    lexical: ToolSearcher,
    signal: AbortSignal | undefined,
    notes: string[],
  ): Promise<ToolSearcher> {
    const chosen = this.options.clientSearch;
    const queries = clientSearchQueries(blocks);
    this.clientSearches += queries.length;
    if (!chosen || this.searchFallback !== null || queries.length === 0) return lexical;
    try {
      await chosen.prepare(queries, signal);
    } catch (error) {
      this.searchFallback = error instanceof Error ? error.message : String(error);
      notes.push(`${chosen.kind} search failed (${this.searchFallback}); the lexical client search answered instead`);
      return lexical;
    }
    notes.push(`search_tools ran the ${chosen.label} search`);
    // The prepared search indexes the catalog's own names; under wire names the model must be told the sent ones.
    const wireOf = new Map(this.opened.wireNames?.map(({ original, wire }) => [original, wire]));
    return {
      id: lexical.id,
      label: chosen.label,
      search: (input, limit) => {
        const outcome = chosen.search(input, limit);
        if (wireOf.size === 0 || !outcome.ok) return outcome;
        return { ...outcome, hits: outcome.hits.map((hit) => ({ ...hit, name: wireOf.get(hit.name) ?? hit.name })) };
      },
    };
  }

  private trackResults(appended: readonly TranscriptMessage[], ran: readonly string[]): void {
    for (const message of appended) {
      if (message.role !== "user") continue;
      for (const block of message.blocks) {
        if (block.type !== "tool-result") continue;
        if (block.isError) this.erroredTools.add(block.toolName);
        else this.erroredTools.delete(block.toolName);
      }
    }
    const needs = this.opened.scenario.turns[this.turn]?.needs ?? [];
    for (const name of ran) if (needs.some((need) => need.tool === name)) this.foundNeeds.add(`${this.turn}:${name}`);
  }
}

export function createLiveRun(options: LiveRunOptions): LiveRun {
  return new LiveRun(options);
}
