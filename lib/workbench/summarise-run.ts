import type { EngineStep, Segment, StrategyRun, WireRequest } from "../engine/types";
import { jsonTextLength } from "./json-length";
import type { RunSummary, StepDetail, StepSummary } from "./types";

export function summariseStep(step: EngineStep): StepSummary {
  const { request, response: _response, segments, segmentStatus: _segmentStatus, ...rest } = step;
  // `JSON.stringify(request.body).length`, without serialising the tool definitions every request repeats.
  return { ...rest, segmentCount: segments.length, requestBytes: jsonTextLength(request.body) };
}

export function summariseRun(run: StrategyRun): RunSummary {
  return { ...run, steps: run.steps.map(summariseStep) };
}

/**
 * One step's detail. `previousRequestJson: false` leaves the previous request's text out (null): the engine worker's
 * answers do, because the run view compares two steps by asking for each, and at 10,000 tools that text alone is
 * ≈ 36 MB of a later step's ≈ 90 MB message (docs/PERFORMANCE.md). The trace view shows it beside the request.
 */
export function stepDetail(
  run: StrategyRun,
  stepIndex: number,
  options: { previousRequestJson?: boolean; requestBody?: boolean } = {},
): StepDetail | null {
  const step = run.steps[stepIndex];
  if (!step) return null;
  const previous = stepIndex > 0 ? run.steps[stepIndex - 1] : null;
  const { body: _body, ...head } = step.request;
  return {
    strategyId: run.id,
    stepIndex,
    ...(options.requestBody === false
      ? { request: head as WireRequest, requestBodyOmitted: true as const }
      : { request: step.request }),
    requestJson: JSON.stringify(step.request.body, null, 2),
    previousRequestJson:
      previous && options.previousRequestJson !== false ? JSON.stringify(previous.request.body, null, 2) : null,
    response: step.response,
    segments: step.segments,
    segmentStatus: step.segmentStatus,
    ...(step.rejected ? { rejected: step.rejected } : {}),
    newFrom: previous ? newContentStart(previous.segments, step.segments) : null,
  };
}

/**
 * A detail whose request body was left out (`requestBodyOmitted`, the engine worker's answers) with the body back:
 * `requestJson` parsed on first read (copy as code, the export), so a page that only shows the text never pays for
 * it. Any other detail is returned as it is.
 */
export function withRequestBody(detail: StepDetail): StepDetail {
  if (!detail.requestBodyOmitted) return detail;
  const { requestBodyOmitted: _omitted, ...rest } = detail;
  let body: WireRequest["body"] | undefined;
  const request = { ...detail.request };
  Object.defineProperty(request, "body", {
    enumerable: true,
    configurable: true,
    get: () => (body ??= JSON.parse(detail.requestJson) as WireRequest["body"]),
  });
  return { ...rest, request };
}

/** The first index after the last block the previous request also had (blocks outside the prompt do not count). */
export function newContentStart(previous: readonly Segment[], current: readonly Segment[]): number {
  const previousKeys = new Set(previous.filter((segment) => !segment.outsidePrompt).map((segment) => segment.key));
  for (let index = current.length - 1; index >= 0; index -= 1) {
    if (!current[index].outsidePrompt && previousKeys.has(current[index].key)) return index + 1;
  }
  return 0;
}
