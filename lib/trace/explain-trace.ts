import { emptyCacheState } from "../cache";
import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import type { CacheRules, CacheState } from "../cache/types";
import { summarise } from "../engine/totals";
import type { CostBreakdown, EngineStep, EngineWarning, StepKind, StepTokens } from "../engine/types";
import type { MeasuredUsage } from "../core";
import type { UsageDifference } from "../live/types";
import { usageDifference } from "../live/usage";
import { cacheRulesFor, computeCost, writePriceTier, type ModelInfo } from "../models";
import { providerAdapter } from "../providers";
import type { CacheTtl } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import { priceRenderedRequest } from "../simulator/price-rendered-request";
import { createTokenCounter, type TokenCounter } from "../tokens";
import { conversationOf, toolCallsOf } from "./body-parts";
import { explainMiss, MISS_CAUSE_LABELS, type MissCause, type MissExplanation } from "./explain-miss";
import { predictionGapSentence } from "./prediction-gap";
import { resolveModel } from "./resolve-model";
import type { ParsedTrace, ProgressCallback, TraceLocation } from "./types";

type Json = Record<string, unknown>;

/**
 * One recorded request explained. It is an EngineStep, so the stepper, prefix bar, request viewer and charts walk it
 * like a simulated step: `tokens`, `cost` and `segmentStatus` are the cache model's prediction for the body as sent,
 * `measured` what the provider reported, `explanation` the miss in words.
 */
export type TraceStep = EngineStep & {
  location: TraceLocation;
  timestampMs: number | null;
  /** The table model this request was priced and cached as (its own `model`, unless one was forced). */
  modelId: string;
  measured: MeasuredUsage | null;
  measuredCost: CostBreakdown | null;
  difference: UsageDifference | null;
  /** Measured cache figures the rules did not predict, in words (null when they agree within the margin). */
  predictionGap: string | null;
  explanation: MissExplanation | null;
  /** Tokens the previous request left in the cache that this one did not read, and what that cost. */
  lostTokens: number;
  lostUsd: number;
};

export type LossByCause = { cause: MissCause; label: string; requests: number; lostTokens: number; lostUsd: number };

export type TraceExplanation = {
  provider: ProviderId;
  /** The main model: the one most of the trace's prompt tokens went to (an agent's side calls use a smaller one). */
  model: ModelInfo;
  /** The main model's id as recorded. */
  recordedModel: string | null;
  /** Every model the trace calls, main first, with how many requests each. */
  models: Array<{ model: ModelInfo; recorded: string | null; requests: number }>;
  tokenCounting: { exact: boolean; label: string };
  rules: CacheRules;
  steps: TraceStep[];
  totals: ReturnType<typeof summarise>;
  /** Sums over the requests whose response carried usage; null when none did. */
  measuredTotals: {
    requests: number;
    input: number;
    cacheRead: number;
    cacheWrite: number;
    uncached: number;
    costUsd: number;
  } | null;
  /** Money lost to misses, most expensive cause first. Cold starts are listed but lose nothing. */
  losses: LossByCause[];
  notes: string[];
  warnings: EngineWarning[];
};

export type ExplainOptions = {
  /** Price and cache as this table model instead of the recorded one. */
  model?: string;
  cacheOverrides?: Partial<CacheRules>;
  counterFor?: (model: ModelInfo) => TokenCounter;
  onProgress?: ProgressCallback;
  /** The reader's language for the miss sentences; English when absent (CLI, tests). */
  locale?: Locale;
};

/**
 * Replays a recorded trace through the simulator's own pieces: the provider module turns each body as sent into
 * segments (its own markers and order), `priceRenderedRequest` runs the cache model and prices it (exactly as the
 * simulated session does), the real gaps in time drive the TTL. Then each miss is named.
 */
export function explainTrace(trace: ParsedTrace, options: ExplainOptions = {}): TraceExplanation {
  const t = translatorFor(options.locale ?? "en", "trace");
  const { provider } = trace;
  const adapter = providerAdapter(provider);
  const notes = [...trace.notes];
  const warnings: EngineWarning[] = [];
  const seenWarnings = new Set<string>();
  const steps: TraceStep[] = [];
  // Each model has its own cache (an agent's side calls to a small model never read the main model's entries), so
  // every model is a lane: its own cache state, its own rules and prices, and its own previous request to compare.
  const lanes = new Map<string, Lane>();
  const resolvedByRecorded = new Map<string, ModelInfo>();
  const laneOf = (recorded: string | null): Lane => {
    const asked = options.model ?? recorded ?? "";
    let model = resolvedByRecorded.get(asked);
    if (!model) {
      const resolved = resolveModel(provider, asked || undefined, options.locale);
      if (resolved.note && !notes.includes(resolved.note)) notes.push(resolved.note);
      model = resolved.model;
      resolvedByRecorded.set(asked, model);
    }
    // Keyed by the table model: a dated id and its alias (or a platform's spelling) share one cache.
    let lane = lanes.get(model.id);
    if (!lane) {
      lane = {
        model,
        recorded,
        counter: options.counterFor ? options.counterFor(model) : createTokenCounter(model.tokenizer),
        state: emptyCacheState(),
        previous: undefined,
        threads: new Map(),
        requests: 0,
        promptTokens: 0,
      };
      lanes.set(model.id, lane);
    }
    return lane;
  };
  const firstTimestamp = trace.requests.find((request) => request.timestampMs !== null)?.timestampMs ?? null;
  let clockSeconds = 0;

  trace.requests.forEach((request, index) => {
    if (index % 100 === 0) options.onProgress?.(index / trace.requests.length);
    if (request.timestampMs !== null && firstTimestamp !== null)
      clockSeconds = Math.max(clockSeconds, (request.timestampMs - firstTimestamp) / 1000);
    const lane = laneOf(request.model);
    const { model, counter } = lane;
    const ttl = ttlOf(provider, request.body);
    const rules = rulesFor(model, options, ttl);
    const { segments, warnings: bodyWarnings } = adapter.segmentBody(request.body, { model, counter });
    // A conversation is compared with its own previous request: an agent's subagent on the same model (another
    // system prompt, other tools) interleaves with the main loop, and is no edit of it. The cache itself (its
    // entries) is the model's, shared by every conversation; a new conversation is compared with the model's last
    // request.
    const thread = threadOf(request.body, provider);
    const previousSent = lane.threads.get(thread) ?? lane.previous;
    const state: CacheState = previousSent
      ? {
          ...lane.state,
          previousSegments: previousSent.step.segments,
          previousCachedBlockCount: previousSent.cachedBlockCount,
        }
      : lane.state;
    const priced = priceRenderedRequest({
      segments,
      rules,
      state,
      nowSeconds: clockSeconds,
      outputTokens: request.measured?.output ?? 0,
      prices: model.prices,
      ttl: writePriceTier(model, ttl),
    });
    const previous = previousSent?.step;
    const explanation = explainMiss({
      provider,
      rules,
      body: request.body,
      segments,
      divergence: priced.cache.divergence,
      cacheRead: priced.tokens.cacheRead,
      clockSeconds,
      previous: previous
        ? {
            body: previous.request.body,
            segments: previous.segments,
            cachedTokens: previous.tokens.cacheRead + previous.tokens.cacheWrite,
            clockSeconds: previous.clockSeconds,
          }
        : null,
      locale: options.locale,
    });
    // A change named against another conversation's request is said to be one.
    if (explanation && previous && !lane.threads.has(thread) && COMPARED_CAUSES.has(explanation.cause))
      explanation.headline = t("miss.newConversation", {
        headline: explanation.headline,
      });
    // The minimum is judged on counted tokens; images are not counted and Claude's and Kimi's counts are estimates.
    // Where the provider reported cached tokens, the real prompt was long enough, and the sentence says so.
    const reportedCached = request.measured ? request.measured.cacheRead + request.measured.cacheWrite : 0;
    if (explanation?.cause === "below-minimum" && reportedCached > 0)
      explanation.headline += ` ${t("miss.reportedCached", { tokens: reportedCached })}`;
    const loss = lossOf(priced.tokens, previous?.tokens, explanation, model, priced.costOptions);
    lane.state = priced.cache.nextState;
    const measuredCost = request.measured ? computeCost(request.measured, model.prices, priced.costOptions) : null;
    for (const warning of [...bodyWarnings, ...(priced.cache.warnings ?? [])])
      if (!seenWarnings.has(warning.code)) {
        seenWarnings.add(warning.code);
        warnings.push(warning);
      }
    // A turn starts with a user message that has text; tool results travel in user messages too.
    const userTurns = conversationOf(request.body, provider).filter(
      (message) => message.role === "user" && message.text.trim() !== "",
    ).length;
    const calls = request.response ? toolCallsOf(request.response, provider) : [];
    const difference =
      request.measured && measuredCost
        ? usageDifference(
            request.measured,
            asReported(priced.tokens, rules),
            measuredCost.totalUsd,
            priced.cost.totalUsd,
          )
        : null;
    const step: TraceStep = {
      index,
      turn: Math.max(0, userTurns - 1),
      kind: kindOf(request.response, calls.length),
      title: calls.length
        ? t("step.call", { names: calls.map((call) => call.name).join(", ") })
        : request.response
          ? t("step.answer")
          : t("step.request", { number: index + 1 }),
      clockSeconds,
      request: {
        method: "POST",
        url: request.url ?? adapter.endpoint,
        // The recorded headers are never kept (they carry the keys); this is what the body needs to be read.
        headers: { "content-type": "application/json" },
        body: request.body,
      },
      response: request.response ?? {},
      segments,
      segmentStatus: priced.cache.segmentStatus,
      tokens: priced.tokens,
      divergence: priced.cache.divergence,
      cost: priced.cost,
      notes: explanation ? [explanation.headline] : [],
      warnings: bodyWarnings,
      location: request.location,
      timestampMs: request.timestampMs,
      modelId: model.id,
      measured: request.measured,
      measuredCost,
      difference,
      predictionGap: predictionGapSentence({
        measured: request.measured,
        difference,
        rules,
        exact: counter.exact,
        locale: options.locale,
      }),
      explanation,
      lostTokens: loss.tokens,
      lostUsd: loss.usd,
    };
    steps.push(step);
    const sent = { step, cachedBlockCount: priced.cache.nextState.previousCachedBlockCount ?? 0 };
    lane.previous = sent;
    lane.threads.set(thread, sent);
    lane.requests += 1;
    lane.promptTokens += priced.tokens.input;
  });
  options.onProgress?.(1);
  const ranked = [...lanes.values()].sort((a, b) => b.promptTokens - a.promptTokens || b.requests - a.requests);
  const main = ranked[0] ?? laneOf(null);
  if (ranked.length > 1)
    notes.push(
      t("severalModels", {
        count: ranked.length,
        models: ranked
          .map((lane) => t("modelRequests", { model: lane.recorded ?? lane.model.id, requests: lane.requests }))
          .join(", "),
        main: main.model.label,
      }),
    );
  const distinctCalled = new Set(
    trace.requests
      .flatMap((request) => (request.response ? toolCallsOf(request.response, provider) : []))
      .map((call) => call.name),
  ).size;
  return {
    provider,
    model: main.model,
    recordedModel: main.recorded,
    models: ranked.map((lane) => ({ model: lane.model, recorded: lane.recorded, requests: lane.requests })),
    tokenCounting: { exact: main.counter.exact, label: main.counter.label },
    rules: rulesFor(main.model, options, main.previous ? ttlOf(provider, main.previous.step.request.body) : "5m"),
    steps,
    totals: summarise(steps, distinctCalled, distinctCalled),
    measuredTotals: measuredTotalsOf(steps),
    losses: lossesOf(steps),
    notes,
    warnings,
  };
}

type Lane = {
  model: ModelInfo;
  recorded: string | null;
  counter: TokenCounter;
  state: CacheState;
  previous: Sent | undefined;
  /** The last request of each conversation on this model, by its first user message. */
  threads: Map<string, Sent>;
  requests: number;
  promptTokens: number;
};

const COMPARED_CAUSES = new Set<MissCause>(["tools-changed", "system-changed", "messages-edited", "marker-moved"]);

/** A request as later requests compare with it: its step and how many leading blocks it read or wrote. */
type Sent = { step: TraceStep; cachedBlockCount: number };

/** A conversation's identity: its first user message with text (a new one starts a conversation). */
function threadOf(body: Json, provider: ProviderId): string {
  return (
    conversationOf(body, provider).find((message) => message.role === "user" && message.text.trim() !== "")?.text ?? ""
  );
}

function ttlOf(provider: ProviderId, body: Json): CacheTtl {
  return providerAdapter(provider).body.cacheTtl(body);
}

/**
 * The prediction in the provider's own usage terms: where writes are not billed separately (OpenAI before GPT-5.6,
 * Kimi K2.x) the provider reports the tokens it writes as plain input, so they are compared as uncached.
 */
function asReported(tokens: StepTokens, rules: CacheRules): StepTokens {
  if (rules.writesBilled) return tokens;
  return { ...tokens, cacheWrite: 0, uncached: tokens.uncached + tokens.cacheWrite };
}

function rulesFor(model: ModelInfo, options: ExplainOptions, ttl: CacheTtl): CacheRules {
  return cacheRulesFor(model, options.cacheOverrides, ttl);
}

function kindOf(response: Json | null, callCount: number): StepKind {
  if (!response) return "call";
  const text = JSON.stringify(response.content ?? response.output ?? "");
  if (text.includes('"server_tool_use"') || text.includes('"tool_search_call"')) return "search";
  return callCount > 0 ? "call" : "answer";
}

/**
 * What a miss cost: the tokens the previous request left in the cache that this one did not read, priced as what
 * they were billed at (written again, or uncached) minus what reading them would have cost.
 */
function lossOf(
  tokens: StepTokens,
  previous: StepTokens | undefined,
  explanation: MissExplanation | null,
  model: ModelInfo,
  costOptions: Parameters<typeof computeCost>[2],
): { tokens: number; usd: number } {
  if (!explanation || explanation.cause === "cold-start" || !previous) return { tokens: 0, usd: 0 };
  const couldRead = Math.min(previous.cacheRead + previous.cacheWrite, tokens.input);
  const lost = Math.max(0, couldRead - tokens.cacheRead);
  if (lost === 0) return { tokens: 0, usd: 0 };
  const fromWrite = Math.min(lost, tokens.cacheWrite);
  const fromUncached = Math.min(lost - fromWrite, tokens.uncached);
  const ideal = {
    ...tokens,
    cacheRead: tokens.cacheRead + fromWrite + fromUncached,
    cacheWrite: tokens.cacheWrite - fromWrite,
    uncached: tokens.uncached - fromUncached,
  };
  const usd =
    computeCost(tokens, model.prices, costOptions).totalUsd - computeCost(ideal, model.prices, costOptions).totalUsd;
  return { tokens: fromWrite + fromUncached, usd: Math.max(0, usd) };
}

function lossesOf(steps: readonly TraceStep[]): LossByCause[] {
  const byCause = new Map<MissCause, LossByCause>();
  for (const step of steps) {
    if (!step.explanation) continue;
    const cause = step.explanation.cause;
    const entry = byCause.get(cause) ?? {
      cause,
      label: MISS_CAUSE_LABELS[cause],
      requests: 0,
      lostTokens: 0,
      lostUsd: 0,
    };
    entry.requests += 1;
    entry.lostTokens += step.lostTokens;
    entry.lostUsd += step.lostUsd;
    byCause.set(cause, entry);
  }
  return [...byCause.values()].sort((a, b) => b.lostUsd - a.lostUsd || b.requests - a.requests);
}

function measuredTotalsOf(steps: readonly TraceStep[]): TraceExplanation["measuredTotals"] {
  const measured = steps.filter((step) => step.measured && step.measuredCost);
  if (measured.length === 0) return null;
  return {
    requests: measured.length,
    input: measured.reduce((sum, step) => sum + (step.measured?.input ?? 0), 0),
    cacheRead: measured.reduce((sum, step) => sum + (step.measured?.cacheRead ?? 0), 0),
    cacheWrite: measured.reduce((sum, step) => sum + (step.measured?.cacheWrite ?? 0), 0),
    uncached: measured.reduce((sum, step) => sum + (step.measured?.uncached ?? 0), 0),
    costUsd: measured.reduce((sum, step) => sum + (step.measuredCost?.totalUsd ?? 0), 0),
  };
}
