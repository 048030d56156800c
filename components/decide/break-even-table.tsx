import { Term } from "@/components/ui/term";
import type { BreakEvenResult } from "@/lib/decide/break-even";
import { formatPercent, formatUsd, usdColumnDecimals } from "@/lib/view/format";
import { strategyTitle } from "@/lib/view/strategy-info";
import { STRATEGY_STYLES } from "@/lib/view/strategy-colors";
import { baselineStrategyId } from "@/lib/strategies";

export type BreakEvenTableProps = { result: BreakEvenResult };

/**
 * Engine and closed form side by side for each strategy: cost after the last turn, how far apart they are (against
 * the stated tolerance), and the turn from which the strategy is cheaper than loading everything. The break-even
 * turns carry `data-testid="break-even-point"` with the turn number as their text.
 */
export function BreakEvenTable({ result }: BreakEvenTableProps) {
  const last = result.parameters.turns - 1;
  const decimals = usdColumnDecimals(
    result.lines.flatMap((line) => [
      line.closedForm.cumulativeCostUsd[last] ?? 0,
      line.engine?.cumulativeCostUsd[last] ?? 0,
    ]),
  );
  const header = "px-2 py-1.5 text-right text-xs font-semibold text-muted";
  return (
    <table className="w-full border-collapse text-sm" data-testid="break-even-table">
      <caption className="sr-only">
        Engine and <Term id="closed-form" /> for each strategy, and the turn from which it is cheaper than loading
        everything.
      </caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className={`${header} text-left`}>
            Strategy
          </th>
          <th scope="col" className={header}>
            Engine
          </th>
          <th scope="col" className={header}>
            Closed form
          </th>
          <th
            scope="col"
            className={header}
            title={`Largest gap over the turns; tolerance ${formatPercent(result.tolerance)}`}
          >
            Gap
          </th>
          <th scope="col" className={header}>
            Cheaper than Everything from turn
          </th>
        </tr>
      </thead>
      <tbody>
        {result.lines.map((line) => {
          const engineCost = line.engine?.cumulativeCostUsd[last];
          const closedCost = line.closedForm.cumulativeCostUsd[last];
          const outside = line.maxDeviation !== null && line.maxDeviation > result.tolerance;
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
                  <span className="font-medium text-ink">{strategyTitle(line.id)}</span>
                </span>
              </th>
              <td
                className="tabular px-2 text-right"
                data-testid="break-even-engine-cost"
                data-value={engineCost ?? ""}
              >
                {engineCost === undefined ? (
                  <span className="text-muted">running…</span>
                ) : (
                  formatUsd(engineCost, { decimals })
                )}
              </td>
              <td className="tabular px-2 text-right" data-testid="break-even-closed-cost" data-value={closedCost}>
                {formatUsd(closedCost, { decimals })}
              </td>
              <td
                className={`tabular px-2 text-right ${outside ? "font-semibold text-danger" : "text-ink-soft"}`}
                data-testid="break-even-gap"
                data-value={line.maxDeviation ?? ""}
                data-outside={outside}
              >
                {line.maxDeviation === null ? "—" : formatPercent(line.maxDeviation)}
              </td>
              <td className="px-2 text-right">
                {line.id === baselineStrategyId() ? (
                  <span className="text-muted">baseline</span>
                ) : (
                  <span className="inline-flex items-baseline gap-2">
                    <TurnBadge
                      turn={line.engine ? line.breakEvenTurn.engine : null}
                      source="engine"
                      id={line.id}
                      pending={!line.engine}
                    />
                    <span className="text-xs text-muted" title="closed form">
                      (closed form: <TurnBadge turn={line.breakEvenTurn.closedForm} source="closed-form" id={line.id} />
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
  );
}

function TurnBadge({
  turn,
  source,
  id,
  pending = false,
}: {
  turn: number | null;
  source: "engine" | "closed-form";
  id: string;
  pending?: boolean;
}) {
  if (pending) return <span className="text-muted">…</span>;
  if (turn === null) {
    return (
      <span
        className={source === "engine" ? "font-semibold text-ink-soft" : ""}
        title="Not cheaper than loading everything by the last turn"
        data-testid="break-even-none"
        data-strategy={id}
        data-source={source}
      >
        never
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
