import type { GoalVerdicts } from "@/lib/engine/types";
import { goalVerdictLabel, GOALS } from "@/lib/view/goals";

export type GoalsBadgesProps = {
  goals: GoalVerdicts;
  /** "badges": labelled pills; "marks": ✓/✗ only (labels stay accessible), for tight spaces. */
  variant?: "badges" | "marks";
  className?: string;
};

/** The three goals of seed 001 as ✓/✗: no N tools up front, stable tool list, native strict schema. */
export function GoalsBadges({ goals, variant = "badges", className = "" }: GoalsBadgesProps) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} data-testid="goals-badges" aria-label="Goals">
      {GOALS.map((goal) => {
        const met = goals[goal.key];
        const label = goalVerdictLabel(goal, met);
        return (
          <li
            key={goal.key}
            data-testid="goal-badge"
            data-goal={goal.key}
            data-met={met}
            title={`${label}. ${goal.description}`}
            className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-medium ${
              met ? "border-success/40 bg-success/10 text-success" : "border-danger/40 bg-danger-soft text-danger"
            }`}
          >
            <span aria-hidden className="font-bold">
              {met ? "✓" : "✗"}
            </span>
            {variant === "badges" ? <span className="text-ink-soft">{goal.label}</span> : null}
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
