import type { ToolEntry } from "../core";
import type { GoalVerdicts } from "../core";
import type { ModelInfo } from "../models";
import type { Scenario, ScenarioSettings, ScenarioTurn, StrategyId, ProviderId } from "../scenario/types";
import type { SimulationSession } from "../simulator/session";

/** Plain-words description of a strategy for the Learn cards (PRODUCT.md's strategy table). */
export type StrategyExplanation = {
  sends: string;
  schemaGoesTo: string;
  costs: string;
  prefixEffect: string;
};

export type Support = { ok: true } | { ok: false; reason: string };

export type TurnContext = { turn: ScenarioTurn; turnIndex: number; scenario: Scenario };

export interface StrategyDefinition {
  readonly id: StrategyId;
  readonly title: string;
  readonly explanation: StrategyExplanation;
  /** Providers whose wire format can carry this strategy at all. */
  readonly providers: readonly ProviderId[];
  /** Whether this provider and model can run it; an impossible combination is refused with a reason. */
  supports(provider: ProviderId, model: ModelInfo, settings: ScenarioSettings): Support;
  goals(settings: ScenarioSettings): GoalVerdicts;
  initialTools(scenario: Scenario): ToolEntry[];
  betas?(settings: ScenarioSettings): string[];
  /** Drives the session through one scripted user turn. */
  runTurn(session: SimulationSession, context: TurnContext): void;
}
