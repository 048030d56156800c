import { emptyCacheState } from "../cache";
import type { CacheRules, CacheState } from "../cache/types";
import type { CatalogTool } from "../catalog/types";
import { summarise } from "../engine/totals";
import type { Transcript, TranscriptMessage } from "../engine/transcript";
import type { EngineWarning, StrategyRun, WireRequest } from "../engine/types";
import { cacheRulesFor, computeCost, defaultModel, getModel, type ModelInfo } from "../models";
import { providerAdapter, type ProviderAdapter, type RenderContext } from "../providers";
import type { ProviderId, Scenario, StrategyId } from "../scenario/types";
import { createClientSearch, type ToolSearcher } from "../search";
import { priceRenderedRequest } from "../simulator/price-rendered-request";
import { strategyDefinition, type StrategyDefinition } from "../strategies";
import { createTokenCounter, type TokenCounter, type TokenizerKind } from "../tokens";
import { executeReply } from "./harness";
import { readReply } from "./reply-blocks";
import { describeReply } from "./step-info";
import {
  LiveRequestError,
  type LiveEndpoint,
  type LiveError,
  type LiveInterruption,
  type LiveRunStatus,
  type LiveStep,
  type LiveTransport,
  type PreviewEvent,
  type PreviewPart,
} from "./types";
import { measuredUsageFrom, usageDifference } from "./usage";
import { overlayAssistantTurns } from "./wire-overlay";

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

/**
 * A live run: the real model drives the conversation, the strategy's client side answers its tool calls, and each
 * request is built by the same provider renderers and priced by the same cache model as the simulation. Resumable:
 * after Stop or an error nothing is lost, and `run()` again resends the request that did not complete.
 */
export class LiveRun {
  private status: LiveRunStatus = "idle";
  private readonly steps: LiveStep[] = [];
  private readonly warnings: EngineWarning[] = [];
  private readonly definition: StrategyDefinition;
  private readonly provider: ProviderId;
  private readonly model: ModelInfo;
  private readonly refused?: string;
  private readonly adapter: ProviderAdapter;
  private readonly context: RenderContext;
  private readonly rules: CacheRules;
  private readonly search: ToolSearcher;
  private readonly transcript: Transcript;
  private readonly raw = new Map<number, unknown>();
  private readonly discovered: Set<string>;
  private readonly erroredTools = new Set<string>();
  private readonly foundNeeds = new Set<string>();
  private readonly now: () => number;
  private cacheState: CacheState = emptyCacheState();
  private turn = 0;
  private turnStarted = false;
  private requestsInTurn = 0;
  private startedAt: number | null = null;
  private attempts = 0;
  private preview: PreviewPart[] = [];
  private interrupted: LiveInterruption | null = null;
  private error: LiveError | null = null;

  constructor(private readonly options: LiveRunOptions) {
    const { scenario } = options;
    this.definition = strategyDefinition(options.strategyId);
    this.provider = options.provider ?? scenario.settings.provider;
    this.model = getModel(this.provider, options.model ?? scenario.settings.model) ?? defaultModel(this.provider);
    const settings = { ...scenario.settings, provider: this.provider, model: this.model.id };
    const support = this.definition.supports(this.provider, this.model, settings);
    if (!support.ok) {
      this.refused = support.reason;
      this.status = "refused";
    }
    const kind = this.model.tokenizer;
    const factor = kind === "o200k" ? undefined : settings.tokenCorrectionFactors?.[kind];
    const counter = options.counterFor
      ? options.counterFor(kind, factor)
      : createTokenCounter(kind, factor === undefined ? {} : { correctionFactor: factor });
    const catalogByName = new Map<string, CatalogTool>(scenario.catalog.tools.map((tool) => [tool.name, tool]));
    this.context = { settings, model: this.model, counter, catalogByName };
    this.adapter = providerAdapter(this.provider);
    const rules = cacheRulesFor(this.model, settings.cacheOverrides, settings.cacheTtl);
    this.rules =
      this.provider === "anthropic" && settings.cacheMode === "off" ? { ...rules, maxBreakpoints: 0 } : rules;
    this.search = createClientSearch(scenario.catalog.tools);
    const betas = this.definition.betas?.(settings);
    const tools = this.refused ? [] : this.definition.initialTools({ ...scenario, settings });
    this.transcript = { system: settings.system, tools, messages: [], ...(betas?.length ? { betas } : {}) };
    this.discovered = new Set(settings.nonDeferredTools);
    this.now = options.now ?? (() => Date.now());
  }

  snapshot(): LiveRunSnapshot {
    return {
      status: this.status,
      strategyId: this.options.strategyId,
      provider: this.provider,
      model: this.model.id,
      ...(this.refused ? { refused: this.refused } : {}),
      steps: [...this.steps],
      turn: this.turn,
      turnCount: this.options.scenario.turns.length,
      preview: this.preview.map((part) => ({ ...part })),
      interrupted: this.interrupted,
      error: this.error,
      warnings: [...this.warnings],
      tokenCounting: { exact: this.context.counter.exact, label: this.context.counter.label },
    };
  }

  /** The run as the stepper, charts and compare table know runs: completed requests only. */
  toStrategyRun(): StrategyRun {
    const needed = this.options.scenario.turns.reduce((sum, turn) => sum + turn.needs.length, 0);
    const base = {
      id: this.options.strategyId,
      provider: this.provider,
      model: this.model.id,
      goals: this.definition.goals(this.context.settings),
      tokenCounting: { exact: this.context.counter.exact, label: this.context.counter.label },
    };
    if (this.refused)
      return { ...base, refused: { reason: this.refused }, steps: [], totals: summarise([], 0, 0), warnings: [] };
    return {
      ...base,
      steps: [...this.steps],
      totals: summarise(this.steps, this.foundNeeds.size, needed),
      warnings: [...this.warnings],
    };
  }

  /** Starts the run, or resumes it from the request that did not complete. Resolves when it stops for any reason. */
  async run(handlers: RunHandlers = {}): Promise<LiveRunSnapshot> {
    if (this.status === "refused" || this.status === "done") return this.snapshot();
    if (this.status === "running") throw new Error("live-run: already running");
    this.status = "running";
    this.error = null;
    const update = () => handlers.onUpdate?.(this.snapshot());
    update();
    const turns = this.options.scenario.turns;
    const limit = this.options.maxRequestsPerTurn ?? DEFAULT_MAX_REQUESTS_PER_TURN;
    while (this.turn < turns.length) {
      if (!this.turnStarted) {
        this.append({ role: "user", blocks: [{ type: "text", text: turns[this.turn].user }] });
        this.turnStarted = true;
        this.requestsInTurn = 0;
      }
      if (this.requestsInTurn >= limit) {
        this.warnings.push({
          code: "live-turn-limit",
          message: `Turn ${this.turn + 1} stopped after ${limit} requests: the model kept calling tools.`,
        });
        this.nextTurn();
        continue;
      }
      const outcome = await this.sendOnce(handlers.signal, update);
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

  /** Appends a message, merging consecutive user blocks into one user turn as the APIs require. */
  private append(message: TranscriptMessage): void {
    const last = this.transcript.messages[this.transcript.messages.length - 1];
    if (message.role === "user" && last?.role === "user") last.blocks.push(...message.blocks);
    else
      this.transcript.messages.push(message.role === "user" ? { role: "user", blocks: [...message.blocks] } : message);
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

  private async sendOnce(
    signal: AbortSignal | undefined,
    update: () => void,
  ): Promise<"interrupted" | { continues: boolean }> {
    const endpoint = this.options.endpoint ?? { kind: "official" as const };
    let rendered;
    try {
      rendered = this.adapter.renderRequest(this.transcript, this.context);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return this.interrupt(
        "failed",
        { method: "POST", url: this.adapter.endpoint, headers: {}, body: {} },
        { code: "render_failed", message, status: 0 },
      );
    }
    const body = overlayAssistantTurns(this.provider, rendered.request.body, this.transcript.messages, this.raw);
    if (this.options.wireModel) body.model = this.options.wireModel;
    const request: WireRequest = { ...rendered.request, body };
    const betas = (request.headers["anthropic-beta"] ?? "")
      .split(",")
      .map((beta) => beta.trim())
      .filter(Boolean);
    this.preview = [];
    this.attempts += 1;
    const wasInterrupted = this.interrupted !== null;
    const startedAt = this.now();
    this.startedAt ??= startedAt;
    let reply;
    try {
      reply = await this.options.transport.send(
        { provider: this.provider, endpoint, body, betas },
        {
          signal,
          onPreview: (event) => {
            this.applyPreview(event);
            update();
          },
        },
      );
    } catch (error) {
      if (abortError(error, signal)) return this.interrupt("stopped", request, null);
      return this.interrupt("failed", request, toLiveError(error));
    }

    const clockSeconds = (startedAt - this.startedAt) / 1000;
    const read = readReply(this.provider, reply.response);
    const { cache, tokens, cost, costOptions } = priceRenderedRequest({
      segments: rendered.segments,
      rules: this.rules,
      state: this.cacheState,
      nowSeconds: clockSeconds,
      outputTokens: this.context.counter.count(this.adapter.outputText(read.blocks)),
      prices: this.model.prices,
      ttl: this.context.settings.cacheTtl,
    });
    this.cacheState = cache.nextState;
    const measured = reply.usage ?? measuredUsageFrom(this.provider, reply.response);
    const measuredCost = measured ? computeCost(measured, this.model.prices, costOptions) : null;
    const info = describeReply(read.blocks, this.erroredTools);
    const notes = [...read.notes];
    if (this.attempts > 1) notes.push(`sent ${this.attempts} times: earlier attempts did not complete`);
    if (wasInterrupted)
      notes.push(
        "an earlier attempt of this request was interrupted; the provider may already have cached its prompt, so a cache read here can be real and still differ from the prediction",
      );
    if (!measured) notes.push("the provider reported no usage for this request");
    const step: LiveStep = {
      index: this.steps.length,
      turn: this.turn,
      kind: info.kind,
      title: info.title,
      clockSeconds,
      request,
      response: reply.response,
      segments: rendered.segments,
      segmentStatus: cache.segmentStatus,
      tokens,
      divergence: cache.divergence,
      cost,
      notes,
      warnings: rendered.warnings,
      measured,
      measuredCost,
      difference:
        measured && measuredCost ? usageDifference(measured, tokens, measuredCost.totalUsd, cost.totalUsd) : null,
      durationMs: reply.durationMs,
      attempts: this.attempts,
    };
    for (const warning of [...rendered.warnings, ...(cache.warnings ?? [])]) {
      if (!this.warnings.some((known) => known.code === warning.code)) this.warnings.push(warning);
    }

    if (read.blocks.length > 0 || (Array.isArray(read.raw) && read.raw.length > 0)) {
      this.raw.set(this.transcript.messages.length, read.raw);
      this.append({ role: "assistant", blocks: read.blocks });
    }
    const outcome = executeReply(
      {
        strategyId: this.options.strategyId,
        catalogTools: this.options.scenario.catalog.tools,
        tool: (name) => this.context.catalogByName.get(name),
        search: this.search,
        searchResultLimit: this.context.settings.searchResultLimit,
        discovered: this.discovered,
        tools: this.transcript.tools,
      },
      read.blocks,
    );
    step.notes.push(...outcome.notes);
    for (const message of outcome.append) this.append(message);
    if (outcome.tools) this.transcript.tools = outcome.tools;
    this.trackResults(outcome.append, outcome.ran);

    this.steps.push(step);
    this.attempts = 0;
    this.interrupted = null;
    this.preview = [];
    return { continues: outcome.continues || read.paused };
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
    const needs = this.options.scenario.turns[this.turn]?.needs ?? [];
    for (const name of ran) if (needs.some((need) => need.tool === name)) this.foundNeeds.add(`${this.turn}:${name}`);
  }
}

export function createLiveRun(options: LiveRunOptions): LiveRun {
  return new LiveRun(options);
}
