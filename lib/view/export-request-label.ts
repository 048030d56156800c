import type { ProviderId } from "../core/ids";
import { providerLabel } from "./provider-labels";

type RunLike = { provider: ProviderId; model: string; steps: readonly unknown[] };

/**
 * Which request "Current request as code" exports, in words: its number in the strategy's run and the provider and
 * model it is for (a strategy may run on another model than the page's, e.g. OpenAI search on an OpenAI model). A
 * strategy with fewer requests than the page's step exports its last one, and says so.
 */
export function exportRequestLabel(run: RunLike | undefined, pageStepIndex: number): string {
  if (!run || run.steps.length === 0) return "This strategy sent no request.";
  const count = run.steps.length;
  const index = Math.min(Math.max(pageStepIndex, 0), count - 1);
  const which =
    index === pageStepIndex
      ? `Request ${index + 1} of ${count}`
      : `Request ${index + 1} of ${count} (its last: the page is on request ${pageStepIndex + 1})`;
  return `${which} · ${providerLabel(run.provider)} · ${run.model}`;
}
