/**
 * Simulation results as CSV (RFC 4180): one row per request of every strategy, with the same numbers as
 * `simulationJson`, plus one row per refused strategy. Takes full runs (StrategyRun) or the page's summaries
 * (RunSummary), which carry the same step fields.
 */
import type { EngineStep, StrategyRun } from "../engine/types";

export type CsvRun = Pick<StrategyRun, "id" | "provider" | "model" | "refused"> & {
  steps: ReadonlyArray<
    Pick<EngineStep, "index" | "turn" | "kind" | "title" | "tokens" | "divergence" | "cost" | "rejected">
  >;
};

export const SIMULATION_CSV_COLUMNS = [
  "strategy",
  "provider",
  "model",
  "step",
  "turn",
  "kind",
  "title",
  "input_tokens",
  "cache_read_tokens",
  "cache_write_tokens",
  "uncached_tokens",
  "tool_definition_tokens",
  "cost_usd",
  "divergence_segment",
  "divergence_reason",
  "refused",
] as const;

/**
 * Quotes a cell when it needs it, and defuses spreadsheet formulas: a text cell starting with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe, because tool names and titles come from imported catalogs.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function simulationCsv(runs: readonly CsvRun[]): string {
  const rows: string[] = [SIMULATION_CSV_COLUMNS.join(",")];
  for (const run of runs) {
    if (run.refused) {
      rows.push(
        [
          run.id,
          run.provider,
          run.model,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          run.refused.reason,
        ]
          .map(csvCell)
          .join(","),
      );
      continue;
    }
    for (const step of run.steps) {
      rows.push(
        [
          run.id,
          run.provider,
          run.model,
          step.index,
          step.turn,
          step.kind,
          step.title,
          step.tokens.input,
          step.tokens.cacheRead,
          step.tokens.cacheWrite,
          step.tokens.uncached,
          step.tokens.toolDefinitions,
          Number(step.cost.totalUsd.toFixed(8)),
          step.divergence?.segment ?? null,
          step.divergence?.reason ?? null,
          // A request the provider refuses is marked on its own row: its tokens were sent, none read or billed.
          step.rejected ? `request refused: ${step.rejected.status} ${step.rejected.reason}` : null,
        ]
          .map(csvCell)
          .join(","),
      );
    }
  }
  return `${rows.join("\r\n")}\r\n`;
}
