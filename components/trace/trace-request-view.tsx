"use client";
import { useMoney } from "@/components/ui/money";
import { useTranslations } from "use-intl";
import { useState } from "react";
import { CachePrefixBar } from "@/components/run/cache-prefix-bar";
import { RequestDiff } from "@/components/run/request-diff";
import { RequestPanel } from "@/components/run/request-panel";
import type { StepDetail } from "@/lib/core";
import type { TraceStepView } from "@/lib/trace/trace-view";
import { formatTokens } from "@/lib/view/format";

export type TraceRequestViewProps = {
  step: TraceStepView;
  detail: StepDetail | null;
  providerLabel: string;
  theme: "light" | "dark";
};

type Row = {
  label: "input" | "cacheRead" | "cacheWrite" | "uncached";
  predicted: number;
  measured: number | null;
  difference: number | null;
};

/** One recorded request: its miss in words, predicted beside measured, the prefix bar and the request itself. */
export function TraceRequestView({ step, detail, providerLabel, theme }: TraceRequestViewProps) {
  const t = useTranslations("trace");
  const money = useMoney();
  const [tab, setTab] = useState<"request" | "diff">("request");
  const explanation = step.explanation;
  const change = explanation?.changedText;
  const rows: Row[] = [
    {
      label: "input",
      predicted: step.tokens.input,
      measured: step.measured?.input ?? null,
      difference: step.difference?.input ?? null,
    },
    {
      label: "cacheRead",
      predicted: step.tokens.cacheRead,
      measured: step.measured?.cacheRead ?? null,
      difference: step.difference?.cacheRead ?? null,
    },
    {
      label: "cacheWrite",
      predicted: step.tokens.cacheWrite,
      measured: step.measured?.cacheWrite ?? null,
      difference: step.difference?.cacheWrite ?? null,
    },
    {
      label: "uncached",
      predicted: step.tokens.uncached,
      measured: step.measured?.uncached ?? null,
      difference: step.difference?.uncached ?? null,
    },
  ];
  return (
    <div className="space-y-4" data-testid="trace-request-view" data-index={step.index}>
      <section
        className={`rounded-xl border px-4 py-3 text-sm ${explanation && explanation.cause !== "cold-start" ? "border-danger/40 bg-danger-soft" : "border-line bg-panel-muted"}`}
        data-testid="trace-explanation"
        data-cause={explanation?.cause ?? "none"}
      >
        <p className="font-medium text-ink">
          {t("request.heading", {
            number: step.index + 1,
            location: step.location,
            timestamp: step.timestamp ? step.timestamp.replace("T", " ").replace(".000Z", " UTC") : "empty",
          })}{" "}
          {explanation ? explanation.headline : t("request.appendOnly")}
        </p>
        {explanation?.details.map((detailText) => (
          <p key={detailText} className="mt-1 text-ink-soft">
            {t("request.cacheModel", { detail: detailText })}
          </p>
        ))}
        {step.predictionGap ? (
          <p className="mt-1 font-medium text-danger" data-testid="trace-prediction-gap">
            {step.predictionGap}
          </p>
        ) : null}
        {change ? (
          <div className="mt-2 grid gap-1 font-mono text-xs" data-testid="trace-changed-text">
            <p>
              <span className="text-muted">{t("request.before")} </span>…
              {change.before.slice(Math.max(0, change.beforeStart - 30), change.beforeStart)}
              <mark className="rounded bg-danger/20 px-0.5 text-ink">
                {change.before.slice(change.beforeStart, change.beforeEnd)}
              </mark>
              {change.before.slice(change.beforeEnd, change.beforeEnd + 30)}…
            </p>
            <p>
              <span className="text-muted">{t("request.after")} </span>…
              {change.after.slice(Math.max(0, change.afterStart - 30), change.afterStart)}
              <mark className="rounded bg-accent-soft px-0.5 text-ink">
                {change.after.slice(change.afterStart, change.afterEnd)}
              </mark>
              {change.after.slice(change.afterEnd, change.afterEnd + 30)}…
            </p>
          </div>
        ) : null}
      </section>

      {/* Its own sideways scroll on a phone; the cells' left padding keeps neighbouring figures apart. */}
      <div className="overflow-x-auto">
        <table className="w-full text-sm [&_td+td]:pl-3 [&_th+th]:pl-3" data-testid="trace-figures">
          <caption className="pb-1 text-left text-xs text-muted">
            {t("request.figuresCaption", {
              provider: providerLabel,
              usage: String(step.measured !== undefined && step.measured !== null),
            })}
          </caption>
          <thead>
            <tr className="text-left text-xs text-muted">
              <th className="font-medium">{t("request.tokens")}</th>
              <th className="text-right font-medium">{t("request.predicted")}</th>
              <th className="text-right font-medium">{t("request.measured")}</th>
              <th className="text-right font-medium">{t("request.difference")}</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map((row) => (
              <tr key={row.label}>
                <td>{t("request.row", { row: row.label })}</td>
                <td className="text-right">{formatTokens(row.predicted)}</td>
                <td className="text-right">{row.measured === null ? "—" : formatTokens(row.measured)}</td>
                <td className="text-right">{row.difference === null ? "—" : signed(row.difference)}</td>
              </tr>
            ))}
            <tr>
              <td>{t("request.cost")}</td>
              <td className="text-right">{money.format(step.costUsd)}</td>
              <td className="text-right">{step.measuredCostUsd === null ? "—" : money.format(step.measuredCostUsd)}</td>
              <td className="text-right">
                {step.lostUsd > 0 ? t("request.lost", { lost: money.format(step.lostUsd) }) : ""}
              </td>
            </tr>
          </tbody>
        </table>
      </div>

      <div className="h-[240px]" data-testid="trace-prefix-bar">
        {detail ? (
          <CachePrefixBar
            segments={detail.segments}
            statuses={detail.segmentStatus}
            divergence={step.divergence}
            billed={step.tokens}
          />
        ) : null}
      </div>

      <div>
        <div role="tablist" aria-label={t("request.tabs")} className="mb-2 flex gap-1">
          {(["request", "diff"] as const).map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              data-testid={`trace-tab-${id}`}
              className={`rounded-md px-3 py-1 text-sm font-medium ${tab === id ? "bg-accent-soft text-accent" : "text-muted hover:text-ink"}`}
              onClick={() => setTab(id)}
            >
              {t("request.tab", { tab: id })}
            </button>
          ))}
        </div>
        <div className="h-[360px]" role="tabpanel">
          {detail && tab === "request" ? (
            <RequestPanel detail={detail} theme={theme} showResponse modelScope="trace" />
          ) : null}
          {detail && tab === "diff" ? (
            <RequestDiff
              original={detail.previousRequestJson}
              modified={detail.requestJson}
              theme={theme}
              modelScope="trace"
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function signed(value: number): string {
  return value === 0 ? "0" : `${value > 0 ? "+" : "−"}${formatTokens(Math.abs(value))}`;
}
