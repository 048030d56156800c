import type { BreakEvenResult } from "@/lib/decide/break-even";
import { formatPercent, formatTokens } from "@/lib/view/format";
import type { DecideStatus } from "./use-decide";

export type DecideStatusLineProps = { status: DecideStatus; result: BreakEvenResult | null };

/** What the explorer is doing and what it priced: the catalog, the sampled tools and the search's first-try recall. */
export function DecideStatusLine({ status, result }: DecideStatusLineProps) {
  const text =
    status.phase === "empty"
      ? "The catalog is empty: add tools to price a session."
      : status.phase === "calibrating"
        ? "Measuring the catalog with the engine…"
        : status.phase === "running"
          ? `Estimate shown; simulation running (${status.completed}/${status.total} strategies)…`
          : status.phase === "ready"
            ? `Simulated and estimated for every strategy (simulation ${Math.round(status.engineMs)} ms).`
            : `Error: ${status.message}`;
  return (
    <p
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-soft"
      data-testid="decide-status"
      data-state={status.phase}
      role="status"
      aria-live="polite"
    >
      <span className={status.phase === "error" ? "font-semibold text-danger" : ""}>{text}</span>
      {result ? (
        <span className="text-muted">
          {formatTokens(result.toolCount)} tools, {formatTokens(result.tokensPerTool)} tokens per definition (engine,
          first request of Everything) · session uses{" "}
          {result.sessionToolNames.length === 0 ? "no tools" : result.sessionToolNames.join(", ")}
          {result.search.tried > 0
            ? ` · client search found ${formatPercent(result.search.found / result.search.tried)} of sampled tools on the first try`
            : ""}
        </span>
      ) : null}
    </p>
  );
}
