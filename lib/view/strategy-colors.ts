import type { StrategyId } from "../core";
import { STRATEGIES } from "../strategies/definitions";
import type { StrategyDefinition } from "../strategies/types";

export type StrategyStyle = {
  cssVariable: `--strategy-${string}`;
  fallback: string;
  /** `var(--strategy-full, #4e79a7)`, for SVG strokes and swatches. */
  color: string;
  /** SVG dash pattern, so lines stay apart for colour-blind viewers and in greyscale. */
  dash: string | undefined;
};

function styleOf(definition: StrategyDefinition): StrategyStyle {
  const cssVariable = `--strategy-${definition.id}` as const;
  const { fallback, dash } = definition.colour;
  return { cssVariable, fallback, color: `var(${cssVariable}, ${fallback})`, dash };
}

/**
 * Each strategy's colour is its own (its file in lib/strategies): Tableau-10-derived hues that read on both a
 * white and a near-black background, the anti-pattern red on purpose (its cost line is the one that climbs). The
 * page can override each with the CSS variable `--strategy-<id>`.
 */
export const STRATEGY_STYLES: Record<StrategyId, StrategyStyle> = Object.fromEntries(
  Object.values(STRATEGIES).map((definition) => [definition.id, styleOf(definition)]),
) as Record<StrategyId, StrategyStyle>;

/**
 * Where the provider refuses the request, no strategy colour applies: a dark neutral with a cross-hatch (drawn by
 * the views), distinct from every strategy hue and from the anti-pattern's red.
 */
export const FAILS_COLOR = "var(--fails, #3d3d46)";
export const FAILS_PATTERN =
  "repeating-linear-gradient(45deg, transparent 0 3px, rgba(255,255,255,0.35) 3px 4px), repeating-linear-gradient(-45deg, transparent 0 3px, rgba(255,255,255,0.35) 3px 4px)";
/** The line drawn where sending every tool stops being possible. */
export const FAILS_BOUNDARY_COLOR = "var(--color-danger, #c62828)";
