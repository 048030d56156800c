import type { LimitId } from "../engine/types";
import type { ModelInfo } from "../models";
import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import type { ProviderId } from "../core/ids";
import { formatTokens } from "../view/format";
import { providerLabel } from "../view/provider-labels";
import { modelLimits, type LimitOverrides } from "../models/model-limits";
import type { StrategyProfile } from "./calibrate";
import type { CostSeries } from "./types";

/**
 * Where the closed form predicts a strategy stops being possible: the first turn (1-based) whose largest request
 * breaks a limit of the provider (lib/models/model-limits.ts), and which one. The engine's runs report the same
 * thing exactly (a rejected step); this is the formula's view, for the heat map's sizes the engine never ran.
 * The request-size limit is not predicted: the closed form counts tokens, not bytes.
 */
export type PredictedFailure = { turn: number; limit: LimitId; reason: string };

export function predictFailure(
  profile: Pick<StrategyProfile, "toolEntries">,
  series: Pick<CostSeries, "largestPromptTokens">,
  toolCount: number,
  model: ModelInfo,
  overrides?: LimitOverrides,
): PredictedFailure | null {
  const limits = modelLimits(model, overrides);
  const entries = profile.toolEntries;
  const maxTools = limits.maxTools.value;
  const deferred = entries.deferredFixed + entries.deferredPerTool * toolCount;
  // Deferred functions count toward the tool limit only under the reading the settings choose (PROTOCOLS §9).
  const declared =
    entries.fixed + entries.perTool * toolCount + (limits.deferredCountTowardMaxTools.value ? deferred : 0);
  if (maxTools !== null && declared > maxTools)
    return { turn: 1, limit: "tool-count", reason: `${declared} tools > ${maxTools} (${model.label})` };
  const maxDeferred = limits.maxDeferredTools.value;
  if (maxDeferred !== null && deferred > maxDeferred)
    return { turn: 1, limit: "deferred-tool-count", reason: `${deferred} deferred tools > ${maxDeferred}` };
  const window = limits.contextWindow.value;
  const turn = series.largestPromptTokens.findIndex((prompt) => prompt > window);
  if (turn >= 0)
    return {
      turn: turn + 1,
      limit: "context-window",
      reason: `${Math.round(series.largestPromptTokens[turn]).toLocaleString("en-US")}-token prompt > ${window.toLocaleString("en-US")}-token window (${model.label})`,
    };
  return null;
}

/** The words for a failure in a table cell or a legend: "fails (turn 3)". */
export function failsLabel(failure: { turn: number } | { atTurn: number }): string {
  return `fails (turn ${"turn" in failure ? failure.turn : failure.atTurn})`;
}

/**
 * Where sending every tool stops being possible on one model, for the explorer's session: the most tools `full`
 * can declare with definitions of this catalog's size (found with the same prediction the heat map uses, so the
 * two draw the same boundary), and the boundary over other definition sizes (tools × tokens per tool).
 */
export type FullBoundary = {
  model: string;
  /** Tokens of one definition, as the closed form grows the catalog (full's prompt per added tool). */
  tokensPerTool: number;
  /** The most tools sent up front that the provider accepts through the whole session; null: no bound below 10 M. */
  maxTools: number | null;
  /** The limit that draws the boundary at this catalog's definition size. */
  limit: LimitId | null;
  /** The current catalog, and whether it is past the boundary. */
  toolCount: number;
  fails: boolean;
  /** The limits behind it, as the checks read them (with the person's overrides). */
  contextWindow: number;
  maxToolEntries: number | null;
  /** Prompt tokens that do not grow with the catalog (system, tool-use prompt, the session's history at its largest). */
  fixedPromptTokens: number;
  /** The boundary over definition sizes: above `maxTools` tools of `tokensPerTool` tokens, sending everything fails. */
  curve: Array<{ tokensPerTool: number; maxTools: number }>;
};

/** Definition sizes the boundary is drawn over (tokens per tool), from terse tools to long OpenAPI-style ones. */
export const BOUNDARY_TOKENS_PER_TOOL: readonly number[] = [50, 100, 200, 350, 500, 1_000, 2_000, 5_000, 10_000];
const BOUNDARY_SEARCH_CAP = 10_000_000;

export function fullBoundary(
  profile: Pick<StrategyProfile, "toolEntries" | "prefixTokensPerTool">,
  seriesAt: (toolCount: number) => Pick<CostSeries, "largestPromptTokens">,
  toolCount: number,
  model: ModelInfo,
  overrides?: LimitOverrides,
): FullBoundary {
  const fails = (count: number) => predictFailure(profile, seriesAt(count), count, model, overrides);
  let maxTools: number | null;
  let limit: LimitId | null = null;
  if (!fails(BOUNDARY_SEARCH_CAP)) maxTools = null;
  else if (fails(0)) {
    maxTools = 0;
    limit = fails(0)?.limit ?? null;
  } else {
    // The largest accepted count: fails(low) is null, fails(high) is not; both limits only grow with the count.
    let low = 0;
    let high = BOUNDARY_SEARCH_CAP;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (fails(middle)) high = middle;
      else low = middle;
    }
    maxTools = low;
    limit = fails(high)?.limit ?? null;
  }
  const limits = modelLimits(model, overrides);
  const largest = Math.max(0, ...seriesAt(toolCount).largestPromptTokens);
  const fixedPromptTokens = Math.max(0, largest - toolCount * profile.prefixTokensPerTool);
  const entries = profile.toolEntries;
  const maxToolEntries = limits.maxTools.value;
  const countBound =
    maxToolEntries !== null && entries.perTool === 1
      ? Math.max(0, maxToolEntries - entries.fixed)
      : Number.POSITIVE_INFINITY;
  const curve = BOUNDARY_TOKENS_PER_TOOL.map((tokensPerTool) => ({
    tokensPerTool,
    maxTools: Math.min(
      countBound,
      Math.max(0, Math.floor((limits.contextWindow.value - fixedPromptTokens) / tokensPerTool)),
    ),
  }));
  return {
    model: model.id,
    tokensPerTool: profile.prefixTokensPerTool,
    maxTools,
    limit,
    toolCount,
    fails: maxTools !== null && toolCount > maxTools,
    contextWindow: limits.contextWindow.value,
    maxToolEntries,
    fixedPromptTokens,
    curve,
  };
}

/** What stops a break-even line: the engine's rejected request where it ran, the closed form's estimate otherwise. */
export type LineFailure = { turn: number; atRequest: number | null; reason: string; source: "engine" | "estimate" };

export function lineFailure(line: {
  engine: unknown;
  fails: {
    engine: { atTurn: number; atRequest: number; status: number; reason: string } | null;
    closedForm: PredictedFailure | null;
  };
}): LineFailure | null {
  if (line.fails.engine)
    return {
      turn: line.fails.engine.atTurn,
      atRequest: line.fails.engine.atRequest,
      reason: `${line.fails.engine.status}: ${line.fails.engine.reason}`,
      source: "engine",
    };
  // Once the engine has run a line without a rejection, the estimate's failure is not the answer.
  if (line.engine || !line.fails.closedForm) return null;
  return {
    turn: line.fails.closedForm.turn,
    atRequest: null,
    reason: line.fails.closedForm.reason,
    source: "estimate",
  };
}

/** The sentence beside the boundary, from the same values the drawing uses. */
/** ICU select keys cannot hold a hyphen: "tool-count" is selected as "toolCount". */
const camelCase = (id: string) => id.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

export function boundarySentence(boundary: FullBoundary, provider: ProviderId, locale: Locale = "en"): string {
  const t = translatorFor(locale, "decide");
  const where = { provider: providerLabel(provider), model: boundary.model };
  if (boundary.maxTools === null) return t("boundary.unbounded", where);
  const limit = t("boundary.limit", { limit: camelCase(boundary.limit ?? "none") });
  const catalog = t("boundary.catalog", { tools: formatTokens(boundary.toolCount), fails: String(boundary.fails) });
  return `${t("boundary.bounded", {
    ...where,
    tokens: formatTokens(boundary.tokensPerTool),
    maxTools: formatTokens(boundary.maxTools),
    limit,
  })} ${catalog}`;
}
