/**
 * Explain and decide (issue 7): the net-cost threshold of progressive disclosure, the cheapest strategy by catalog
 * size and session length, the three-goal trade-off and a recommendation. Framework-free like the rest of lib/.
 */
export {
  breakEven,
  breakEvenTurn,
  computeBreakEven,
  maxRelativeDeviation,
  type BreakEvenLine,
  type BreakEvenResult,
} from "./break-even";
export {
  calibrate,
  discoveryRoundTrips,
  loadedDefinitions,
  PROBE_TOOL_COUNT,
  sampleCatalog,
  type DecideCalibration,
  type StrategyProfile,
  type ToolFootprint,
} from "./calibrate";
export { closedFormSeries, costModelFor, footprintOf, type CostModel } from "./closed-form";
export {
  calibrationKey,
  handleDecideMessage,
  initialDecideState,
  type DecideRequest,
  type DecideResponse,
  type DecideRuntime,
  type DecideWorkerState,
} from "./decide-protocol";
export { decideScenario } from "./decide-scenario";
export { defaultDecideParameters } from "./default-parameters";
export {
  engineSeries,
  engineSessionRun,
  runEngineSession,
  type EngineSessionRun,
  type TurnTokens,
} from "./engine-session";
export { goalsTriangle, type GoalsTriangle, type TriangleCorner, type TrianglePlacement } from "./goals-triangle";
export { HEAT_MAP_TOOL_COUNTS, HEAT_MAP_TURN_COUNTS, heatMap, type HeatMap, type HeatMapCell } from "./heat-map";
export {
  FEW_TOOLS_THRESHOLD,
  GOOD_SEARCH_RECALL,
  nativeStrategy,
  recommend,
  type RecommendInput,
  type Recommendation,
  type RecommendationFigures,
  type RecommendationRule,
} from "./recommend";
export { schemaComplexity, type SchemaComplexity } from "./schema-complexity";
export { effectiveToolsUsed, MAX_TOOLS_USED, MAX_TURNS, sessionPlan, type PlannedTurn } from "./session-plan";
export {
  CLOSED_FORM_TOLERANCE,
  type CostSeries,
  type DecideEngine,
  type DecideParameters,
  type PriceOverrides,
} from "./types";
