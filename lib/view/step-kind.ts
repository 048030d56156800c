import type { StepKind } from "../core";
import type { Locale } from "../i18n/locales";
import { engineTitleText } from "../i18n/engine-notes";
import { translatorFor } from "../i18n/translator";

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

/**
 * The heading of a step beside its kind's badge, without saying the kind twice: the engine titles a call step
 * "call get_weather" and an answer "answer", which under a "call" or "answer" badge read as "call call get_weather"
 * and "answer answer". A title that starts with something else ("give up" under "answer", "call …" under a provider's
 * "search") says more than the badge and is kept whole.
 */
export function stepHeading(step: { kind: StepKind; title: string }, locale: Locale = "en"): string {
  // The engine's titles are English wire-side words: they are matched in English and the kind is said in `locale`.
  const { label } = STEP_KINDS[step.kind];
  const description = translatorFor(locale, "run")(`stepKind.${step.kind}.description`);
  if (step.title === label) return description.replace(/[.。]$/, "");
  if (step.title.startsWith(`${label} `)) return engineTitleText(step.title.slice(label.length + 1), locale);
  return engineTitleText(step.title, locale);
}
