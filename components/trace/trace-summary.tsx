import { useTranslations } from "use-intl";
import { useMoney } from "@/components/ui/money";
import type { TraceView } from "@/lib/trace/trace-view";
import { formatPercent, formatTokens } from "@/lib/view/format";

/** ICU select keys cannot hold a hyphen: "cold-start" is selected as "coldStart". */
export const causeKey = (cause: string) => cause.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

export type TraceSummaryProps = { view: TraceView };

/** Money lost to misses by cause, and the figures seed 001 says to measure before choosing, with the rule's advice. */
export function TraceSummary({ view }: TraceSummaryProps) {
  const t = useTranslations("trace");
  const money = useMoney();
  const { figures } = view;
  const misses = view.losses.filter((loss) => loss.cause !== "cold-start");
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="trace-summary">
      <section>
        <h3 className="mb-1 text-sm font-semibold">{t("summary.lossesTitle")}</h3>
        <p className="mb-2 text-xs text-muted">{t("summary.lossesNote", { model: view.modelLabel })}</p>
        {misses.length === 0 ? (
          <p className="text-sm text-ink-soft" data-testid="trace-no-misses">
            {t("summary.noMisses")}
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="trace-losses">
            <tbody className="tabular-nums">
              {misses.map((loss) => (
                <tr key={loss.cause} data-cause={loss.cause}>
                  <td>{t("cause", { cause: causeKey(loss.cause) })}</td>
                  <td className="text-right text-muted">{t("requests", { count: loss.requests })}</td>
                  <td className="text-right font-medium">{money.format(loss.lostUsd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section data-testid="trace-figures-seed">
        <h3 className="mb-1 text-sm font-semibold">{t("summary.measureTitle")}</h3>
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm tabular-nums">
          <dt>{t("summary.toolsDeclared")}</dt>
          <dd className="text-right">{figures.toolCount}</dd>
          <dt>{t("summary.meanDefinition")}</dt>
          <dd className="text-right">{t("summary.tokens", { tokens: formatTokens(figures.meanDefinitionTokens) })}</dd>
          <dt>{t("summary.distinctTools")}</dt>
          <dd className="text-right">
            {t("summary.perSession", {
              mean: figures.distinctToolsUsedPerSession.toFixed(1),
              sessions: figures.sessions,
            })}
          </dd>
          <dt>{t("summary.hitByTokens")}</dt>
          <dd className="text-right">
            {formatPercent(figures.hitRateByTokens)}
            {figures.measuredHitRateByTokens !== null
              ? t("summary.measured", { value: formatPercent(figures.measuredHitRateByTokens) })
              : ""}
          </dd>
          <dt>{t("summary.hitByRequests")}</dt>
          <dd className="text-right">
            {formatPercent(figures.hitRateByRequests)}
            {figures.measuredHitRateByRequests !== null
              ? t("summary.measured", { value: formatPercent(figures.measuredHitRateByRequests) })
              : ""}
          </dd>
        </dl>
        <p className="mt-2 text-sm" data-testid="trace-recommendation" data-strategy={view.recommendation.strategy}>
          <strong>{t("summary.recommendation")}</strong> {view.recommendation.headline}
        </p>
      </section>
    </div>
  );
}
