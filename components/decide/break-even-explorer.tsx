"use client";
import { useTranslations } from "use-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { BreakEvenResult } from "@/lib/decide/break-even";
import type { BreakEvenMetric } from "@/lib/decide/chart-data";
import type { DecideParameters } from "@/lib/decide/types";
import { formatPercent } from "@/lib/view/format";
import { BreakEvenChart } from "./break-even-chart";
import { BreakEvenControls } from "./break-even-controls";
import { BreakEvenTable } from "./break-even-table";
import { DecideStatusLine } from "./decide-status-line";
import { FullBoundaryView } from "./full-boundary";
import type { DecideStatus } from "./use-decide";

export type BreakEvenExplorerProps = {
  parameters: DecideParameters;
  onParametersChange: (patch: Partial<DecideParameters>) => void;
  result: BreakEvenResult | null;
  status: DecideStatus;
  toolCount: number;
};

/**
 * Does progressive disclosure save money over a long task once its extra round trips and cache writes are counted,
 * and from which turn? Sliders for the session's shape, the cumulative chart with the break-even turns marked, and
 * the engine beside the closed form.
 */
export function BreakEvenExplorer({
  parameters,
  onParametersChange,
  result,
  status,
  toolCount,
}: BreakEvenExplorerProps) {
  const t = useTranslations("decide");
  const [metric, setMetric] = useState<BreakEvenMetric>("cost");
  const [showClosedForm, setShowClosedForm] = useState(true);
  return (
    <div className="flex flex-col gap-4" data-testid="break-even-explorer" data-tour="break-even">
      <BreakEvenControls parameters={parameters} onChange={onParametersChange} toolCount={toolCount} />
      <DecideStatusLine status={status} result={result} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label={t("explorer.chartShows")} className="flex gap-1">
          {(["cost", "tokens"] as const).map((option) => (
            <Button
              key={option}
              size="sm"
              variant="ghost"
              pressed={metric === option}
              onClick={() => setMetric(option)}
              data-testid="break-even-metric"
              data-metric={option}
            >
              {t("explorer.metric", { metric: option })}
            </Button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-ink-soft">
          <input
            type="checkbox"
            checked={showClosedForm}
            onChange={(event) => setShowClosedForm(event.target.checked)}
            data-testid="break-even-show-closed-form"
          />
          {result
            ? t("explorer.showEstimateChecked", { tolerance: formatPercent(result.tolerance) })
            : t("explorer.showEstimate")}
        </label>
      </div>
      {result ? (
        <BreakEvenChart result={result} metric={metric} showClosedForm={showClosedForm} />
      ) : (
        <div className="h-[340px] rounded-lg bg-panel-muted" aria-hidden />
      )}
      {result ? <BreakEvenTable result={result} /> : null}
      {result?.fullBoundary ? (
        <FullBoundaryView boundary={result.fullBoundary} provider={result.parameters.provider} />
      ) : null}
    </div>
  );
}
