/**
 * Imported traces (docs/TRACE.md): read what an agent really sent (JSON Lines or HAR 1.2, SSE bodies included), explain
 * every request with the simulator's own provider modules and cache model, name each miss, and replay the derived
 * scenario under every strategy.
 */
export { analyseTrace, type AnalyseOptions, type SeedFigures, type TraceAnalysis } from "./analyse-trace";
export { deriveScenario, type DerivedScenario } from "./derive-scenario";
export {
  MISS_CAUSE_LABELS,
  explainMiss,
  textChange,
  type MissCause,
  type MissExplanation,
  type TextChange,
} from "./explain-miss";
export { explainTrace, type LossByCause, type TraceExplanation, type TraceStep } from "./explain-trace";
export { MAX_TRACE_CHARACTERS, readTrace } from "./read-trace";
export { formatTraceTable, traceJson } from "./trace-output";
export * from "./types";
