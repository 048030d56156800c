import type { TraceView } from "@/lib/trace/trace-view";
import { formatPercent, formatTokens, formatUsd } from "@/lib/view/format";

export type TraceSummaryProps = { view: TraceView };

/** Money lost to misses by cause, and the figures seed 001 says to measure before choosing, with the rule's advice. */
export function TraceSummary({ view }: TraceSummaryProps) {
  const { figures } = view;
  const misses = view.losses.filter((loss) => loss.cause !== "cold-start");
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="trace-summary">
      <section>
        <h3 className="mb-1 text-sm font-semibold">Money lost to cache misses, by cause</h3>
        <p className="mb-2 text-xs text-muted">
          What each miss paid beyond reading what the request before it left in the cache, {view.modelLabel} prices.
        </p>
        {misses.length === 0 ? (
          <p className="text-sm text-ink-soft" data-testid="trace-no-misses">
            No request missed the cache after the first.
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="trace-losses">
            <tbody className="tabular-nums">
              {misses.map((loss) => (
                <tr key={loss.cause} data-cause={loss.cause}>
                  <td>{loss.label}</td>
                  <td className="text-right text-muted">
                    {loss.requests} {loss.requests === 1 ? "request" : "requests"}
                  </td>
                  <td className="text-right font-medium">{formatUsd(loss.lostUsd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section data-testid="trace-figures-seed">
        <h3 className="mb-1 text-sm font-semibold">Measure before choosing</h3>
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm tabular-nums">
          <dt>tools declared</dt>
          <dd className="text-right">{figures.toolCount}</dd>
          <dt>mean definition</dt>
          <dd className="text-right">{formatTokens(figures.meanDefinitionTokens)} tokens</dd>
          <dt>distinct tools used per session</dt>
          <dd className="text-right">
            {figures.distinctToolsUsedPerSession.toFixed(1)} ({figures.sessions}{" "}
            {figures.sessions === 1 ? "session" : "sessions"})
          </dd>
          <dt>hit rate by tokens</dt>
          <dd className="text-right">
            {formatPercent(figures.hitRateByTokens)}
            {figures.measuredHitRateByTokens !== null
              ? ` (measured ${formatPercent(figures.measuredHitRateByTokens)})`
              : ""}
          </dd>
          <dt>hit rate by requests</dt>
          <dd className="text-right">
            {formatPercent(figures.hitRateByRequests)}
            {figures.measuredHitRateByRequests !== null
              ? ` (measured ${formatPercent(figures.measuredHitRateByRequests)})`
              : ""}
          </dd>
        </dl>
        <p className="mt-2 text-sm" data-testid="trace-recommendation" data-strategy={view.recommendation.strategy}>
          <strong>Recommendation:</strong> {view.recommendation.headline}
        </p>
      </section>
    </div>
  );
}
