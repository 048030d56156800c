import type { StrategyId } from "../scenario/types";

export type StrategyStyle = {
  cssVariable: `--strategy-${string}`;
  fallback: string;
  /** `var(--strategy-full, #4e79a7)`, for SVG strokes and swatches. */
  color: string;
  /** SVG dash pattern, so lines stay apart for colour-blind viewers and in greyscale. */
  dash: string | undefined;
};

function style(id: StrategyId, fallback: string, dash?: string): StrategyStyle {
  const cssVariable = `--strategy-${id}` as const;
  return { cssVariable, fallback, color: `var(${cssVariable}, ${fallback})`, dash };
}

/**
 * Tableau-10-derived hues that read on both a white and a near-black background. The anti-pattern gets red
 * on purpose: it is the one whose cost line climbs.
 */
export const STRATEGY_STYLES: Record<StrategyId, StrategyStyle> = {
  full: style("full", "#4e79a7"),
  "naive-dynamic": style("naive-dynamic", "#e15759", "8 4"),
  "anthropic-tool-search": style("anthropic-tool-search", "#f28e2b"),
  "openai-tool-search": style("openai-tool-search", "#59a14f", "2 3"),
  stubs: style("stubs", "#b07aa1", "8 3 2 3"),
  gateway: style("gateway", "#4ca8a2"),
  "kimi-dynamic": style("kimi-dynamic", "#9c755f", "4 4"),
  "anthropic-mid-conversation": style("anthropic-mid-conversation", "#d37295", "12 4"),
};

/**
 * Where the provider refuses the request, no strategy colour applies: a dark neutral with a cross-hatch (drawn by
 * the views), distinct from every strategy hue and from the anti-pattern's red.
 */
export const FAILS_COLOR = "var(--fails, #3d3d46)";
export const FAILS_PATTERN =
  "repeating-linear-gradient(45deg, transparent 0 3px, rgba(255,255,255,0.35) 3px 4px), repeating-linear-gradient(-45deg, transparent 0 3px, rgba(255,255,255,0.35) 3px 4px)";
/** The line drawn where sending every tool stops being possible. */
export const FAILS_BOUNDARY_COLOR = "var(--color-danger, #c62828)";

export function strategyStyle(id: StrategyId): StrategyStyle {
  return STRATEGY_STYLES[id];
}
