import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { Recommendation } from "@/lib/decide/recommend";
import { formatPercent, formatTokens } from "@/lib/view/format";
import { strategyTitleIn } from "@/lib/view/strategy-info";
import { useMoney } from "@/components/ui/money";
import { STRATEGY_STYLES } from "@/lib/view/strategy-colors";

export type RecommendationCardProps = {
  recommendation: Recommendation;
  /** The one fact the page cannot measure: whether the agent has to run on several providers or backends. */
  severalProviders: boolean;
  onSeveralProvidersChange: (value: boolean) => void;
  onShowStrategy?: (id: Recommendation["strategy"]) => void;
};

/** Seed 001 §4.1's decision for the current scenario, stated with the measured figures. */
export function RecommendationCard({
  recommendation,
  severalProviders,
  onSeveralProvidersChange,
  onShowStrategy,
}: RecommendationCardProps) {
  const t = useTranslations("decide");
  const money = useMoney();
  const locale = useLocale() as Locale;
  const { figures } = recommendation;
  const tiles: Array<{ label: string; value: string; testId: string }> = [
    {
      label: t("card.tokensPerRequest"),
      value: figures.tokensPerRequest === null ? "—" : formatTokens(figures.tokensPerRequest),
      testId: "recommendation-tokens",
    },
    {
      label: t("card.cost"),
      value: figures.fails
        ? t("card.failsAtRequest", { request: figures.fails.atRequest })
        : figures.costUsd === null
          ? "—"
          : money.format(figures.costUsd),
      testId: "recommendation-cost",
    },
    {
      label: t("card.cacheHit"),
      value: figures.cacheHitRate === null ? "—" : formatPercent(figures.cacheHitRate),
      testId: "recommendation-hit",
    },
    {
      label: t("card.vsFull"),
      value:
        figures.savingVsFull === null
          ? figures.fullFails
            ? t("card.fullFailsAtRequest", { request: figures.fullFails.atRequest })
            : "—"
          : figures.savingVsFull >= 0
            ? `−${formatPercent(figures.savingVsFull)}`
            : `+${formatPercent(-figures.savingVsFull)}`,
      testId: "recommendation-saving",
    },
    ...(figures.searchRecall !== null
      ? [{ label: t("card.searchRecall"), value: formatPercent(figures.searchRecall), testId: "recommendation-recall" }]
      : []),
  ];
  return (
    <article
      className="flex flex-col gap-3"
      data-testid="recommendation"
      data-strategy={recommendation.strategy}
      data-rule={recommendation.rule}
      data-tour="recommendation"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-accent">
          <span
            aria-hidden
            className="inline-block h-3 w-3 rounded-full"
            style={{ background: STRATEGY_STYLES[recommendation.strategy].color }}
          />
          {strategyTitleIn(recommendation.strategy, locale)}
        </span>
        <span className="text-xs uppercase tracking-wide text-muted">
          {t("card.rule", { rule: recommendation.rule.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) })}
        </span>
        {onShowStrategy ? (
          <button
            type="button"
            className="ml-auto rounded-lg px-2.5 py-1 text-sm font-medium text-accent hover:bg-accent-soft"
            onClick={() => onShowStrategy(recommendation.strategy)}
            data-testid="recommendation-show"
          >
            {t("card.show")}
          </button>
        ) : null}
      </div>
      <p className="text-base font-semibold text-ink" data-testid="recommendation-headline">
        {recommendation.headline}
      </p>
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(130px,1fr))] gap-2">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-lg border border-line px-3 py-2">
            <dt className="text-xs text-muted">{tile.label}</dt>
            <dd className="tabular text-lg font-semibold text-ink" data-testid={tile.testId}>
              {tile.value}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink-soft" data-testid="recommendation-reasons">
        {recommendation.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {recommendation.alternatives.length > 0 ? (
        <p className="text-sm text-muted">
          {t("card.alternatives", {
            names: recommendation.alternatives.map((id) => strategyTitleIn(id, locale)).join(t("card.listSeparator")),
          })}
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          checked={severalProviders}
          onChange={(event) => onSeveralProvidersChange(event.target.checked)}
          data-testid="recommendation-several-providers"
        />
        {t("card.severalProviders")}
      </label>
    </article>
  );
}
