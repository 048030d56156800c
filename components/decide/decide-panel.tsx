"use client";
import { MoneyProvider, useMoney } from "@/components/ui/money";
import { currencyOf } from "@/lib/view/money";
import { useDeferredValue, useMemo, useRef, useState } from "react";
import { useLatched, useNearScreen } from "@/components/ui/near-screen";
import { useLocale, useTranslations } from "use-intl";
import { Panel } from "@/components/ui/panel";
import type { Catalog } from "@/lib/core/catalog";
import { conversationShape, defaultDecideParameters } from "@/lib/decide/default-parameters";
import { openFactEffects } from "@/lib/decide/open-facts";
import { recommend } from "@/lib/decide/recommend";
import { schemaComplexity } from "@/lib/decide/schema-complexity";
import type { DecideParameters } from "@/lib/decide/types";
import type { Locale } from "@/lib/i18n/locales";
import { differentWinnerNote, explorerCheapest } from "@/lib/decide/winner-note";
import type { DesignReviewInput } from "@/lib/report/design-review";
import type { ScenarioSettings, ScenarioTurn } from "@/lib/scenario/types";
import type { StrategyId } from "@/lib/core/ids";
import { cheapestRuns } from "@/lib/view/compare";

import { providerLabel } from "@/lib/view/provider-labels";
import { strategyTitleIn } from "@/lib/view/strategy-info";
import type { RunSummary } from "@/lib/workbench/types";
import { BreakEvenExplorer } from "./break-even-explorer";
import { GoalsTriangle } from "./goals-triangle";
import { HeatMapView } from "./heat-map-view";
import { RecommendationCard } from "./recommendation-card";
import { ReportExportButton } from "./report-export-button";
import { useDecideComputation } from "./use-decide";
import { baselineStrategyId } from "@/lib/strategies";

/** The decide views' engine work starts within this distance of the screen (and stays started). */
const DECIDE_NEAR = "600px 0px";

export type DecidePanelProps = {
  /** The catalog the engine uses (the store's lastValidCatalog); a new object means a new catalog. */
  catalog: Catalog;
  settings: ScenarioSettings;
  /** The scenario's turns: the explorer starts from their distinct tools. */
  turns: readonly ScenarioTurn[];
  /** The compare table's runs (the store's RunSummary[]): the recommendation's figures and the report's table. */
  runs: readonly RunSummary[];
  scenarioTitle: string;
  selectedStrategyId?: StrategyId;
  onSelectStrategy?: (id: StrategyId) => void;
  /** Search quality measured in the search lab or by eval:search, when known. */
  searchRecall?: { value: number; k?: number; source?: string };
  /** A run is in progress: work for the panel's figures that can wait for its end waits, unless the panel is near. */
  running?: boolean;
};

/**
 * Explain and decide: the break-even explorer, the heat map, the three goals and the recommendation, wired to one
 * computation (worker + memoised closed form). The sliders' state lives here; remount with a `key` per scenario to
 * start again from a new scenario's values.
 */
export function DecidePanel({
  catalog,
  settings,
  turns,
  runs,
  scenarioTitle,
  selectedStrategyId,
  onSelectStrategy,
  searchRecall,
  running = false,
}: DecidePanelProps) {
  const t = useTranslations("decide");
  const locale = useLocale() as Locale;
  const [parameters, setParameters] = useState<DecideParameters>(() => defaultDecideParameters(settings, turns));
  const [severalProviders, setSeveralProviders] = useState(false);
  const [heatMapExclude, setHeatMapExclude] = useState<StrategyId[]>([]);
  // The engine work starts when the panel comes near the screen, so it never competes with the page's first run.
  const rootRef = useRef<HTMLDivElement>(null);
  const visible = useLatched(useNearScreen(rootRef, DECIDE_NEAR) === true);
  const computation = useDecideComputation({ catalog, settings, parameters, heatMapExclude, enabled: visible });
  const { result, heatMap, status, calibration } = computation;
  const toggleHeatMapStrategy = (id: StrategyId) =>
    setHeatMapExclude((previous) =>
      previous.includes(id) ? previous.filter((other) => other !== id) : [...previous, id],
    );
  // Read by the recommendation only, which waits for runs; while a run is in progress, also for the panel to come
  // near the screen: a new catalog's panel mounts while its run is in progress, and measuring 10,000 tools' schemas
  // there would take the page's thread from the run for ≈ 0.1 s.
  // Started in a render of its own (deferred): at a 10,000-tool run's end, measuring inside the render that puts the
  // finished runs on screen made that task ≈ 60 ms longer. Stopped at once: a deferred "stop" still pending when an
  // import's catalog arrives would measure the new catalog inside the render that takes it in.
  const wanted = runs.length > 0 && (visible || !running);
  const measure = useDeferredValue(wanted) && wanted;
  const schemas = useMemo(() => (measure ? schemaComplexity(catalog) : null), [catalog, measure]);

  const fullRun = runs.find((run) => run.id === baselineStrategyId() && !run.refused);
  const tokensPerTool =
    fullRun && catalog.tools.length > 0
      ? (fullRun.steps[0]?.tokens.toolDefinitions ?? 0) / catalog.tools.length
      : (result?.tokensPerTool ?? 0);
  const sameProvider = parameters.provider === settings.provider && parameters.model === settings.model;
  const recommendation = useMemo(
    () =>
      schemas === null
        ? null
        : recommend({
            toolCount: catalog.tools.length,
            tokensPerTool,
            provider: settings.provider,
            model: settings.model,
            settings,
            severalProviders,
            schemas,
            runs,
            searchRecall,
            breakEvenTurns:
              sameProvider && result
                ? Object.fromEntries(
                    result.lines.filter((line) => line.engine).map((line) => [line.id, line.breakEvenTurn.engine]),
                  )
                : undefined,
            locale,
          }),
    [
      locale,
      runs,
      catalog.tools.length,
      tokensPerTool,
      settings,
      severalProviders,
      schemas,
      searchRecall,
      sameProvider,
      result,
    ],
  );

  // Where a panel names another cheapest strategy than the conversation's, it says why (its session differs).
  const conversationCheapest = useMemo(
    () => cheapestRuns(runs, { provider: settings.provider, model: settings.model }).map((run) => run.id),
    [runs, settings.provider, settings.model],
  );
  const conversation = useMemo(() => conversationShape(settings, turns), [settings, turns]);
  const session = {
    turns: result?.parameters.turns ?? parameters.turns,
    toolsUsed: result?.parameters.toolsUsed ?? parameters.toolsUsed,
    minutesBetweenTurns: parameters.minutesBetweenTurns,
    provider: parameters.provider,
    model: parameters.model,
  };
  const explorerNote =
    result && status.phase === "ready"
      ? differentWinnerNote({
          where: t("panel.whereSession", { turns: session.turns }),
          winner: explorerCheapest(result),
          conversationCheapest,
          session,
          conversation,
          locale,
        })
      : null;
  const simulatedCell = heatMap?.cells.flat().find((cell) => cell.source === "simulated");
  const heatMapNote =
    simulatedCell && status.phase === "ready"
      ? differentWinnerNote({
          where: t("panel.whereCell", { turns: simulatedCell.turns }),
          winner: simulatedCell.cheapest,
          conversationCheapest,
          session: { ...session, turns: simulatedCell.turns },
          conversation,
          locale,
        })
      : null;

  const reportInput = (): DesignReviewInput => ({
    title: scenarioTitle,
    runs,
    toolCount: catalog.tools.length,
    turnCount: turns.length,
    provider: settings.provider,
    model: settings.model,
    breakEven: status.phase === "ready" ? result : null,
    recommendation,
  });

  // The recommendation is about the scenario's model; the explorer and the heat map about the one chosen there.
  const rate = settings.usdPerCny;
  const scenarioCurrency = currencyOf(settings.provider, settings.model);
  const explorerCurrency = currencyOf(parameters.provider, parameters.model);
  return (
    <div ref={rootRef} className="flex flex-col gap-5" data-testid="decide-panel">
      <MoneyProvider currency={scenarioCurrency} usdPerCny={rate}>
        <Panel
          title={t("panel.recommendationTitle")}
          subtitle={t("panel.recommendationSubtitle", {
            provider: providerLabel(settings.provider, locale),
            model: settings.model,
          })}
          testId="decide-recommendation"
        >
          <CheapestStatement runs={runs} settings={settings} recommended={recommendation?.strategy ?? null} />
          {recommendation ? (
            <RecommendationCard
              recommendation={recommendation}
              severalProviders={severalProviders}
              onSeveralProvidersChange={setSeveralProviders}
              onShowStrategy={onSelectStrategy}
            />
          ) : (
            <p className="text-sm text-muted">{t("panel.waitingForRun")}</p>
          )}
          <OpenFacts runs={runs} settings={settings} />
        </Panel>
      </MoneyProvider>
      <MoneyProvider currency={explorerCurrency} usdPerCny={rate}>
        <Panel
          title={t("panel.breakEvenTitle")}
          subtitle={t("panel.breakEvenSubtitle")}
          testId="decide-break-even"
          actions={<ReportExportButton reportInput={reportInput} disabled={runs.length === 0} />}
        >
          <BreakEvenExplorer
            parameters={parameters}
            onParametersChange={(patch) => setParameters((previous) => ({ ...previous, ...patch }))}
            result={result}
            status={status}
            toolCount={catalog.tools.length}
          />
          {explorerNote ? (
            <p className="mt-3 text-sm text-ink-soft" data-testid="break-even-winner-note">
              {explorerNote}
            </p>
          ) : null}
        </Panel>
        <div className="grid grid-cols-1 gap-5 2xl:grid-cols-2">
          <Panel
            title={t("panel.heatMapTitle")}
            subtitle={t("panel.heatMapSubtitle", {
              provider: providerLabel(parameters.provider, locale),
              model: parameters.model,
            })}
            testId="decide-heat-map"
          >
            {heatMap && heatMap.cells.length > 0 ? (
              <HeatMapView
                heatMap={heatMap}
                currentToolCount={catalog.tools.length}
                currentTurns={parameters.turns}
                providerLabel={providerLabel(parameters.provider, locale)}
                available={calibration?.profiles.map((profile) => profile.id) ?? []}
                excluded={heatMapExclude}
                onToggle={toggleHeatMapStrategy}
              />
            ) : (
              <p className="text-sm text-muted">{t("panel.waitingForCatalog")}</p>
            )}
            {heatMapNote ? (
              <p className="mt-3 text-sm text-ink-soft" data-testid="heat-map-winner-note">
                {heatMapNote}
              </p>
            ) : null}
          </Panel>
          <Panel title={t("panel.goalsTitle")} subtitle={t("panel.goalsSubtitle")} testId="decide-goals">
            <GoalsTriangle settings={settings} selectedId={selectedStrategyId} onSelect={onSelectStrategy} />
          </Panel>
        </div>
      </MoneyProvider>
    </div>
  );
}

/**
 * The one answer to "which is cheapest?" that every decide panel shares: among the runs on the scenario's own
 * provider and model (a run moved elsewhere pays other prices), said before the recommendation, with whether the
 * recommendation is that strategy and why not when it is not.
 */
function CheapestStatement({
  runs,
  settings,
  recommended,
}: {
  runs: readonly RunSummary[];
  settings: ScenarioSettings;
  recommended: StrategyId | null;
}) {
  const t = useTranslations("decide");
  const money = useMoney();
  const locale = useLocale() as Locale;
  const on = { provider: settings.provider, model: settings.model };
  const cheapest = cheapestRuns(runs, on);
  const movedCount = runs.filter(
    (run) => !run.refused && (run.provider !== on.provider || run.model !== on.model),
  ).length;
  if (cheapest.length === 0) return null;
  const names = cheapest.map((run) => strategyTitleIn(run.id, locale)).join(t("panel.and"));
  const recommendedIsCheapest = recommended !== null && cheapest.some((run) => run.id === recommended);
  return (
    <p className="mb-3 text-sm text-ink" data-testid="decide-cheapest" data-strategy={cheapest[0].id}>
      <strong>{t("cheapest.label")}</strong>{" "}
      {t("cheapest.sentence", {
        names,
        cost: money.format(cheapest[0].totals.costUsd),
        provider: providerLabel(on.provider, locale),
        model: settings.model,
        moved: movedCount,
      })}{" "}
      {recommended === null
        ? ""
        : recommendedIsCheapest
          ? t("cheapest.recommendedIsCheapest")
          : t("cheapest.recommendedIsNot", { strategy: strategyTitleIn(recommended, locale) })}
    </p>
  );
}

/**
 * Facts no source settles, with what this conversation would cost under the other reading (lib/decide/open-facts:
 * computed from the runs' own steps). The simulation keeps the stated assumption.
 */
function OpenFacts({ runs, settings }: { runs: readonly RunSummary[]; settings: ScenarioSettings }) {
  const t = useTranslations("decide");
  const locale = useLocale() as Locale;
  const effects = useMemo(
    () =>
      openFactEffects(runs, {
        provider: settings.provider,
        model: settings.model,
        searchExecution: settings.searchExecution,
        locale,
      }),
    [runs, settings.provider, settings.model, settings.searchExecution, locale],
  );
  if (effects.length === 0) return null;
  return (
    <details className="mt-3 text-sm" data-testid="open-facts">
      <summary className="cursor-pointer text-ink-soft">{t("openFacts.summary", { count: effects.length })}</summary>
      <ul className="mt-2 flex flex-col gap-2">
        {effects.map((effect) => (
          <li
            key={`${effect.id}-${effect.strategy}`}
            data-testid="open-fact"
            data-fact={effect.id}
            data-extra-usd={effect.extraUsd}
          >
            <span className="text-ink">{effect.sentence}</span>{" "}
            <span className="text-xs text-muted">
              {t("openFacts.assumed", { assumed: effect.assumed, source: effect.source })}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
