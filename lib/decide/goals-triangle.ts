import type { GoalVerdicts } from "../engine/types";
import type { ScenarioSettings } from "../scenario/types";
import type { StrategyId } from "../core/ids";
import { STRATEGY_IDS } from "../core/ids";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import { STRATEGIES } from "../strategies";
import { strategyText } from "../strategies/text";
import { GOALS } from "../view/goals";

export type GoalKey = keyof GoalVerdicts;

export type TriangleCorner = { key: GoalKey; label: string; description: string; x: number; y: number };

export type TrianglePlacement = {
  id: StrategyId;
  title: string;
  goals: GoalVerdicts;
  met: GoalKey[];
  givesUp: GoalKey[];
  /** Where the dot sits, in the triangle's coordinate box (0..100 × 0..100). */
  x: number;
  y: number;
  /**
   * The number drawn in the dot and beside the strategy's name in the list next to the drawing: twelve names do not
   * fit beside dots closer together than the names are long (six share the middle), numbers do.
   */
  number: number;
  /** One sentence per goal: how the strategy meets it, or why it gives it up, in the strategy's own words. */
  why: Array<{ goal: GoalKey; met: boolean; text: string }>;
  /** Strategies meeting all three need the provider's help; this names which providers can run them. */
  needsProvider: string | null;
};

/** A dot's radius, in the drawing's units: room for a two-digit number at the largest label size. */
export const TRIANGLE_DOT_RADIUS = 4.6;
export const TRIANGLE_SELECTED_DOT_RADIUS = 5;

/** Distance between dots that share a spot, in the 0..100 box: more than two dots' radii, so no two touch. */
const SPREAD = 10.5;

export type GoalsTriangle = { corners: TriangleCorner[]; placements: TrianglePlacement[] };

/**
 * Seed 001's three goals as the corners of a triangle — (1) no N tools up front, (2) a tool list that never changes,
 * (3) native calls under each tool's strict schema — and each strategy where its goals put it: on the edge between the
 * two goals it meets (it gives up the opposite corner), at a corner when it meets only that one, in the middle when it
 * meets all three, which only a provider mechanism can. Pure geometry and words; the SVG is drawn by
 * components/decide/goals-triangle.tsx.
 */
export function goalsTriangle(
  settings: ScenarioSettings,
  ids: readonly StrategyId[] = STRATEGY_IDS,
  locale: Locale = "en",
): GoalsTriangle {
  const goalWords = translatorFor(locale, "run");
  const position: Record<GoalKey, { x: number; y: number }> = {
    noToolsUpFront: { x: 50, y: 8 },
    stableToolList: { x: 8, y: 88 },
    nativeStrictSchema: { x: 92, y: 88 },
  };
  const corners = GOALS.map((goal) => ({
    key: goal.key,
    label: goalWords(`goals.${goal.key}.label`),
    description: goalWords(`goals.${goal.key}.description`),
    ...position[goal.key],
  }));
  const centre = { x: (8 + 50 + 92) / 3, y: (8 + 88 + 88) / 3 };
  const groups = new Map<string, StrategyId[]>();
  for (const id of ids) {
    const goals = STRATEGIES[id].goals(settings);
    const key = GOALS.map((goal) => (goals[goal.key] ? "1" : "0")).join("");
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  const placements: TrianglePlacement[] = [];
  for (const [, members] of groups) {
    members.forEach((id, index) => {
      const definition = STRATEGIES[id];
      const goals = definition.goals(settings);
      const met = GOALS.filter((goal) => goals[goal.key]).map((goal) => goal.key);
      const givesUp = GOALS.filter((goal) => !goals[goal.key]).map((goal) => goal.key);
      const anchor = anchorOf(met, position, centre);
      // Dots that share a spot: along the edge they sit on, or in a two-column block in the middle, so every dot
      // stays visible and clickable and every label has room.
      let x = anchor.x;
      let y = anchor.y;
      if (met.length === 3) {
        const column = index % 2 === 0 ? -1 : 1;
        const row = Math.floor(index / 2) - (Math.ceil(members.length / 2) - 1) / 2;
        x += column * 5.25;
        y += row * SPREAD;
      } else {
        const direction = met.length === 2 ? unit(position[met[0]], position[met[1]]) : { x: 1, y: 0 };
        const offset = (index - (members.length - 1) / 2) * SPREAD;
        x += direction.x * offset;
        y += direction.y * offset;
      }
      placements.push({
        id,
        title: strategyText(id, locale).title,
        goals,
        met,
        givesUp,
        x,
        y,
        number: ids.indexOf(id) + 1,
        why: GOALS.map((goal) => ({
          goal: goal.key,
          met: goals[goal.key],
          text: whyText(id, goal.key, goals[goal.key], locale),
        })),
        needsProvider: met.length === 3 ? definition.providers.join(", ") : null,
      });
    });
  }
  placements.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return { corners, placements };
}

function anchorOf(
  met: GoalKey[],
  position: Record<GoalKey, { x: number; y: number }>,
  centre: { x: number; y: number },
) {
  if (met.length === 0) return { x: centre.x, y: 98 };
  if (met.length === 3) return centre;
  const points = met.map((key) => position[key]);
  const x = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const y = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  // A single goal sits just inside its corner, not on top of the corner's label.
  return met.length === 1
    ? { x: x + (centre.x - x) * 0.22, y: y + (centre.y - y) * 0.22 }
    : { x: x + (centre.x - x) * 0.12, y: y + (centre.y - y) * 0.12 };
}

function unit(from: { x: number; y: number }, to: { x: number; y: number }) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  return { x: dx / length, y: dy / length };
}

/** The strategy's own explanation, chosen by the goal it speaks to, in the reader's language. */
function whyText(id: StrategyId, goal: GoalKey, met: boolean, locale: Locale): string {
  const explanation = strategyText(id, locale).explanation;
  const label = translatorFor(locale, "run")(`goals.${goal}.label`);
  // English quotes the goal in lower case inside the sentence ("Meets "stable tool list": …").
  const quoted = locale === "en" ? label.charAt(0).toLowerCase() + label.slice(1) : label;
  const text =
    goal === "noToolsUpFront"
      ? explanation.sends
      : goal === "stableToolList"
        ? explanation.prefixEffect
        : `${explanation.schemaGoesTo}${met ? "" : ` ${explanation.costs}`}`;
  return translatorFor(locale, "engine")("goals.goalWhy", { met: String(met), goal: quoted, text });
}

/**
 * The drawing's box in its own units: the triangle's 0..100 square with room for the corner and strategy names on
 * every side ("Stable tool list" starts left of x = 0, "Native strict schema" ends right of 100).
 */
export const TRIANGLE_VIEW_BOX = { x: -32, y: -9, width: 164, height: 112 } as const;

/** The smallest names a person reads on a phone without zooming (px on screen). */
export const TRIANGLE_LABEL_PX = 12;
export const TRIANGLE_CORNER_PX = 13;

/**
 * Font sizes in the drawing's units for a drawing `renderedWidth` px wide, so the names are the same size on screen
 * whatever the width: an SVG scales its text with its box, and at 324 px (a 390 px phone's panel) fixed sizes came
 * out at 6–8 px. Past a width where the names would run into each other, they stop growing in units (they then shrink
 * on screen below the minimum only on a screen narrower than any phone the layout supports).
 */
export function triangleTextSizes(renderedWidth: number): { label: number; corner: number } {
  const scale = Math.max(renderedWidth, 1) / TRIANGLE_VIEW_BOX.width;
  // At 6.2 units a two-digit number (about 7 units wide) still fits in a dot (TRIANGLE_DOT_RADIUS).
  return {
    label: Math.min(TRIANGLE_LABEL_PX / scale, 6.2),
    corner: Math.min(TRIANGLE_CORNER_PX / scale, 6.4),
  };
}
