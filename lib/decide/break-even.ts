import type { Catalog } from "../core/catalog";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";
import { calibrate, modelFor, sampleCatalog, type DecideCalibration } from "./calibrate";
import { closedFormSeries, costModelFor, laneCostModel } from "./closed-form";
import { engineSeries, runEngineSession, type EngineFailure, type EngineSessionRun } from "./engine-session";
import { fullBoundary, lineFailure, predictFailure, type FullBoundary, type PredictedFailure } from "./limits";
import { effectiveToolsUsed, sessionPlan } from "./session-plan";
import { CLOSED_FORM_TOLERANCE, type CostSeries, type DecideEngine, type DecideParameters } from "./types";
import { baselineStrategyId } from "../strategies";

export type BreakEvenLine = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  closedForm: CostSeries;
  /** Null until the engine has run this strategy (the worker answers after the closed form is drawn). */
  engine: CostSeries | null;
  /**
   * The first turn (1-based) from which this strategy is cheaper than `full` through the last turn; null when it is
   * not cheaper at the end. `full` itself has none.
   */
  breakEvenTurn: { engine: number | null; closedForm: number | null };
  /** Largest |closed form − engine| / engine over the turns' cumulative cost; null without an engine run. */
  maxDeviation: number | null;
  toolsFound: number | null;
  toolsNeeded: number | null;
  /**
   * Where the provider refuses this strategy's requests, if it does: exactly, from the engine's rejected step, and
   * as the closed form predicts it. A failing strategy has no cost from that turn on: it cannot run.
   */
  fails: { engine: EngineFailure | null; closedForm: PredictedFailure | null };
  /** The strategy's second conversation (prefilter, sub-agent), priced in both figures: its name and model. */
  secondLane?: { name: string; model: string };
};

export type BreakEvenResult = {
  /** The parameters as priced: tools used clamped to the turns and the catalog. */
  parameters: DecideParameters;
  toolCount: number;
  /** Mean tokens of one full definition, measured on `full`'s first request. */
  tokensPerTool: number;
  sessionToolNames: string[];
  /** First-search recall of the client search on the sampled candidates. */
  search: { tried: number; found: number };
  lines: BreakEvenLine[];
  unavailable: DecideCalibration["unavailable"];
  tolerance: number;
  /**
   * Where sending every tool stops being possible on the explorer's model for this session (tools × tokens per
   * tool), by the same prediction as the heat map's boundary; null when `full` cannot be calibrated here.
   */
  fullBoundary: FullBoundary | null;
};

/**
 * The first turn from which `candidate` stays strictly cheaper than `baseline` to the end of the horizon (1-based),
 * or null. "Stays" matters: a progressive strategy can start cheaper (no big first write) and lose the lead to its
 * discoveries, then win it back once the per-request saving has paid for them.
 */
export function breakEvenTurn(candidate: readonly number[], baseline: readonly number[]): number | null {
  const length = Math.min(candidate.length, baseline.length);
  if (length === 0 || !(candidate[length - 1] < baseline[length - 1])) return null;
  let turn = length;
  while (turn > 1 && candidate[turn - 2] < baseline[turn - 2]) turn -= 1;
  return turn;
}

export function maxRelativeDeviation(estimate: readonly number[], reference: readonly number[]): number {
  let worst = 0;
  reference.forEach((value, index) => {
    const difference = Math.abs((estimate[index] ?? 0) - value);
    worst = Math.max(worst, value > 0 ? difference / value : difference > 0 ? Number.POSITIVE_INFINITY : 0);
  });
  return worst;
}

/**
 * The break-even view from a calibration: the closed form for every available strategy (instant, for dragging a
 * slider), merged with whatever engine runs have arrived for the same session.
 */
export function breakEven(
  calibration: DecideCalibration,
  settings: ScenarioSettings,
  parameters: DecideParameters,
  engineRuns: readonly EngineSessionRun[] = [],
): BreakEvenResult {
  const sessionTools = calibration.sessionToolNames;
  const toolsUsed = effectiveToolsUsed(parameters.toolsUsed, parameters.turns, Math.max(1, sessionTools.length));
  const plan = sessionPlan(toolsUsed, parameters.turns);
  const model = costModelFor(parameters, settings);
  const modelInfo = modelFor(parameters.provider, calibration.model);
  const options = {
    minutesBetweenTurns: parameters.minutesBetweenTurns,
    toolCount: calibration.toolCount,
    calibratedToolCount: calibration.toolCount,
    nonDeferredTools: settings.nonDeferredTools,
  };
  const lines: BreakEvenLine[] = calibration.profiles.map((profile) => {
    const run = engineRuns.find((candidate) => candidate.id === profile.id);
    const laneModel = laneCostModel(profile.secondLane, model, parameters, settings);
    const closedForm = closedFormSeries(profile, plan, model, { ...options, laneModel });
    const engine = run && run.perTurn.length === plan.length ? engineSeries(run, model, laneModel) : null;
    return {
      id: profile.id,
      provider: profile.provider,
      model: profile.model,
      closedForm,
      engine,
      breakEvenTurn: { engine: null, closedForm: null },
      maxDeviation: engine ? maxRelativeDeviation(closedForm.cumulativeCostUsd, engine.cumulativeCostUsd) : null,
      toolsFound: run?.toolsFound ?? null,
      toolsNeeded: run?.toolsNeeded ?? null,
      fails: {
        engine: run?.fails ?? null,
        closedForm: predictFailure(profile, closedForm, calibration.toolCount, modelInfo, settings.limitOverrides),
      },
      ...(profile.secondLane ? { secondLane: { name: profile.secondLane.name, model: profile.secondLane.model } } : {}),
    };
  });
  const baseline = baselineStrategyId();
  const full = lines.find((line) => line.id === baseline);
  if (full) {
    for (const line of lines) {
      if (line.id === baseline) continue;
      // A strategy the provider refuses is never "cheaper": it cannot run.
      if (lineFailure(line)) continue;
      // Where loading everything fails, any strategy that runs pays off from the first turn: there is no baseline.
      if (lineFailure(full)) {
        line.breakEvenTurn = { closedForm: 1, engine: line.engine ? 1 : null };
        continue;
      }
      line.breakEvenTurn = {
        closedForm: breakEvenTurn(line.closedForm.cumulativeCostUsd, full.closedForm.cumulativeCostUsd),
        engine:
          line.engine && full.engine
            ? breakEvenTurn(line.engine.cumulativeCostUsd, full.engine.cumulativeCostUsd)
            : null,
      };
    }
  }
  const fullProfile = calibration.profiles.find((profile) => profile.id === baseline);
  const boundary = fullProfile
    ? fullBoundary(
        fullProfile,
        (toolCount) => closedFormSeries(fullProfile, plan, model, { ...options, toolCount }),
        calibration.toolCount,
        modelInfo,
        settings.limitOverrides,
      )
    : null;
  const fullRun = engineRuns.find((run) => run.id === baseline);
  const tokensPerTool =
    fullRun && calibration.toolCount > 0
      ? fullRun.firstRequestToolDefinitions / calibration.toolCount
      : calibration.tokensPerTool;
  return {
    parameters: { ...parameters, toolsUsed, turns: plan.length },
    toolCount: calibration.toolCount,
    tokensPerTool,
    sessionToolNames: sessionTools.slice(0, toolsUsed),
    search: { tried: calibration.searchesTried, found: calibration.searchesFound },
    lines,
    unavailable: calibration.unavailable,
    tolerance: CLOSED_FORM_TOLERANCE,
    fullBoundary: boundary,
  };
}

/** Everything at once, synchronously: calibration, engine runs and the merged view (tests, CLI, the worker). */
export function computeBreakEven(
  engine: DecideEngine,
  input: { catalog: Catalog; settings: ScenarioSettings; parameters: DecideParameters },
): BreakEvenResult & { calibration: DecideCalibration; engineRuns: EngineSessionRun[] } {
  const sample = sampleCatalog(engine, input.catalog, input.settings);
  const calibration = calibrate(engine, {
    ...input,
    provider: input.parameters.provider,
    model: input.parameters.model,
    sample,
  });
  const engineRuns = runEngineSession(engine, { ...input, calibration });
  return { ...breakEven(calibration, input.settings, input.parameters, engineRuns), calibration, engineRuns };
}
