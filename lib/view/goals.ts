import type { GoalVerdicts } from "../core";

export type GoalInfo = {
  key: keyof GoalVerdicts;
  /** Column header / badge text. */
  label: string;
  /** What meeting the goal means, for tooltips. */
  description: string;
};

/** The three goals of seed 001: each client-side strategy gives up one of them. */
export const GOALS: readonly GoalInfo[] = [
  {
    key: "noToolsUpFront",
    label: "Not every tool up front",
    description:
      "The first request does not carry every tool of the catalog, neither as full definitions nor as one-line stubs.",
  },
  {
    key: "stableToolList",
    label: "Stable tool list",
    description: "The tool list at the front of the prompt never changes, so the cached prefix survives.",
  },
  {
    key: "nativeStrictSchema",
    label: "Native strict schema",
    description: "Every tool is called natively, under its own schema, enforced by the provider.",
  },
];

/** An accessible label: "Stable tool list: met" / "Stable tool list: not met". */
export function goalVerdictLabel(goal: GoalInfo, met: boolean): string {
  return `${goal.label}: ${met ? "met" : "not met"}`;
}
