import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { HeatMap } from "@/lib/decide/heat-map";
import type { StrategyId } from "@/lib/core/ids";
import { formatTokens, formatTokensCompact } from "@/lib/view/format";
import { strategyShortTitleIn, strategyTitleIn } from "@/lib/view/strategy-info";
import { useMoney } from "@/components/ui/money";
import { FAILS_BOUNDARY_COLOR, FAILS_COLOR, FAILS_PATTERN, STRATEGY_STYLES } from "@/lib/view/strategy-colors";

export type HeatMapViewProps = {
  heatMap: HeatMap;
  /** The current catalog's size and the explorer's turns, outlined on the grid. */
  currentToolCount?: number;
  currentTurns?: number;
  providerLabel: string;
  /** Every strategy the provider can run, for the legend's toggles. */
  available: readonly StrategyId[];
  excluded: readonly StrategyId[];
  onToggle: (id: StrategyId) => void;
};

/** Whether a cell's figures are the quick formula's estimate or this catalog's simulated run, in words. */
function sourceWords(
  cell: HeatMap["cells"][number][number],
  t: ReturnType<typeof useTranslations<"decide">>,
  locale: Locale,
): string {
  if (cell.source === "estimate") return t("heatMap.sourceEstimate");
  const estimate = cell.estimateCheapest;
  const agrees = estimate === cell.cheapest;
  if (estimate === undefined || agrees) return t("heatMap.sourceSimulated");
  return t("heatMap.sourceSimulatedDisagrees", {
    estimate: estimate === "fails" ? t("heatMap.noStrategy") : strategyTitleIn(estimate, locale),
  });
}

/** Below this margin the runner-up is practically as cheap: the cell says so instead of pretending to a winner. */
const NEAR_TIE = 0.05;

function nearest(values: readonly number[], target: number | undefined): number | null {
  if (target === undefined || values.length === 0) return null;
  return values.reduce(
    (best, value) => (Math.abs(Math.log(value / target)) < Math.abs(Math.log(best / target)) ? value : best),
    values[0],
  );
}

/**
 * The cheapest strategy for every catalog size and session length on one provider, by the closed form. Rows are
 * turns (longest at the top), columns tool counts; a cell's colour is its winner's, a hatched cell a near tie.
 */
export function HeatMapView({
  heatMap,
  currentToolCount,
  currentTurns,
  providerLabel,
  available,
  excluded,
  onToggle,
}: HeatMapViewProps) {
  const t = useTranslations("decide");
  const money = useMoney();
  const locale = useLocale() as Locale;
  const toolColumn = nearest(heatMap.toolCounts, currentToolCount);
  const turnRow = nearest(heatMap.turnCounts, currentTurns);
  const rows = heatMap.cells
    .map((row, index) => ({ turns: heatMap.turnCounts[index], row, fullFailsFrom: heatMap.fullFailsFrom[index] }))
    .reverse();
  const fullFails = heatMap.fullFailsFrom.some((index) => index !== null);
  return (
    <figure className="m-0 flex flex-col gap-3" data-testid="heat-map" data-tour="heat-map">
      <table className="w-full table-fixed border-separate border-spacing-0.5 text-xs">
        <caption className="sr-only">{t("heatMap.caption", { provider: providerLabel })}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-14 text-right font-semibold text-muted">
              {t("heatMap.axes")}
            </th>
            {heatMap.toolCounts.map((count) => (
              <th
                key={count}
                scope="col"
                // Smaller on a phone, where a column is about 22 px wide: "100" and "200" at 12 px ran into each other.
                className={`tabular pb-1 text-center text-[10px] font-semibold tracking-tighter sm:text-xs sm:tracking-normal ${count === toolColumn ? "text-accent" : "text-muted"}`}
                data-testid="heat-map-column"
              >
                {formatTokensCompact(count)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ turns, row, fullFailsFrom }) => (
            <tr key={turns}>
              <th
                scope="row"
                className={`tabular pr-1 text-right font-semibold ${turns === turnRow ? "text-accent" : "text-muted"}`}
              >
                {turns}
              </th>
              {row.map((cell, column) => {
                const fails = cell.cheapest === "fails";
                const tie = !fails && cell.margin < NEAR_TIE;
                const boundary = column === fullFailsFrom;
                const refused = Object.entries(cell.failing)
                  .map(([id, failure]) =>
                    t("heatMap.strategyFails", {
                      strategy: strategyTitleIn(id as StrategyId, locale),
                      reason: failure?.reason ?? "",
                    }),
                  )
                  .join("\n");
                const winner =
                  cell.cheapest === "fails"
                    ? t("heatMap.everyStrategyFails")
                    : t("heatMap.cheapest", { strategy: strategyTitleIn(cell.cheapest, locale) });
                const current = cell.toolCount === toolColumn && cell.turns === turnRow;
                const costs = Object.entries(cell.costs)
                  .filter(([id]) => !cell.failing[id as StrategyId])
                  .sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0))
                  .map(
                    ([id, cost]) =>
                      `${strategyTitleIn(id as StrategyId, locale)} ${cell.source === "estimate" ? "~" : ""}${money.format(cost ?? 0)}`,
                  )
                  .join("\n");
                return (
                  <td
                    key={cell.toolCount}
                    className={`h-7 rounded-sm text-center align-middle ${current ? "outline-2 outline-offset-1 outline-ink" : ""}`}
                    style={{
                      background: fails ? FAILS_COLOR : STRATEGY_STYLES[cell.cheapest as StrategyId].color,
                      backgroundImage: fails
                        ? FAILS_PATTERN
                        : tie
                          ? "repeating-linear-gradient(45deg, transparent 0 4px, rgba(255,255,255,0.45) 4px 7px)"
                          : undefined,
                      boxShadow: boundary
                        ? `inset 3px 0 0 ${FAILS_BOUNDARY_COLOR}, -2px 0 0 ${FAILS_BOUNDARY_COLOR}`
                        : undefined,
                    }}
                    title={`${t("heatMap.cellTitle", {
                      tools: formatTokens(cell.toolCount),
                      turns: cell.turns,
                      current: String(current),
                      source: sourceWords(cell, t, locale),
                      winner,
                      tie: String(tie),
                    })}\n${costs}${refused ? `\n${refused}` : ""}`}
                    data-source={cell.source}
                    data-testid="heat-map-cell"
                    data-strategy={cell.cheapest}
                    data-full-fails={cell.failing.full !== undefined}
                    data-boundary={boundary}
                    data-tools={cell.toolCount}
                    data-turns={cell.turns}
                    data-near-tie={tie}
                    data-current={current}
                  >
                    <span className="sr-only">
                      {fails ? t("heatMap.everyStrategyFails") : strategyTitleIn(cell.cheapest as StrategyId, locale)}
                      {tie ? t("heatMap.srNearTie") : ""}
                      {!fails && cell.failing.full ? t("heatMap.srFullFails") : ""}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="flex flex-col gap-2 text-sm text-ink-soft">
        <span className="text-xs text-muted">{t("heatMap.compared")}</span>
        <span className="flex flex-wrap gap-1.5" data-testid="heat-map-legend">
          {available.map((id) => {
            const included = !excluded.includes(id);
            const wins = heatMap.winners.includes(id);
            return (
              <button
                key={id}
                type="button"
                aria-pressed={included}
                onClick={() => onToggle(id)}
                disabled={included && available.length - excluded.length <= 1}
                title={
                  wins
                    ? t("heatMap.toggleWins", { strategy: strategyTitleIn(id, locale) })
                    : strategyTitleIn(id, locale)
                }
                className={`inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 ${included ? "border-line-strong text-ink" : "border-line text-muted line-through"} ${wins ? "font-semibold" : ""}`}
                data-testid="heat-map-toggle"
                data-strategy={id}
                data-included={included}
              >
                <span
                  aria-hidden
                  className="inline-block h-3 w-3 rounded-sm"
                  style={{ background: STRATEGY_STYLES[id].color, opacity: included ? 1 : 0.35 }}
                />
                {strategyShortTitleIn(id, locale)}
              </button>
            );
          })}
          <span className="inline-flex items-center gap-1.5 px-2 text-muted">
            <span
              aria-hidden
              className="inline-block h-3 w-3 rounded-sm bg-muted"
              style={{
                backgroundImage: "repeating-linear-gradient(45deg, transparent 0 3px, rgba(255,255,255,0.6) 3px 5px)",
              }}
            />
            {t("heatMap.nearTieLegend")}
          </span>
          {fullFails ? (
            <span className="inline-flex items-center gap-1.5 px-2 text-muted" data-testid="heat-map-boundary-legend">
              <span aria-hidden className="inline-block h-3 w-1" style={{ background: FAILS_BOUNDARY_COLOR }} />
              {t("heatMap.boundaryLegend", { provider: providerLabel })}
            </span>
          ) : null}
          {heatMap.anyCellFails ? (
            <span className="inline-flex items-center gap-1.5 px-2 text-muted">
              <span
                aria-hidden
                className="inline-block h-3 w-3 rounded-sm"
                style={{ background: FAILS_COLOR, backgroundImage: FAILS_PATTERN }}
              />
              {t("heatMap.failsLegend")}
            </span>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}
