import type { StrategyId } from "../core";
import { STRATEGIES, type StrategyDefinition } from "../strategies";

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
