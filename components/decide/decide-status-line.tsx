import { useTranslations } from "use-intl";
import type { BreakEvenResult } from "@/lib/decide/break-even";
import { formatPercent, formatTokens } from "@/lib/view/format";
import type { DecideStatus } from "./use-decide";

export type DecideStatusLineProps = { status: DecideStatus; result: BreakEvenResult | null };

/** What the explorer is doing and what it priced: the catalog, the sampled tools and the search's first-try recall. */
export function DecideStatusLine({ status, result }: DecideStatusLineProps) {
  const t = useTranslations("decide");
  const text =
    status.phase === "empty"
      ? t("status.empty")
      : status.phase === "calibrating"
        ? t("status.calibrating")
        : status.phase === "running"
          ? t("status.running", { completed: status.completed, total: status.total })
          : status.phase === "ready"
            ? t("status.ready", { ms: Math.round(status.engineMs) })
            : t("status.error", { message: status.message });
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
          {t("status.measured", {
            tools: formatTokens(result.toolCount),
            tokens: formatTokens(result.tokensPerTool),
          })}{" "}
          ·{" "}
          {t("status.sessionUses", {
            count: result.sessionToolNames.length,
            names: result.sessionToolNames.join(", "),
          })}
          {result.search.tried > 0
            ? ` · ${t("status.searchFound", { share: formatPercent(result.search.found / result.search.tried) })}`
            : ""}
        </span>
      ) : null}
    </p>
  );
}
