import type { StateCreator } from "zustand";
import type { InputProblem } from "@/lib/core/catalog";
import type { StrategyRun } from "@/lib/engine/types";
import { type ScenarioSettings, type ScenarioTurn } from "@/lib/scenario/types";
import { STRATEGY_IDS, type StrategyId } from "@/lib/core/ids";
import type { RunSummary, StepDetail } from "@/lib/workbench/types";
import type { PlaygroundState } from "./playground-store";

/**
 * The worker's answers. Nothing here is computed on the main thread; each answer is kept with what it answers
 * (the catalog text, the catalog version, the run id) so a panel can tell a current answer from an old one.
 */
export type CatalogCheck = { text: string; problems: InputProblem[]; format?: string };

/**
 * The example, strategy and step whose build-time first screen (lib/workbench/opening.ts) the page started with, and
 * the turns and settings it was rendered with: an edit made before the worker takes over replaces them in the store,
 * so the takeover can tell the person's work (kept) from the example's.
 */
export type PrebuiltMark = {
  exampleId: string;
  strategyId: StrategyId;
  stepIndex: number;
  turns: ScenarioTurn[];
  settings: ScenarioSettings;
};

export type ResultsSlice = {
  runs: RunSummary[];
  /** Worker request id of `runs`; step details are asked for against it. */
  runRequestId: number | null;
  running: boolean;
  runStartedAt: number | null;
  /** Strategies finished of the run in progress. */
  runProgress: { done: number; total: number } | null;
  /**
   * The strategy on screen while its run goes on: its requests made so far (`inProgress`), handed over by the worker
   * as soon as the step on screen was made (a first request need not wait for the whole strategy). Shown in place of
   * that strategy's entry in `runs` until its whole run arrives; never in the comparison, the charts or the totals.
   */
  runSoFar: { runRequestId: number; run: RunSummary } | null;
  /**
   * The conversation and catalog version `runs` were run over (the store's when they arrived: a run the store no
   * longer wants comes back stale and is never shown). While a newer run goes on, the panels can tell the previous
   * scenario's request from an update of the same one (`selectShowsPreviousScenario`). Null when unknown.
   */
  runsOf: { turns: readonly ScenarioTurn[]; catalogVersion: number } | null;
  timingMs: number | null;
  runError: string | null;
  catalogCheck: CatalogCheck | null;
  toolTokens: { catalogVersion: number; tokens: number[] } | null;
  detail: StepDetail | null;
  /** The run `detail` is of (`runRequestId` when it was shown): tells a new run's first request from an older one's. */
  detailRunRequestId: number | null;
  detailError: string | null;
  /**
   * The transcript of a live run (real provider), built by the engine on the main thread as it arrives: a few
   * requests, so it is kept whole here (the simulated runs stay in the worker). Its summary is derived
   * (`selectLiveSummary`).
   */
  liveRun: StrategyRun | null;
  /**
   * Set while the page shows an example's first screen computed at build time, until the startup decides what opens
   * (state/playground-controller.ts takes it over or discards it).
   */
  prebuilt: PrebuiltMark | null;
  /** True while `runs` are the build-time ones (equal to what the worker's run will give), not yet the worker's. */
  runsPrebuilt: boolean;
  /**
   * True once a run of the worker's has ended on this page (finished or failed). Monaco and the panels below the fold
   * wait for it, so they do not take the cores from the engine's first run.
   */
  firstRunEnded: boolean;
  /**
   * How many of the worker's runs have ended on this page (finished or failed); only ever grows. A run can start
   * and end between two looks at `running`, so whoever waits for "the run after this change" waits for this count to
   * pass the one it saw before the change (`data-runs-ended` on the run status).
   */
  runsEnded: number;

  runStarted(at: number): void;
  /**
   * A run's progress; with `summaries` (a slow run), its finished strategies are shown at once, in the documented
   * order, while `running` stays true.
   */
  runProgressed(progress: {
    runRequestId: number;
    done: number;
    total: number;
    summaries?: RunSummary[];
    firstRequest?: { summary: RunSummary };
  }): void;
  runFinished(result: { runRequestId: number; runs: RunSummary[]; timingMs: number }): void;
  runFailed(message: string): void;
  setCatalogCheck(check: CatalogCheck): void;
  setToolTokens(value: { catalogVersion: number; tokens: number[] }): void;
  /** `runRequestId`: the run the detail is of, when it is not `runRequestId`'s (a run still going, `runSoFar`). */
  setDetail(detail: StepDetail | null, error?: string | null, runRequestId?: number): void;
  setLiveRun(run: StrategyRun | null): void;
};

export const createResultsSlice: StateCreator<PlaygroundState, [], [], ResultsSlice> = (set) => ({
  runs: [],
  runRequestId: null,
  running: false,
  runStartedAt: null,
  runProgress: null,
  runSoFar: null,
  runsOf: null,
  timingMs: null,
  runError: null,
  catalogCheck: null,
  toolTokens: null,
  detail: null,
  detailRunRequestId: null,
  detailError: null,
  liveRun: null,
  prebuilt: null,
  runsPrebuilt: false,
  firstRunEnded: false,
  runsEnded: 0,
  runStarted: (at) => set({ running: true, runStartedAt: at, runProgress: null, runSoFar: null }),
  runProgressed: ({ runRequestId, done, total, summaries, firstRequest }) =>
    set((state) => {
      if (firstRequest) return { runProgress: { done, total }, runSoFar: { runRequestId, run: firstRequest.summary } };
      if (!summaries || summaries.length === 0) return { runProgress: { done, total } };
      // Build-time runs of the same example stay for the strategies not finished yet (equal figures: nothing moves).
      const kept = state.runRequestId === runRequestId || state.runsPrebuilt ? state.runs : [];
      const earlier = kept.filter((run) => !summaries.some((summary) => summary.id === run.id));
      const runs = [...earlier, ...summaries].sort((a, b) => STRATEGY_IDS.indexOf(a.id) - STRATEGY_IDS.indexOf(b.id));
      // The strategy shown so far has its whole run now.
      const soFar = state.runSoFar;
      const runSoFar =
        soFar && soFar.runRequestId === runRequestId && !summaries.some((summary) => summary.id === soFar.run.id)
          ? soFar
          : null;
      return { runProgress: { done, total }, runs, runRequestId, runSoFar, runsOf: currentScenario(state) };
    }),
  runFinished: ({ runRequestId, runs, timingMs }) =>
    set((state) => ({
      runRequestId,
      runs,
      runsOf: currentScenario(state),
      timingMs,
      running: false,
      runStartedAt: null,
      runProgress: null,
      runSoFar: null,
      runError: null,
      runsPrebuilt: false,
      firstRunEnded: true,
      runsEnded: state.runsEnded + 1,
    })),
  runFailed: (message) =>
    set((state) => ({
      running: false,
      runStartedAt: null,
      runProgress: null,
      runSoFar: null,
      runError: message,
      firstRunEnded: true,
      runsEnded: state.runsEnded + 1,
    })),
  setCatalogCheck: (check) => set({ catalogCheck: check }),
  setToolTokens: (value) => set({ toolTokens: value }),
  setDetail: (detail, error = null, runRequestId) =>
    set((state) => ({
      detail,
      detailError: error,
      detailRunRequestId: detail ? (runRequestId ?? state.runRequestId) : null,
    })),
  setLiveRun: (run) => set({ liveRun: run }),
});

const currentScenario = (state: PlaygroundState) => ({ turns: state.turns, catalogVersion: state.catalogVersion });
