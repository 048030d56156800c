"use client";
import { useMoney } from "@/components/ui/money";
import { useTranslations } from "use-intl";
import type { TraceStepView } from "@/lib/trace/trace-view";

import { causeKey } from "./trace-summary";

export type TraceRequestListProps = {
  steps: readonly TraceStepView[];
  selectedIndex: number;
  onSelect(index: number): void;
};

/** Every recorded request in order, each with its miss named; the selected one is shown below. */
export function TraceRequestList({ steps, selectedIndex, onSelect }: TraceRequestListProps) {
  // An agent's side calls to a small model have their own cache: say which model each request went to.
  const t = useTranslations("trace");
  const money = useMoney();
  const severalModels = new Set(steps.map((step) => step.model)).size > 1;
  return (
    <ol
      className="max-h-64 space-y-1 overflow-y-auto pr-1"
      aria-label={t("list.label")}
      data-testid="trace-request-list"
    >
      {steps.map((step) => {
        const selected = step.index === selectedIndex;
        const cause = step.explanation?.cause;
        return (
          <li key={step.index}>
            <button
              type="button"
              aria-current={selected ? "step" : undefined}
              data-testid={`trace-step-${step.index}`}
              data-cause={cause ?? "none"}
              onClick={() => onSelect(step.index)}
              // On a phone the cause and the cost wrap under the title rather than being cut off.
              className={`flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-1.5 text-left text-sm ${selected ? "bg-accent-soft text-ink" : "hover:bg-panel-muted"}`}
            >
              <span className="w-8 shrink-0 text-right tabular-nums text-muted">{step.index + 1}</span>
              <span className="w-16 shrink-0 text-xs text-muted">{step.location}</span>
              <span className="min-w-0 flex-1 basis-32 truncate">
                {step.title}
                {severalModels ? (
                  <span className="ml-2 text-xs text-muted" data-testid="trace-step-model">
                    {step.model}
                  </span>
                ) : null}
              </span>
              {cause ? (
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${cause === "cold-start" ? "bg-panel-muted text-muted" : "bg-danger-soft text-danger"}`}
                >
                  {t("cause", { cause: causeKey(cause) })}
                </span>
              ) : (
                <span className="shrink-0 rounded-full border border-line px-2 py-0.5 text-xs text-success">
                  {t("list.cacheHit")}
                </span>
              )}
              <span className="ml-auto w-16 shrink-0 text-right tabular-nums text-muted">
                {money.format(step.costUsd)}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
