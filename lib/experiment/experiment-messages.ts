/**
 * The experiment worker's messages, apart from its handler (experiment-protocol.ts): the page's client imports only
 * these, so the page's bundle does not take the engine and its tokenizer with it.
 */
import type { ExperimentChoice } from "./page-design";
import type { StrategyId } from "../core/ids";
import type { TaskRunResult } from "./types";

export type ExperimentRequest =
  | { kind: "estimate"; requestId: number; choice: ExperimentChoice }
  | { kind: "simulate"; requestId: number; choice: ExperimentChoice }
  /** Stops the simulated run: it is on the same channel, so the run is superseded. */
  | { kind: "cancel"; requestId: number };

export type ExperimentResponse =
  | { kind: "estimate"; requestId: number; totalUsd: number; taskRuns: number; strategies: StrategyId[] }
  | { kind: "progress"; requestId: number; done: number; total: number; elapsedMs: number }
  | { kind: "done"; requestId: number; status: "finished" | "cancelled"; results: TaskRunResult[] }
  | { kind: "error"; requestId: number; message: string };

export function experimentChannel(request: Pick<ExperimentRequest, "kind">): string {
  return request.kind === "estimate" ? "estimate" : "simulate";
}
