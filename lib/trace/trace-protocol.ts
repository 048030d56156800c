import type { StepDetail, StrategyRun } from "../core";
import type { Locale } from "../i18n/locales";
import type { ProviderId } from "../core/ids";
import { analyseTrace } from "./analyse-trace";
import { traceRun, traceView, type TraceView } from "./trace-view";

/** Messages to the trace worker (workers/trace.worker.ts). */
export type TraceRequestMessage =
  | { kind: "analyse"; requestId: number; text: string; provider?: ProviderId; title?: string; locale?: Locale }
  | { kind: "detail"; requestId: number; index: number };

export type TraceResponseMessage =
  | { kind: "progress"; requestId: number; fraction: number }
  | { kind: "analysed"; requestId: number; view: TraceView }
  | { kind: "failed"; requestId: number; error: string }
  | { kind: "detail"; requestId: number; detail: StepDetail | null };

/** What the worker keeps between messages: the recorded requests in full, for the step being looked at. */
export type TraceWorkerState = { run: StrategyRun | null };

export type TraceDependencies = {
  /** lib/workbench's stepDetail (injected: lib/trace sits below the workbench). */
  stepDetail(run: StrategyRun, index: number): StepDetail | null;
  post(message: TraceResponseMessage): void;
};

/**
 * The trace worker's behaviour as one function of (state, message, dependencies), tested in Node; the worker file
 * is a thin shell. A large trace reports its progress as it is read, explained and replayed.
 */
export function handleTraceMessage(
  state: TraceWorkerState,
  message: TraceRequestMessage,
  dependencies: TraceDependencies,
): TraceWorkerState {
  if (message.kind === "detail") {
    dependencies.post({
      kind: "detail",
      requestId: message.requestId,
      detail: state.run ? dependencies.stepDetail(state.run, message.index) : null,
    });
    return state;
  }
  let lastReported = -1;
  const result = analyseTrace(message.text, {
    provider: message.provider,
    title: message.title,
    locale: message.locale,
    onProgress: (fraction) => {
      // A few dozen updates are enough for a progress bar; thousands would flood the page.
      const rounded = Math.floor(fraction * 50) / 50;
      if (rounded > lastReported) {
        lastReported = rounded;
        dependencies.post({ kind: "progress", requestId: message.requestId, fraction: rounded });
      }
    },
  });
  if (!result.ok) {
    dependencies.post({ kind: "failed", requestId: message.requestId, error: result.error });
    return { run: null };
  }
  dependencies.post({ kind: "analysed", requestId: message.requestId, view: traceView(result.analysis) });
  return { run: traceRun(result.analysis) };
}
