import { recommend } from "../decide/recommend";
import { schemaComplexity } from "../decide/schema-complexity";
import { createEngine, type Engine } from "../engine";
import type { StrategyRun } from "../engine/types";
import { STRATEGY_IDS } from "../core/ids";
import type { Recommendation } from "../decide/recommend";
import { conversationOf, conversationOpening, toolCallsOf } from "./body-parts";
import { deriveScenario, type DerivedScenario } from "./derive-scenario";
import { explainTrace, type ExplainOptions, type TraceExplanation } from "./explain-trace";
import { readTrace, type ReadTraceOptions } from "./read-trace";
import type { ParsedTrace, ProgressCallback } from "./types";
import { baselineStrategyId } from "../strategies/definitions";

/** The figures seed 001 §4.1 says to measure before choosing a strategy, taken from the trace. */
export type SeedFigures = {
  toolCount: number;
  /** Mean tokens of one full definition, as the replay's `full` strategy sends it. */
  meanDefinitionTokens: number;
  sessions: number;
  /** Distinct tools the agent called, averaged over the trace's sessions (a new first user message starts one). */
  distinctToolsUsedPerSession: number;
  hitRateByTokens: number;
  hitRateByRequests: number;
  /** The same two rates from the providers' reported usage, when every request carried it. */
  measuredHitRateByTokens: number | null;
  measuredHitRateByRequests: number | null;
};

export type TraceAnalysis = {
  trace: ParsedTrace;
  explanation: TraceExplanation;
  derived: DerivedScenario;
  /** Every strategy run on the derived scenario by the simulator's engine. */
  replay: StrategyRun[];
  figures: SeedFigures;
  recommendation: Recommendation;
};

export type AnalyseOptions = ReadTraceOptions &
  Omit<ExplainOptions, "onProgress"> & { title?: string; engine?: Engine; onProgress?: ProgressCallback };

/** Read, explain, derive and replay: the whole `npm run trace` pipeline, also what the page's worker runs. */
export function analyseTrace(
  text: string,
  options: AnalyseOptions = {},
): { ok: true; analysis: TraceAnalysis } | { ok: false; error: string } {
  const progress = options.onProgress;
  const parsed = readTrace(text, {
    provider: options.provider,
    locale: options.locale,
    onProgress: (done) => progress?.(done * 0.4),
  });
  if (!parsed.ok) return parsed;
  const trace = parsed.trace;
  const explanation = explainTrace(trace, {
    model: options.model,
    locale: options.locale,
    cacheOverrides: options.cacheOverrides,
    counterFor: options.counterFor,
    onProgress: (done) => progress?.(0.4 + done * 0.4),
  });
  // The replay follows the main model's conversation: an agent's side calls to a smaller model (titles, topic
  // checks, summaries) are not turns of it.
  const mainTrace = mainModelTrace(trace, explanation);
  const derived = deriveScenario(mainTrace.trace, mainTrace.explanation, {
    title: options.title,
    locale: options.locale,
  });
  const engine = options.engine ?? createEngine();
  const replay = engine.runAll(derived.scenario, STRATEGY_IDS, {
    provider: trace.provider,
    model: explanation.model.id,
  });
  progress?.(1);
  const figures = seedFigures(mainTrace.trace, explanation, derived, replay);
  const recommendation = recommend({
    toolCount: figures.toolCount,
    tokensPerTool: figures.meanDefinitionTokens,
    provider: trace.provider,
    model: explanation.model.id,
    severalProviders: false,
    schemas: schemaComplexity(derived.scenario.catalog),
    runs: replay,
    locale: options.locale,
  });
  return { ok: true, analysis: { trace, explanation, derived, replay, figures, recommendation } };
}

function seedFigures(
  trace: ParsedTrace,
  explanation: TraceExplanation,
  derived: DerivedScenario,
  replay: readonly StrategyRun[],
): SeedFigures {
  const toolCount = derived.scenario.catalog.tools.length;
  const full = replay.find((run) => run.id === baselineStrategyId() && !run.refused && run.steps.length > 0);
  const definitionTokens =
    full?.steps[0].tokens.toolDefinitions ??
    explanation.steps[0]?.segments.reduce(
      (sum, segment) => sum + (segment.group === "tools" ? segment.tokens : 0),
      0,
    ) ??
    0;
  const sessions = sessionsOf(trace);
  const measured = explanation.steps.every((step) => step.measured) ? explanation.steps : [];
  const measuredInput = measured.reduce((sum, step) => sum + (step.measured?.input ?? 0), 0);
  return {
    toolCount,
    meanDefinitionTokens: toolCount > 0 ? Math.round(definitionTokens / toolCount) : 0,
    sessions: sessions.length,
    distinctToolsUsedPerSession:
      sessions.length > 0 ? sessions.reduce((sum, session) => sum + session.size, 0) / sessions.length : 0,
    hitRateByTokens: explanation.totals.cacheHitRateByTokens,
    hitRateByRequests: explanation.totals.cacheHitRateByRequests,
    measuredHitRateByTokens:
      measured.length > 0 && measuredInput > 0
        ? measured.reduce((sum, step) => sum + (step.measured?.cacheRead ?? 0), 0) / measuredInput
        : null,
    measuredHitRateByRequests:
      measured.length > 0
        ? measured.filter((step) => (step.measured?.cacheRead ?? 0) > 0).length / measured.length
        : null,
  };
}

function mainModelTrace(
  trace: ParsedTrace,
  explanation: TraceExplanation,
): { trace: ParsedTrace; explanation: Pick<TraceExplanation, "model" | "steps"> } {
  if (explanation.models.length < 2) return { trace, explanation };
  const main = explanation.model.id;
  const steps = explanation.steps.filter((step) => step.modelId === main);
  const requests = trace.requests.filter((_, index) => explanation.steps[index].modelId === main);
  return { trace: { ...trace, requests }, explanation: { model: explanation.model, steps } };
}

/** Sessions: a request whose first user message differs from the previous request's starts a new conversation. */
function sessionsOf(trace: ParsedTrace): Array<Set<string>> {
  const sessions: Array<Set<string>> = [];
  let opening: string | null = null;
  for (const request of trace.requests) {
    const conversation = conversationOf(request.body, trace.provider);
    const first = conversationOpening(request.body, trace.provider);
    if (sessions.length === 0 || first !== opening) {
      sessions.push(new Set());
      opening = first;
    }
    const session = sessions[sessions.length - 1];
    for (const message of conversation) for (const call of message.calls) session.add(call.name);
    if (request.response) for (const call of toolCallsOf(request.response, trace.provider)) session.add(call.name);
  }
  return sessions;
}
