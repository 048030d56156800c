import type { EngineStep, StrategyRun } from "../engine/types";
import type { RunSummary, StepDetail, StepSummary } from "./types";

export function summariseStep(step: EngineStep): StepSummary {
  const { request, response: _response, segments, segmentStatus: _segmentStatus, ...rest } = step;
  return { ...rest, segmentCount: segments.length, requestBytes: JSON.stringify(request.body).length };
}

export function summariseRun(run: StrategyRun): RunSummary {
  return { ...run, steps: run.steps.map(summariseStep) };
}

export function stepDetail(run: StrategyRun, stepIndex: number): StepDetail | null {
  const step = run.steps[stepIndex];
  if (!step) return null;
  const previous = stepIndex > 0 ? run.steps[stepIndex - 1] : null;
  return {
    strategyId: run.id,
    stepIndex,
    request: step.request,
    requestJson: JSON.stringify(step.request.body, null, 2),
    previousRequestJson: previous ? JSON.stringify(previous.request.body, null, 2) : null,
    response: step.response,
    segments: step.segments,
    segmentStatus: step.segmentStatus,
    ...(step.rejected ? { rejected: step.rejected } : {}),
  };
}
