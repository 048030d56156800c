import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { Term } from "@/components/ui/term";
import type { BreakEvenResult } from "@/lib/decide/break-even";
import { lineFailure } from "@/lib/decide/limits";
import { formatPercent, usdColumnDecimals } from "@/lib/view/format";
import { strategyTitleIn } from "@/lib/view/strategy-info";
import { useMoney } from "@/components/ui/money";
import { FAILS_COLOR, FAILS_PATTERN, STRATEGY_STYLES } from "@/lib/view/strategy-colors";
import { baselineStrategyId } from "@/lib/strategies";

export type BreakEvenTableProps = { result: BreakEvenResult };

/**
 * Engine and closed form side by side for each strategy: cost after the last turn, how far apart they are (against
 * the stated tolerance), and the turn from which the strategy is cheaper than loading everything. The break-even
 * turns carry `data-testid="break-even-point"` with the turn number as their text.
 */
export function BreakEvenTable({ result }: BreakEvenTableProps) {
  const t = useTranslations("decide");
  const money = useMoney();
  const locale = useLocale() as Locale;
  const last = result.parameters.turns - 1;
  const decimals = usdColumnDecimals(
    result.lines.flatMap((line) => [
      line.closedForm.cumulativeCostUsd[last] ?? 0,
      line.engine?.cumulativeCostUsd[last] ?? 0,
    ]),
  );
  const headerBase = "px-2 py-1.5 text-xs font-semibold text-muted";
  const header = `${headerBase} text-right`;
  return (
    // Five columns do not fit a phone: the table scrolls inside its own box instead of widening the page (a page
    // wider than the screen makes a phone zoom out and slide sideways).
    <div className="overflow-x-auto" data-testid="break-even-table-scroller">
      <table className="w-full border-collapse text-sm" data-testid="break-even-table">
        <caption className="sr-only">{t.rich("table.caption", { term: () => <Term id="closed-form" /> })}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={`${headerBase} text-left`}>
              {t("table.strategy")}
            </th>
            <th scope="col" className={header} title={t("table.simulatedTitle")}>
              {t("table.simulated")}
            </th>
            <th scope="col" className={header}>
              <Term id="closed-form">{t("table.estimate")}</Term>
            </th>
            <th
              scope="col"
              className={header}
              title={t("table.gapTitle", { tolerance: formatPercent(result.tolerance) })}
            >
              {t("table.gap")}
            </th>
            <th scope="col" className={header}>
              {t("table.cheaperFrom")}
            </th>
          </tr>
        </thead>
        <tbody>
          {result.lines.map((line) => {
            const failure = lineFailure(line);
            const engineFails = line.fails.engine;
            const closedFails = line.fails.closedForm;
            const engineCost = line.engine?.cumulativeCostUsd[last];
            const closedCost = line.closedForm.cumulativeCostUsd[last];
            // A refused run has no cost to compare: its gap is not a measure of the estimate.
            const outside = !failure && line.maxDeviation !== null && line.maxDeviation > result.tolerance;
            return (
              <tr
                key={line.id}
                className="border-b border-line last:border-b-0"
                data-testid="break-even-row"
                data-strategy={line.id}
              >
                <th scope="row" className="px-2 py-1.5 text-left font-normal">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden
                      className="inline-block h-2.5 w-2.5 shrink-0 rounded-full"
                      style={{ background: STRATEGY_STYLES[line.id].color }}
                    />
                    <span className="font-medium text-ink">{strategyTitleIn(line.id, locale)}</span>
                  </span>
                  {line.secondLane ? (
                    <span
                      className="block text-xs text-muted"
                      data-testid="break-even-second-lane"
                      title={t("secondLane.title")}
                    >
                      {t.rich("secondLane.requests", {
                        lane: line.secondLane.name,
                        model: line.secondLane.model,
                        code: (chunks) => <code>{chunks}</code>,
                      })}
                    </span>
                  ) : null}
                </th>
                <td
                  className="tabular px-2 text-right"
                  data-testid="break-even-engine-cost"
                  data-value={engineFails ? "" : (engineCost ?? "")}
                  data-fails={engineFails ? engineFails.atTurn : undefined}
                >
                  {engineFails ? (
                    <FailsBadge
                      text={t("table.failsAtTurn", { turn: engineFails.atTurn })}
                      title={t("table.refusedTitle", {
                        request: engineFails.atRequest,
                        status: String(engineFails.status),
                        reason: engineFails.reason,
                      })}
                    />
                  ) : engineCost === undefined ? (
                    <span className="text-muted">{t("table.running")}</span>
                  ) : (
                    money.format(engineCost, { decimals })
                  )}
                </td>
                <td
                  className="tabular px-2 text-right"
                  data-testid="break-even-closed-cost"
                  data-value={closedFails ? "" : closedCost}
                  data-fails={closedFails ? closedFails.turn : undefined}
                >
                  {closedFails ? (
                    <FailsBadge
                      text={t("table.failsAtTurnEstimate", { turn: closedFails.turn })}
                      title={t("table.estimatedTitle", { reason: closedFails.reason })}
                    />
                  ) : (
                    <span title={t("table.estimateCellTitle")}>~{money.format(closedCost, { decimals })}</span>
                  )}
                </td>
                <td
                  className={`tabular px-2 text-right ${outside ? "font-semibold text-danger" : "text-ink-soft"}`}
                  data-testid="break-even-gap"
                  data-value={failure ? "" : (line.maxDeviation ?? "")}
                  data-outside={outside}
                >
                  {failure || line.maxDeviation === null ? "—" : formatPercent(line.maxDeviation)}
                </td>
                <td className="px-2 text-right">
                  {failure ? (
                    <span className="text-muted">{t("table.never")}</span>
                  ) : line.id === baselineStrategyId() ? (
                    <span className="text-muted">{t("table.baseline")}</span>
                  ) : (
                    <span className="inline-flex items-baseline gap-2">
                      <TurnBadge
                        turn={line.engine ? line.breakEvenTurn.engine : null}
                        source="engine"
                        id={line.id}
                        pending={!line.engine}
                        turns={result.parameters.turns}
                      />
                      <span className="text-xs text-muted" title={t("table.estimatedByFormula")}>
                        ({t("table.estimateLabel")}{" "}
                        <TurnBadge
                          turn={line.breakEvenTurn.closedForm}
                          source="closed-form"
                          id={line.id}
                          turns={result.parameters.turns}
                        />
                        )
                      </span>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function TurnBadge({
  turn,
  source,
  id,
  pending = false,
  turns,
}: {
  turn: number | null;
  /** The session's last turn: "not by turn 4" is all a session of 4 turns can say, not "never". */
  turns: number;
  source: "engine" | "closed-form";
  id: string;
  pending?: boolean;
}) {
  const t = useTranslations("decide");
  if (pending) return <span className="text-muted">…</span>;
  if (turn === null) {
    return (
      <span
        className={source === "engine" ? "font-semibold text-ink-soft" : ""}
        title={t("table.notByTurnTitle", { turns })}
        data-testid="break-even-none"
        data-strategy={id}
        data-source={source}
      >
        {t("table.notByTurn", { turns })}
      </span>
    );
  }
  return (
    <span
      className={`tabular ${source === "engine" ? "font-semibold text-ink" : ""}`}
      data-testid="break-even-point"
      data-strategy={id}
      data-source={source}
    >
      {turn}
    </span>
  );
}

function FailsBadge({ text, title }: { text: string; title: string }) {
  return (
    <span
      className="rounded px-1.5 py-0.5 text-xs font-semibold text-white"
      style={{ background: FAILS_COLOR, backgroundImage: FAILS_PATTERN }}
      title={title}
      data-testid="break-even-fails"
    >
      {text}
    </span>
  );
}
