/** The measured-vs-predicted table as data: one row per live request, and the totals. */
import type { StepKind } from "../engine/types";
import type { ProviderId } from "../core/ids";
import type { TokenizerKind } from "../tokens/token-counter";
import { fixedPromptTokens, recalibrate, type CalibrationSample, type Recalibration } from "./recalibrate";
import type { ExactCount, LiveStep } from "./types";

export type Figures = {
  input: number;
  uncached: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
  costUsd: number;
};

export type ComparisonRow = {
  index: number;
  turn: number;
  kind: StepKind;
  title: string;
  predicted: Figures;
  measured: Figures | null;
  /** measured − predicted. */
  difference: Figures | null;
  /** An exact prompt count from the provider's counting endpoint, when asked for. */
  exact: { inputTokens: number; method: string; difference: number } | null;
};

export type Comparison = {
  rows: ComparisonRow[];
  totals: { predicted: Figures; measured: Figures | null; difference: Figures | null };
};

const ZERO: Figures = { input: 0, uncached: 0, cacheRead: 0, cacheWrite: 0, output: 0, costUsd: 0 };

function add(a: Figures, b: Figures): Figures {
  return {
    input: a.input + b.input,
    uncached: a.uncached + b.uncached,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    output: a.output + b.output,
    costUsd: a.costUsd + b.costUsd,
  };
}

function subtract(a: Figures, b: Figures): Figures {
  return {
    input: a.input - b.input,
    uncached: a.uncached - b.uncached,
    cacheRead: a.cacheRead - b.cacheRead,
    cacheWrite: a.cacheWrite - b.cacheWrite,
    output: a.output - b.output,
    costUsd: a.costUsd - b.costUsd,
  };
}

export function compareSteps(
  steps: readonly LiveStep[],
  exactCounts: ReadonlyMap<number, ExactCount> = new Map(),
): Comparison {
  const rows = steps.map((step): ComparisonRow => {
    const predicted: Figures = { ...pick(step.tokens), costUsd: step.cost.totalUsd };
    const measured: Figures | null =
      step.measured && step.measuredCost ? { ...pick(step.measured), costUsd: step.measuredCost.totalUsd } : null;
    const exact = exactCounts.get(step.index);
    return {
      index: step.index,
      turn: step.turn,
      kind: step.kind,
      title: step.title,
      predicted,
      measured,
      difference: measured ? subtract(measured, predicted) : null,
      exact: exact
        ? { inputTokens: exact.inputTokens, method: exact.method, difference: exact.inputTokens - predicted.input }
        : null,
    };
  });
  const predicted = rows.reduce((sum, row) => add(sum, row.predicted), ZERO);
  const everyMeasured = rows.length > 0 && rows.every((row) => row.measured);
  const measured = everyMeasured ? rows.reduce((sum, row) => add(sum, row.measured as Figures), ZERO) : null;
  return { rows, totals: { predicted, measured, difference: measured ? subtract(measured, predicted) : null } };
}

function pick(tokens: { input: number; uncached: number; cacheRead: number; cacheWrite: number; output: number }) {
  return {
    input: tokens.input,
    uncached: tokens.uncached,
    cacheRead: tokens.cacheRead,
    cacheWrite: tokens.cacheWrite,
    output: tokens.output,
  };
}

/**
 * A recalibration from a run's exact counts (preferred) and measured usage. Requests whose reply ran a server-side
 * search are left out of the usage samples: their billed input includes the provider's internal continuation
 * with the expanded definitions, which the engine bills on the next request (docs/DESIGN.md).
 */
export function recalibrationFor(
  provider: ProviderId,
  kind: TokenizerKind,
  currentFactor: number,
  steps: readonly LiveStep[],
  exactCounts: ReadonlyMap<number, ExactCount> = new Map(),
): Recalibration {
  const samples: CalibrationSample[] = [];
  for (const step of steps) {
    const fixed = fixedPromptTokens(provider, step.segments);
    const exact = exactCounts.get(step.index);
    if (exact) samples.push({ predicted: step.tokens.input, exact: exact.inputTokens, fixed });
    else if (step.measured && !serverSearchRan(step))
      samples.push({ predicted: step.tokens.input, exact: step.measured.input, fixed });
  }
  return recalibrate(kind, currentFactor, samples);
}

function serverSearchRan(step: LiveStep): boolean {
  const text = JSON.stringify(step.response);
  return text.includes('"server_tool_use"') || text.includes('"tool_search_call"');
}
