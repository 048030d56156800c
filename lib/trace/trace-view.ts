import type { Divergence, StrategyRun } from "../core";
import type { Recommendation } from "../decide/recommend";
import type { StepTokens } from "../engine/types";
import type { MeasuredUsage } from "../core";
import type { UsageDifference } from "../live/types";
import type { Scenario } from "../scenario/types";
import type { StrategyId } from "../core/ids";
import type { SeedFigures, TraceAnalysis } from "./analyse-trace";
import type { LossByCause } from "./explain-trace";
import type { MissExplanation } from "./explain-miss";
import { describeLocation, type TraceFormat } from "./types";
import { baselineStrategyId } from "../strategies/definitions";

/** One request as the trace panel lists it; its body and segments stay in the worker until it is looked at. */
export type TraceStepView = {
  index: number;
  location: string;
  title: string;
  timestamp: string | null;
  /** The table model the request was priced and cached as (a trace may call several). */
  model: string;
  clockSeconds: number;
  tokens: StepTokens;
  measured: MeasuredUsage | null;
  difference: UsageDifference | null;
  /** Measured cache figures the rules did not predict, in words. */
  predictionGap: string | null;
  costUsd: number;
  measuredCostUsd: number | null;
  explanation: MissExplanation | null;
  /** The cache model's own finding, for the prefix bar's marker. */
  divergence: Divergence | null;
  lostUsd: number;
};

export type ReplayView = {
  id: StrategyId;
  provider: string;
  model: string;
  refused: string | null;
  costUsd: number;
  requests: number;
};

/** Everything the trace panel shows, small enough to post to the page at once (no request bodies). */
export type TraceView = {
  format: TraceFormat;
  provider: StrategyRun["provider"];
  model: string;
  modelLabel: string;
  tokenCounting: string;
  steps: TraceStepView[];
  predictedCostUsd: number;
  measuredCostUsd: number | null;
  losses: LossByCause[];
  figures: SeedFigures;
  recommendation: Pick<Recommendation, "strategy" | "headline" | "reasons">;
  replay: ReplayView[];
  skipped: Array<{ location: string; reason: string }>;
  notes: string[];
  /** The derived scenario "Open the replay" loads into the playground. */
  scenario: Scenario;
  /** The trace's turn count when the replay keeps only its first turns, else null. */
  replayTruncatedFrom: number | null;
};

export function traceView(analysis: TraceAnalysis): TraceView {
  const { explanation, trace } = analysis;
  return {
    format: trace.format,
    provider: explanation.provider,
    model: explanation.model.id,
    modelLabel: explanation.model.label,
    tokenCounting: explanation.tokenCounting.label,
    steps: explanation.steps.map((step) => ({
      index: step.index,
      location: describeLocation(step.location),
      title: step.title,
      timestamp: step.timestampMs === null ? null : new Date(step.timestampMs).toISOString(),
      model: step.modelId,
      clockSeconds: step.clockSeconds,
      tokens: step.tokens,
      measured: step.measured,
      difference: step.difference,
      predictionGap: step.predictionGap,
      costUsd: step.cost.totalUsd,
      measuredCostUsd: step.measuredCost?.totalUsd ?? null,
      explanation: step.explanation,
      divergence: step.divergence,
      lostUsd: step.lostUsd,
    })),
    predictedCostUsd: explanation.totals.costUsd,
    measuredCostUsd:
      explanation.measuredTotals && explanation.measuredTotals.requests === explanation.steps.length
        ? explanation.measuredTotals.costUsd
        : null,
    losses: explanation.losses,
    figures: analysis.figures,
    recommendation: {
      strategy: analysis.recommendation.strategy,
      headline: analysis.recommendation.headline,
      reasons: analysis.recommendation.reasons,
    },
    replay: analysis.replay.map((run) => ({
      id: run.id,
      provider: run.provider,
      model: run.model,
      refused: run.refused?.reason ?? null,
      costUsd: run.totals.costUsd,
      requests: run.totals.requests,
    })),
    skipped: trace.skipped.map((record) => ({ location: describeLocation(record.location), reason: record.reason })),
    notes: [...explanation.notes, ...analysis.derived.notes],
    scenario: analysis.derived.scenario,
    replayTruncatedFrom: analysis.derived.truncatedFrom,
  };
}

/**
 * The recorded requests as a StrategyRun, so the run panels (prefix bar, request viewer, diff) walk them like a
 * simulated run. `id` is the strategy the agent's own layout is closest to — every tool in every request — which
 * only labels the run; nothing is simulated.
 */
export function traceRun(analysis: TraceAnalysis): StrategyRun {
  const { explanation } = analysis;
  return {
    id: baselineStrategyId(),
    provider: explanation.provider,
    model: explanation.model.id,
    steps: explanation.steps,
    totals: explanation.totals,
    goals: { noToolsUpFront: false, stableToolList: false, nativeStrictSchema: true },
    tokenCounting: explanation.tokenCounting,
    warnings: explanation.warnings,
  };
}
