/**
 * The detail of the step on screen, from the fastest place that has it: handed over with a slow run's progress,
 * kept from a moment ago, fetched ahead while the person looked at the step before, or asked of the worker.
 */
import type { StrategyId } from "@/lib/core/ids";
import { stepDetail } from "@/lib/workbench/summarise-run";
import type { RunSummary, StepDetail } from "@/lib/workbench/types";
import type { EngineClient, Outcome } from "@/workers/engine-client";
import type { PlaygroundStore } from "../playground-store";
import { selectLiveRun, selectShownRun, selectStepIndex } from "../selectors";

/**
 * A step whose request, as the page receives it, is at most this size has its detail fetched ahead while the page
 * shows the step before it, and kept a while after: an arrow key then shows the next (or the previous) request at
 * once, without waiting for the worker. The size is the shown one (`shownRequestBytes`: at 10,000 tools the worker
 * sends the request with its tool lists shortened, tens of kilobytes where the whole body is ≈ 16 MB); larger details
 * cost more main-thread time to receive than the wait they save, so they are fetched only when shown.
 */
export const PREFETCH_DETAIL_MAX_BYTES = 256 * 1024;
/** Details kept for stepping back and forth: the one on screen, the next, and a few behind. */
const KEPT_DETAILS = 6;

export function createStepDetails(store: PlaygroundStore, client: EngineClient) {
  /** Small step details of the run on screen, by `detailKey`, oldest first; emptied when another run arrives. */
  const keptDetails = new Map<string, StepDetail>();
  let keptFor: number | null = null;
  /**
   * The detail of the step on screen, handed over by a slow run with its strategy's summary (`shownStep`); used
   * once, by the step it is for. Large (tens of megabytes at 10,000 tools), so it is never kept beyond that.
   */
  let handedOver: { runRequestId: number; detail: StepDetail } | null = null;
  /**
   * The detail of a run's first request, handed over before its strategy's run ended: kept until another run's
   * comes, so the same step of the same run, shown again once the whole run arrives, is the same object (nothing
   * renders again, nothing crosses twice).
   */
  let firstRequest: { runRequestId: number; detail: StepDetail } | null = null;
  /** The one detail being fetched ahead, with its key. */
  let ahead: { key: string; outcome: Promise<Outcome<StepDetail>> } | null = null;
  const detailKey = (runRequestId: number, strategyId: StrategyId, stepIndex: number) =>
    `${runRequestId}:${strategyId}:${stepIndex}`;

  function keepDetail(runRequestId: number, detail: StepDetail) {
    if (keptFor !== runRequestId) {
      keptDetails.clear();
      keptFor = runRequestId;
    }
    const key = detailKey(runRequestId, detail.strategyId, detail.stepIndex);
    keptDetails.delete(key);
    keptDetails.set(key, detail);
    while (keptDetails.size > KEPT_DETAILS) keptDetails.delete(keptDetails.keys().next().value as string);
  }

  /** Fetches the next step's detail ahead when what the page receives of it is small (PREFETCH_DETAIL_MAX_BYTES). */
  function fetchAhead(runRequestId: number, run: RunSummary, stepIndex: number) {
    const next = run.steps[stepIndex + 1];
    if (!next || (next.shownRequestBytes ?? next.requestBytes) > PREFETCH_DETAIL_MAX_BYTES) return;
    const key = detailKey(runRequestId, run.id, stepIndex + 1);
    if (keptDetails.has(key) || ahead?.key === key) return;
    const outcome = client.stepDetail(runRequestId, run.id, stepIndex + 1, "ahead");
    ahead = { key, outcome };
    void outcome.then((answer) => {
      if (ahead?.key === key) ahead = null;
      if (answer.ok && store.getState().runRequestId === runRequestId) keepDetail(runRequestId, answer.value);
    });
  }

  /** Shows the detail of the step on screen (the store's `detail`). */
  async function fetchDetail() {
    const state = store.getState();
    if (selectLiveRun(state) && state.liveRun) {
      // A live transcript lives on this thread: its detail is computed here, at once.
      state.setDetail(stepDetail(state.liveRun, selectStepIndex(state)));
      return;
    }
    if (state.runRequestId === null && !state.runSoFar) return;
    const shown = selectShownRun(state);
    if (!shown || shown.run.steps.length === 0) {
      state.setDetail(null);
      return;
    }
    const { run, runRequestId } = shown;
    const { strategyId } = state;
    const stepIndex = selectStepIndex(state);
    const key = detailKey(runRequestId, strategyId, stepIndex);
    const isCurrent = () => {
      const now = store.getState();
      return (
        selectShownRun(now)?.runRequestId === runRequestId &&
        now.strategyId === strategyId &&
        selectStepIndex(now) === stepIndex
      );
    };
    const show = (detail: StepDetail) => {
      if (detail.requestJson.length <= PREFETCH_DETAIL_MAX_BYTES * 2) keepDetail(runRequestId, detail);
      store.getState().setDetail(detail, null, runRequestId);
      fetchAhead(runRequestId, run, stepIndex);
    };
    const matches = (given: { runRequestId: number; detail: StepDetail }) =>
      given.runRequestId === runRequestId &&
      given.detail.strategyId === strategyId &&
      given.detail.stepIndex === stepIndex;
    const delivered = handedOver;
    handedOver = null;
    if (delivered && matches(delivered)) return show(delivered.detail);
    const early = firstRequest;
    if (early && matches(early)) return show(early.detail);
    const kept = keptFor === runRequestId ? keptDetails.get(key) : undefined;
    if (kept) return show(kept);
    // Asked for ahead and still on its way: its answer is this step's (unless something newer is shown by then).
    if (ahead?.key === key) {
      const early = await ahead.outcome;
      if (!isCurrent()) return;
      if (early.ok) return show(early.value);
    }
    const outcome = await client.stepDetail(runRequestId, strategyId, stepIndex);
    // The worker answers in order: a newer run shown meanwhile (an import's first request, handed over) came first,
    // and this answer, of a run the worker no longer holds, must not replace it, not even as an error.
    if (!isCurrent()) return;
    if (outcome.ok) show(outcome.value);
    else if (!outcome.stale) store.getState().setDetail(null, outcome.message);
  }

  return {
    fetchDetail,
    /** A slow run handed over the detail of the step on screen with its strategy: the next fetch takes it. */
    handOver(runRequestId: number, detail: StepDetail): void {
      handedOver = { runRequestId, detail };
    },
    /** A run's first request, handed over before its strategy's run ended: every fetch of that step takes it. */
    handOverFirstRequest(runRequestId: number, detail: StepDetail): void {
      firstRequest = { runRequestId, detail };
    },
  };
}

export type StepDetails = ReturnType<typeof createStepDetails>;
