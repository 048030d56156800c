import type { ProviderId, StrategyId } from "../core/ids";
import type { ClientSearchKind } from "../search/embeddings/client-search-choice";

/** One cell of the experiment: a strategy on a provider and model. */
export type ExperimentCell = {
  strategy: StrategyId;
  provider: ProviderId;
  /** The model table's id ("openai-compatible" for a self-hosted server). */
  model: string;
  /** The model name sent on the wire when it differs (an OpenAI-compatible server's own model name). */
  wireModel?: string;
};

export function cellKey(cell: ExperimentCell): string {
  return `${cell.strategy}|${cell.provider}|${cell.wireModel ?? cell.model}`;
}

export type TokenFigures = { input: number; cacheRead: number; cacheWrite: number; output: number };

export type StopReason = "completed" | "max-turns" | "refused" | "error";

/** The result of one task run once (a cell, a task, a repetition): what the store keeps. */
export type TaskRunResult = {
  /** `${cellKey}|${taskId}|${repetition}`: a resumed experiment skips exactly the keys it has. */
  key: string;
  cell: ExperimentCell;
  taskId: string;
  repetition: number;
  /** "measured": a real (or fake) model answered; "simulated": the engine's scripted model. */
  mode: "measured" | "simulated";
  stop: StopReason;
  error?: string;
  selected: boolean;
  completed: boolean;
  catalogCalls: number;
  /** Catalog calls whose arguments failed: Ajv against the tool's schema, or the provider's rejection. */
  invalidCalls: number;
  /** Of those, the ones the provider rejected (absent in results stored before it was counted). */
  rejectedCalls?: number;
  gatewayCalls: number;
  discoveryCalls: number;
  unknownCalls: number;
  requests: number;
  /** As the provider reported them (simulated runs: the simulator's figures). Null when it reported none. */
  tokens: TokenFigures | null;
  /** The simulator's prediction for the same requests. */
  predictedTokens: TokenFigures;
  costUsd: number | null;
  predictedCostUsd: number;
  /** Time to the first streamed part of the first request; null for simulated runs. */
  ttftMs: number | null;
  /** Sum of the requests' wall-clock times; null for simulated runs. */
  latencyMs: number | null;
  /** Requests resent after a 429 or 529. */
  retries: number;
  /**
   * Which search answered the client side's searches (`search_tools`, client `tool_search`), when the strategy ran
   * any: the lexical client search (absent in older results), or the semantic or hybrid one the person chose.
   */
  search?: ClientSearchKind;
  /** The chosen search's endpoint failed: this error, and the lexical search answered the rest of the run. */
  searchFallback?: string;
};

export function taskRunKey(cell: ExperimentCell, taskId: string, repetition: number): string {
  return `${cellKey(cell)}|${taskId}|${repetition}`;
}

/**
 * Where finished task-runs are kept, so an interrupted experiment resumes where it stopped. The runner needs only
 * these operations; the server keeps them in SQLite (lib/server/experiment-store.ts), tests and the browser in
 * memory.
 */
export interface ExperimentStore {
  /** Keys of the task-runs already finished in this experiment. */
  finishedKeys(experimentId: string): Promise<Set<string>>;
  save(experimentId: string, result: TaskRunResult): Promise<void>;
  results(experimentId: string): Promise<TaskRunResult[]>;
}

export function memoryExperimentStore(): ExperimentStore {
  const experiments = new Map<string, Map<string, TaskRunResult>>();
  const of = (id: string) => {
    let found = experiments.get(id);
    if (!found) experiments.set(id, (found = new Map()));
    return found;
  };
  return {
    finishedKeys: async (id) => new Set(of(id).keys()),
    save: async (id, result) => void of(id).set(result.key, structuredClone(result)),
    results: async (id) => [...of(id).values()].map((result) => structuredClone(result)),
  };
}
