/**
 * Which strategy and step an example opens on, and the shape of an example's first screen computed at build time
 * (lib/workbench/first-view.ts computes it; the page renders it with its HTML). Nothing here runs the engine, so the
 * page can import it without loading the engine.
 */
import type { Scenario } from "../scenario/types";
import type { StrategyId } from "../core/ids";
import { baselineStrategyId } from "../strategies/definitions";
import type { RunSummary, StepDetail } from "./types";

/** The strategy shown when nothing chose one (a named example, a scenario without a selection). */
export const DEFAULT_STRATEGY_ID: StrategyId = "naive-dynamic";

/**
 * The examples whose first screen is computed at build time: the small ones a first visit is likely to open, and the
 * 10,000-tool one, whose first request takes the browser ≈ 8 s to compute.
 */
export const PREBUILT_EXAMPLE_IDS = ["learning-agent", "weather", "synthetic-10000"] as const;

/**
 * A prebuilt example with more tools than this is stored without them (`omittedTools`): 10,000 definitions are 15 MB
 * of JSON, far too much to send with the page. Its figures, token counts and opening request are all there; the tools
 * arrive from the engine worker, and the page says so meanwhile.
 */
export const PREBUILT_TOOLS_KEPT_UP_TO = 300;

/**
 * What one prebuilt example may add to the page's HTML (its JSON; sent twice, as HTML and as React's payload). The
 * generator refuses more, so a change that puts a large request body into the first view cannot bloat every page.
 */
export const PREBUILT_EXAMPLE_MAX_CHARACTERS = 256 * 1024;

/** What stands in for the tools a prebuilt example was stored without. */
export type OmittedTools = { count: number; firstToolName: string | null };

/**
 * How the page came to open an example: a first visit (`/` with no link and no autosaved work), or an example named
 * by `?example=` (or opened after a link or an autosave failed).
 */
export type Opening = "first-visit" | "named";
export const OPENINGS: readonly Opening[] = ["first-visit", "named"];

export type OpeningSelection = { strategyId: StrategyId; stepIndex: number };

/**
 * The strategy a startup runs first (the one it shows): the baseline, whose requests the opening step is chosen
 * from (lib/view/opening-step.ts, components/playground/opening-moment.ts).
 */
export function openingSelection(_opening: Opening): OpeningSelection {
  return { strategyId: baselineStrategyId(), stepIndex: 0 };
}

/** One example's first screen under each opening; the runs are the same, only the opening step differs. */
export type PrebuiltExample = {
  exampleId: string;
  /** The example as loadExample returns it; without its tools when `omittedTools` says so. */
  scenario: Scenario;
  omittedTools?: OmittedTools;
  /** Every strategy's summary, in the documented order (as the page keeps them). */
  runs: RunSummary[];
  /** o200k tokens of each tool, as the catalog list shows them. */
  toolTokens: number[];
  openings: Record<Opening, OpeningSelection & { detail: StepDetail }>;
};

export type FirstViewFile = { formatVersion: 1; examples: PrebuiltExample[] };

/** What the page needs to draw one example's first screen. */
export type FirstView = Omit<PrebuiltExample, "openings"> & OpeningSelection & { detail: StepDetail; opening: Opening };

export function firstViewOf(file: FirstViewFile, exampleId: string, opening: Opening): FirstView | null {
  const example = file.examples.find((candidate) => candidate.exampleId === exampleId);
  if (!example) return null;
  const { openings, ...rest } = example;
  const selected = openings[opening];
  return { ...rest, ...selected, opening };
}
