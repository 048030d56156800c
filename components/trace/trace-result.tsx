"use client";
import { MoneyProvider, useMoney } from "@/components/ui/money";
import { currencyOf } from "@/lib/view/money";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
/**
 * One explained recording: the heading and totals, notes, money lost by cause with the seed's figures, the requests
 * with each miss named, the request on screen with its prefix bar and predicted vs measured, and the replay under
 * every strategy. Trace import (a file) and the Tap view (a live session) both show their recording with it.
 */
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { StepDetail } from "@/lib/core";
import type { TraceView } from "@/lib/trace/trace-view";

import { providerLabel } from "@/lib/view/provider-labels";
import { TraceReplay } from "./trace-replay";
import { TraceRequestList } from "./trace-request-list";
import { TraceRequestView } from "./trace-request-view";
import { TraceSummary } from "./trace-summary";

export type TraceResultProps = {
  view: TraceView;
  /** What the recording is called: the file's name, or the tap session's. */
  heading: string;
  detail: StepDetail | null;
  selectedIndex: number;
  onSelect(index: number): void;
  onOpenReplay(): void;
  theme: "light" | "dark";
  /** Buttons beside the totals. */
  actions?: ReactNode;
};

/** The trace's figures in its model's currency, at the page's rate where there is one. */
export function TraceResult(props: TraceResultProps) {
  const { usdPerCny } = useMoney();
  return (
    <MoneyProvider currency={currencyOf(props.view.provider, props.view.model)} usdPerCny={usdPerCny}>
      <TraceResultBody {...props} />
    </MoneyProvider>
  );
}

function TraceResultBody({
  view,
  heading,
  detail,
  selectedIndex,
  onSelect,
  onOpenReplay,
  theme,
  actions,
}: TraceResultProps) {
  const t = useTranslations("trace");
  const locale = useLocale() as Locale;
  const money = useMoney();
  const step = view.steps[selectedIndex] ?? view.steps[0];
  const count = view.steps.length;
  return (
    <div className="space-y-5" data-testid="trace-result">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <strong data-testid="trace-heading">
          {t("result.heading", { heading, count, provider: providerLabel(view.provider, locale) })}
        </strong>
        <span className="text-muted">
          {t("result.pricedAs", { model: view.modelLabel, counting: view.tokenCounting })}
        </span>
        <span className="ml-auto">
          {view.measuredCostUsd !== null
            ? t("result.predictedMeasured", {
                predicted: money.format(view.predictedCostUsd),
                measured: money.format(view.measuredCostUsd),
              })
            : t("result.predicted", { predicted: money.format(view.predictedCostUsd) })}
        </span>
        {actions}
      </div>
      {view.skipped.length > 0 || view.notes.length > 0 ? (
        <ul className="space-y-0.5 text-xs text-ink-soft" data-testid="trace-notes">
          {view.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
          {view.skipped.map((record) => (
            <li key={record.location} data-testid="trace-skipped">
              {t("result.skipped", { location: record.location, reason: record.reason })}
            </li>
          ))}
        </ul>
      ) : null}
      <TraceSummary view={view} />
      <section>
        <div className="mb-2 flex items-center gap-2">
          <h3 className="text-sm font-semibold">{t("result.requests")}</h3>
          <Button
            size="sm"
            onClick={() => onSelect(step.index - 1)}
            disabled={step.index === 0}
            data-testid="trace-previous"
          >
            {t("result.previous")}
          </Button>
          <span className="text-sm tabular-nums" data-testid="trace-position">
            {step.index + 1} / {count}
          </span>
          <Button
            size="sm"
            onClick={() => onSelect(step.index + 1)}
            disabled={step.index >= count - 1}
            data-testid="trace-next"
          >
            {t("result.next")}
          </Button>
        </div>
        <TraceRequestList steps={view.steps} selectedIndex={step.index} onSelect={onSelect} />
      </section>
      <TraceRequestView
        step={step}
        detail={detail?.stepIndex === step.index ? detail : null}
        providerLabel={`${providerLabel(view.provider, locale)}, ${view.modelLabel}`}
        theme={theme}
      />
      <TraceReplay view={view} onOpenReplay={onOpenReplay} />
    </div>
  );
}
