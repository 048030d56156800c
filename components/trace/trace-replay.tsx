import { useLocale, useTranslations } from "use-intl";
import { currencyOf } from "@/lib/view/money";
import type { ProviderId } from "@/lib/core/ids";
import { useMoney } from "@/components/ui/money";
import type { Locale } from "@/lib/i18n/locales";
import { Button } from "@/components/ui/button";
import { replaySentence } from "@/lib/trace/replay-sentence";
import type { TraceView } from "@/lib/trace/trace-view";
import { strategyTitleIn } from "@/lib/view/strategy-info";

export type TraceReplayProps = { view: TraceView; onOpenReplay(): void };

/** The same conversation under every strategy, and the way to open it in the playground. */
export function TraceReplay({ view, onOpenReplay }: TraceReplayProps) {
  const t = useTranslations("trace");
  const money = useMoney();
  const locale = useLocale() as Locale;
  const scenario = view.scenario;
  return (
    <section data-testid="trace-replay">
      <h3 className="mb-1 text-sm font-semibold">{t("replay.title")}</h3>
      <p className="mb-2 text-sm text-ink" data-testid="trace-replay-sentence">
        {replaySentence(view, locale, money)}
      </p>
      <p className="mb-2 text-xs text-muted">
        {t("replay.derived", { tools: scenario.catalog.tools.length, turns: scenario.turns.length })}
      </p>
      <table className="mb-3 w-full text-sm" data-testid="trace-replay-table">
        <tbody className="tabular-nums">
          {view.replay.map((run) => (
            <tr key={run.id} data-strategy={run.id}>
              <td>{strategyTitleIn(run.id, locale)}</td>
              <td className="text-right text-muted">{run.refused ? "" : t("requests", { count: run.requests })}</td>
              <td className="max-w-64 text-right">
                {run.refused ? (
                  <span className="text-xs text-muted">{run.refused}</span>
                ) : (
                  money.format(run.costUsd, { currency: currencyOf(run.provider as ProviderId, run.model) })
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        variant="primary"
        onClick={onOpenReplay}
        data-testid="trace-open-replay"
        disabled={scenario.turns.length === 0}
      >
        {t("replay.open")}
      </Button>
    </section>
  );
}
