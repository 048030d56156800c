/**
 * The first screen's request. An example opened at startup (the default one, or one named by `?example=`) shows
 * prompt caching at work: the baseline strategy's first request that reads an intact prefix, or another strategy's
 * when the baseline never reads (lib/view/opening-step.ts chooses, from the run the worker returns). A URL may name
 * the moment itself (`?example=weather&strategy=stubs&step=3`): presenters link to the request they talk about.
 */
import { STRATEGY_IDS, type StrategyId } from "@/lib/core/ids";
import { baselineStrategyId } from "@/lib/strategies/definitions";
import { openingStep } from "@/lib/view/opening-step";
import type { PlaygroundStore } from "@/state/playground-store";

/** A moment named in the URL: a strategy, a 1-based request number, or both. */
export type NamedMoment = { strategyId?: StrategyId; step?: number };

/** Reads `strategy` and `step` from the URL's query; unknown strategies and non-numbers are ignored. */
export function namedMoment(query: Record<string, string | string[] | undefined>): NamedMoment {
  const strategy = typeof query.strategy === "string" ? query.strategy : undefined;
  const step = typeof query.step === "string" && /^\d{1,5}$/.test(query.step) ? Number(query.step) : undefined;
  return {
    ...(strategy && (STRATEGY_IDS as readonly string[]).includes(strategy)
      ? { strategyId: strategy as StrategyId }
      : {}),
    ...(step !== undefined && step >= 1 ? { step } : {}),
  };
}

/**
 * Puts the just-opened example on its opening request once the run for it arrives. Returns a function that stops
 * waiting. It gives up as soon as the person chooses a strategy or a request themselves, or another scenario opens:
 * the page never moves under someone who is already looking at something.
 */
export function openOnCachingAtWork(store: PlaygroundStore, moment: NamedMoment = {}): () => void {
  const start = store.getState();
  if (moment.strategyId || moment.step) {
    store.setState({
      ...(moment.strategyId ? { strategyId: moment.strategyId } : {}),
      stepIndex: moment.step ? moment.step - 1 : 0,
    });
    return () => {};
  }
  const baseline = baselineStrategyId();
  const scenarioId = start.scenarioMeta.id;
  const staleRun = start.runRequestId;
  store.setState({ strategyId: baseline, stepIndex: 0 });
  let done = false;
  const settle = (state: ReturnType<PlaygroundStore["getState"]>) => {
    if (done) return;
    if (state.scenarioMeta.id !== scenarioId || state.strategyId !== baseline || state.stepIndex !== 0) {
      done = true;
      return;
    }
    if (state.runRequestId === null || state.runRequestId === staleRun) return;
    const comparableOn = { provider: state.settings.provider, model: state.settings.model };
    // The baseline runs first; the others are waited for (all of them) only when it never reads from the cache.
    const finished = state.running ? state.runs.filter((run) => run.id === baseline) : state.runs;
    const opening = openingStep(finished, baseline, comparableOn);
    if (!opening && state.running) return;
    done = true;
    if (opening) store.setState({ strategyId: opening.strategyId, stepIndex: opening.stepIndex });
  };
  const unsubscribe = store.subscribe((state) => {
    settle(state);
    if (done) unsubscribe();
  });
  settle(store.getState());
  return () => {
    done = true;
    unsubscribe();
  };
}
