import type { StepKind } from "../core";

export type StepKindInfo = { kind: StepKind; label: string; description: string };

/** Timeline order of a typical turn: search → load → call → retry → answer. */
export const STEP_KINDS: Record<StepKind, StepKindInfo> = {
  search: { kind: "search", label: "search", description: "The model searches the catalog for a tool." },
  load: { kind: "load", label: "load", description: "A found tool's schema is loaded into the conversation." },
  call: { kind: "call", label: "call", description: "The model calls a tool and gets its result." },
  retry: {
    kind: "retry",
    label: "retry",
    description: "A call failed validation and is sent again with corrected arguments.",
  },
  answer: { kind: "answer", label: "answer", description: "The model answers the user." },
};

/** Short x-axis label for a step: "3 · call". Steps are numbered from 1 for people. */
export function stepAxisLabel(step: { index: number; kind: StepKind }): string {
  return `${step.index + 1} · ${STEP_KINDS[step.kind].label}`;
}
