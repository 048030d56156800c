"use client";
/**
 * The right-hand side: where the selected strategy's current request is shown and every strategy is compared.
 * It wires the presentational panels of components/run to the store; each panel sits in a frame of fixed height
 * so stepping never moves the layout.
 */
import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { CachePrefixBar } from "@/components/run/cache-prefix-bar";
import { CacheCreateRequest } from "@/components/run/cache-create-request";
import { useMoney } from "@/components/ui/money";
import { CompareTable } from "@/components/run/compare-table";
import { LearnCards } from "@/components/run/learn-cards";
import { StepDiff } from "@/components/run/step-diff";
import { RequestPanel } from "@/components/run/request-panel";
import { useRequestReveal } from "@/components/tour/request-reveal";
import { StepSummary } from "@/components/run/step-summary";
import { LazyEditor } from "@/components/ui/monaco-lazy";
import { useShallow } from "zustand/react/shallow";
import { useLocale, useTranslations } from "use-intl";
import { supportReasonText } from "@/lib/i18n/engine-notes";
import { runErrorText } from "@/lib/view/run-error-text";
import type { Locale } from "@/lib/i18n/locales";
import { strategyTitleIn } from "@/lib/view/strategy-info";
import { getModel } from "@/lib/models/model-table";
import { providerLabel } from "@/lib/view/provider-labels";
import { runsModelLine } from "@/lib/view/runs-model-line";
import { usePlayground, usePlaygroundController } from "@/state/playground-provider";
import {
  selectCatalogProblems,
  selectCurrentStep,
  selectLiveRun,
  selectSelectedRun,
  selectShowsPreviousScenario,
  selectStepIndex,
} from "@/state/selectors";
import type { RunTab } from "@/state/ui-slice";
import { browserWhenIdle, mountInSlices, quietThenIdle, type BelowFoldSlice } from "./below-fold";
import { useHeldWhile, useLatched, useNearScreen } from "@/components/ui/near-screen";
import { STRATEGY_IDS } from "@/lib/core/ids";
import { chartRunsAreEarlier, stepChartHolds, useChartRuns, useRunsOneTaskLater } from "./chart-runs";
import {
  ChartLoading,
  CumulativeCostChart,
  DecideLoading,
  DecidePanel,
  TokensPerStepChart,
  ToolShareChart,
  loadCumulativeCostChart,
  loadDecidePanel,
  loadTokensPerStepChart,
  loadToolShareChart,
} from "./lazy-panels";
import { LiveSection, RunModeToggle } from "./live-section";
import { PanelFrame } from "./panel-frame";
import { RunStatus } from "./run-status";
import { useSelectStrategyKeepingMoment } from "./same-moment";
import { PageIntro, SectionNav } from "./section-nav";
import { Stepper } from "./stepper";
import { useSlowRun } from "./use-slow-run";

// Stepping changes the step and then the detail; the panels that show neither (the cost and tool-share charts, the
// comparison, the decide views, the lessons) and the detail's panels while only the step moved keep their last
// render instead of rendering again with equal props. The charts and the decide views are the page's heaviest renders.
const MemoCachePrefixBar = memo(CachePrefixBar);
const MemoRequestPanel = memo(RequestPanel);
const MemoStepSummary = memo(StepSummary);
const MemoCompareTable = memo(CompareTable);
const MemoLearnCards = memo(LearnCards);
const MemoDecidePanel = memo(DecidePanel);
const MemoTokensPerStepChart = memo(TokensPerStepChart);
const MemoCumulativeCostChart = memo(CumulativeCostChart);
const MemoToolShareChart = memo(ToolShareChart);
const MemoPageIntro = memo(PageIntro);
const MemoSectionNav = memo(SectionNav);

/** Below-the-fold panels start mounting this long after the page at the latest, even when no run ends. */
const BELOW_FOLD_LATEST_MS = 30_000;
/** …or as soon as the person scrolls to within this distance of them. */
const BELOW_FOLD_NEAR = "400px";

/** The panels below the fold, in the order they mount: the tokens chart, the cost chart, the tool share, decide. */
const BELOW_FOLD_SLICES: readonly BelowFoldSlice[] = [
  { preload: loadTokensPerStepChart },
  { preload: loadCumulativeCostChart },
  { preload: loadToolShareChart },
  { preload: loadDecidePanel },
];

/**
 * How many of the panels below the fold (BELOW_FOLD_SLICES, in order) may be shown. They start once the worker's
 * first run on this page has ended (finished or failed; not the build-time figures, which are on screen before the
 * worker runs anything), or when the person scrolls near them: during start-up their code, their first render
 * (Recharts lays out hundreds of components per chart) and the decide views' own worker would otherwise take the
 * main thread and a core while the engine worker runs (at 10,000 tools, charts mounting mid-run draw ≈ 2,300
 * components there). Then one at a time, each in an idle moment of its own
 * (./below-fold.ts), rendered as a transition so React can yield inside it. They sit in frames of fixed height (the
 * decide views behind a placeholder of the same height), so mounting later moves nothing.
 */
function useBelowFoldCount(near: boolean | null): number {
  const settled = usePlayground((state) => state.firstRunEnded);
  const [count, setCount] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const late = useLatched(timedOut || near === true);
  const started = settled || late;
  useEffect(() => {
    if (started) return;
    const timer = window.setTimeout(() => setTimedOut(true), BELOW_FOLD_LATEST_MS);
    return () => window.clearTimeout(timer);
  }, [started]);
  // Scrolled near: the person is waiting for them. Otherwise each waits for a quiet moment too (./below-fold.ts).
  const whenIdle = late ? browserWhenIdle : quietThenIdle;
  useEffect(() => {
    if (!started) return;
    return mountInSlices(BELOW_FOLD_SLICES, whenIdle, (mounted) =>
      startTransition(() => setCount((previous) => Math.max(previous, mounted))),
    );
    // Started once (`whenIdle` is read when it starts): a later scroll near the panels does not start it again.
  }, [started]);
  return count;
}

const TABS: ReadonlyArray<{ id: RunTab }> = [{ id: "request" }, { id: "diff" }, { id: "response" }];

export function RunArea() {
  const t = useTranslations("playground.run");
  const money = useMoney();
  const tRun = useTranslations("run");
  const locale = useLocale() as Locale;
  const run = usePlayground(selectSelectedRun);
  const step = usePlayground(selectCurrentStep);
  const stepIndex = usePlayground(selectStepIndex);
  // The chart's marker follows the step in a render of its own, after the step's numbers are on screen.
  const chartStepIndex = useDeferredValue(stepIndex);
  const runs = usePlayground((state) => state.runs);
  const running = usePlayground((state) => state.running);
  const runProgress = usePlayground((state) => state.runProgress);
  // The all-strategy charts and the decide views draw a run once it has settled (./chart-runs.ts).
  const chartRuns = useChartRuns(runs, running);
  const chartsEarlier = chartRunsAreEarlier(chartRuns, runs);
  const shareChartRuns = useRunsOneTaskLater(chartRuns);
  // The charts below the fold and the decide views redraw in a render of their own, which React splits into short
  // tasks, not in the one that puts a settled run's numbers on screen (at 10,000 tools that render in one would be a
  // 300 ms task after every edit's run).
  const deferredChartRuns = useDeferredValue(chartRuns);
  const deferredRun = useDeferredValue(run);
  const detail = usePlayground((state) => state.detail);
  const detailRunRequestId = usePlayground((state) => state.detailRunRequestId);
  const detailError = usePlayground((state) => state.detailError);
  const runTab = usePlayground((state) => state.runTab);
  const setRunTab = usePlayground((state) => state.setRunTab);
  const strategyId = usePlayground((state) => state.strategyId);
  const selectStrategy = useSelectStrategyKeepingMoment();
  const theme = usePlayground((state) => state.theme);
  const runMode = usePlayground((state) => state.runMode);
  const runError = usePlayground((state) => state.runError);
  const liveRun = usePlayground(selectLiveRun);
  const selectStep = usePlayground((state) => state.selectStep);
  const runRequestId = usePlayground((state) => state.runRequestId);
  const controller = usePlaygroundController();
  const chartsSection = useRef<HTMLDivElement>(null);
  // Whether the charts are on screen or within BELOW_FOLD_NEAR of it (null until measured).
  const chartsNear = useNearScreen(chartsSection, BELOW_FOLD_NEAR);
  const belowFold = useBelowFoldCount(chartsNear);
  // The step chart draws the shown strategy's run as soon as it is whole, mid-run. Until then it keeps the last whole
  // run it drew, labelled as the previous one: taking the chart down when a run starts and drawing it again is
  // ≈ 100 ms of Recharts each way at 10,000 tools, in the tasks that show the run's first request and its end. Off
  // screen, it waits for the run's end instead (components/ui/near-screen.ts).
  const stepChartRun = useHeldWhile(deferredRun, stepChartHolds(running, chartsNear, deferredRun));
  const stepChartDrawn = stepChartRun && !stepChartRun.inProgress ? stepChartRun : null;
  const stepChartEarlier = stepChartDrawn !== null && stepChartDrawn !== deferredRun;
  const runId = run?.id;
  const detailOf = useCallback(
    (index: number) => (controller && runId ? controller.stepDetailOf(runId, index) : Promise.resolve(null)),
    [controller, runId],
  );
  // The guided tour's pointer into the request body (the stubs' schema result, Kimi's appended tools message).
  const reveal = useRequestReveal();
  const setTourOpen = usePlayground((state) => state.setTourOpen);
  const openTour = useCallback(() => setTourOpen(true), [setTourOpen]);
  // While the editor's text does not parse, every figure below is for the last catalog that did: say so.
  const catalogBroken = usePlayground(
    (state) => selectCatalogProblems(state)?.some((problem) => problem.severity === "error") ?? false,
  );
  const validToolCount = usePlayground((state) => state.lastValidCatalog.tools.length);
  // An import that brought its own conversation: until the new run hands over the request on screen, the one shown
  // is the previous scenario's. Said (after 300 ms, as the run status) and dimmed, never passed off as the new one's.
  const slowRun = useSlowRun();
  const showsPrevious = usePlayground(selectShowsPreviousScenario) && slowRun;
  const turnCount = usePlayground((state) => state.turns.length);
  const previousClass = showsPrevious ? "opacity-50" : "";
  const catalogArriving = usePlayground((state) => state.catalogArriving !== null);
  const decideInputs = usePlayground(
    useShallow((state) => ({
      catalog: state.lastValidCatalog,
      settings: state.settings,
      turns: state.turns,
      scenario: state.scenarioMeta,
    })),
  );
  // The previous detail stays on screen until the worker answers for the new step (no blank flash while stepping);
  // the divergence shown with it is always that of the detail's own step.
  const currentDetail = detail;
  // The body viewer (Monaco: a new model's text, tokens and folding) follows in a render of its own, after the step's
  // figures and prefix bar are painted.
  const bodyDetail = useDeferredValue(detail);
  // A 10,000-tool request arrives with its tool lists shortened for the viewer; copying asks the worker for all of it.
  const wholeBody = useCallback(
    () =>
      controller && bodyDetail
        ? controller.stepDetailOf(bodyDetail.strategyId, bodyDetail.stepIndex)
        : Promise.resolve(null),
    [controller, bodyDetail],
  );
  const detailRun = liveRun ?? runs.find((candidate) => candidate.id === detail?.strategyId);
  const detailDivergence = detail ? (detailRun?.steps[detail.stepIndex]?.divergence ?? null) : null;
  // The card prints the step's billed tokens, the figures of the step summary above it.
  const detailTokens = detail ? (detailRun?.steps[detail.stepIndex]?.tokens ?? null) : null;
  const detailExplicitCache = detail ? (detailRun?.steps[detail.stepIndex]?.explicitCache ?? null) : null;
  const comparableOn = useMemo(
    () => ({ provider: decideInputs.settings.provider, model: decideInputs.settings.model }),
    [decideInputs.settings.provider, decideInputs.settings.model],
  );
  const source = liveRun ? t("liveTranscript") : runMode === "live" ? t("prediction") : null;

  return (
    <div className="order-1 flex min-w-0 flex-col gap-5 lg:order-none">
      <MemoPageIntro onTour={openTour} />
      <MemoSectionNav />
      <section
        id="section-run"
        className="scroll-below-bars rounded-2xl border border-line bg-panel px-3 py-4 shadow-sm sm:px-5"
        data-testid="stepper-panel"
        data-source={liveRun ? "live" : "simulated"}
      >
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <RunModeToggle />
          {source ? (
            <span className={`text-xs font-medium ${liveRun ? "text-accent" : "text-muted"}`} data-testid="run-source">
              {source}
            </span>
          ) : null}
          <div className="ml-auto">
            <RunStatus />
          </div>
        </div>
        <div className={previousClass}>
          <Stepper />
        </div>
      </section>

      {runMode === "live" ? (
        <PanelFrame
          title={t("liveTitle")}
          subtitle={t("liveSubtitle", {
            provider: providerLabel(run?.provider ?? decideInputs.settings.provider, locale),
            model: run?.model ?? decideInputs.settings.model,
          })}
          testId="live-panel"
          bodyClassName="px-5 py-4"
        >
          <LiveSection />
        </PanelFrame>
      ) : null}

      {catalogBroken ? (
        <section
          role="status"
          className="rounded-2xl border border-warning/40 bg-warning-soft px-5 py-3 text-sm text-ink"
          data-testid="stale-results"
        >
          {t.rich("stale", { count: validToolCount, strong: (chunks) => <strong>{chunks}</strong> })}
        </section>
      ) : null}

      {showsPrevious ? (
        <section
          role="status"
          className="rounded-2xl border border-accent/40 bg-accent-soft px-5 py-3 text-sm text-ink"
          data-testid="previous-scenario"
        >
          {t.rich("previousScenario", {
            tools: validToolCount,
            turns: turnCount,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </section>
      ) : null}

      {runError ? (
        <section
          role="alert"
          className="rounded-2xl border border-danger/40 bg-danger-soft px-5 py-4 text-sm text-ink"
          data-testid="run-error"
        >
          {t.rich("error", { error: runErrorText(runError, locale), strong: (chunks) => <strong>{chunks}</strong> })}
          {runs.length > 0 ? <span className="text-ink-soft">{t("errorKept")}</span> : null}
        </section>
      ) : null}

      {run?.refused ? (
        <section
          className="rounded-2xl border border-danger/40 bg-danger-soft px-5 py-4 text-sm text-ink"
          data-testid="refused"
        >
          {t.rich("refused", {
            strategy: strategyTitleIn(run.id, locale),
            provider: run.provider,
            model: run.model,
            reason: supportReasonText(run.refused.reason, locale),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </section>
      ) : null}

      <PanelFrame
        testId="step-summary-panel"
        className={`min-h-[152px] ${previousClass}`}
        bodyClassName="overflow-y-auto"
      >
        {step && run ? <MemoStepSummary step={step} run={run} /> : null}
      </PanelFrame>

      <PanelFrame
        title={t("prefixTitle")}
        subtitle={t("prefixSubtitle")}
        testId="prefix-panel"
        className={`min-h-[292px] ${previousClass}`}
        tour="prefix-bar"
      >
        <div
          className="h-full"
          data-testid="prefix-bar-content"
          data-detail={currentDetail ? `${currentDetail.strategyId}:${currentDetail.stepIndex}` : ""}
          data-detail-run={detailRunRequestId ?? ""}
        >
          {currentDetail ? (
            <MemoCachePrefixBar
              segments={currentDetail.segments}
              statuses={currentDetail.segmentStatus}
              divergence={detailDivergence}
              billed={detailTokens}
              explicitCache={detailExplicitCache}
              rejected={currentDetail.rejected ?? null}
              newFrom={currentDetail.newFrom}
            />
          ) : null}
        </div>
      </PanelFrame>

      <PanelFrame
        title={
          <span role="tablist" aria-label={t("requestViews")} className="flex gap-1">
            {TABS.map((tab) => (
              <button
                key={tab.id}
                type="button"
                role="tab"
                aria-selected={runTab === tab.id}
                data-testid={`tab-${tab.id}`}
                className={`rounded-md px-3 py-1 text-sm font-medium ${runTab === tab.id ? "bg-accent-soft text-accent" : "text-muted hover:text-ink"}`}
                onClick={() => setRunTab(tab.id)}
              >
                {t(`tabs.${tab.id}`)}
              </button>
            ))}
          </span>
        }
        testId="request-area"
        actions={run && !run.refused ? <RequestModel run={run} /> : null}
        className="h-[420px] sm:h-[520px]"
        tour="request-panel"
      >
        <div role="tabpanel" className="h-full" data-testid={`tabpanel-${runTab}`}>
          {detailError ? <p className="p-5 text-sm text-danger">{detailError}</p> : null}
          {bodyDetail && runTab === "request" ? (
            <MemoRequestPanel
              detail={bodyDetail}
              theme={theme}
              showResponse={false}
              reveal={reveal}
              wholeDetail={wholeBody}
            />
          ) : null}
          {bodyDetail?.cacheCreate && runTab === "request" ? (
            <CacheCreateRequest
              create={bodyDetail.cacheCreate}
              name={detailRun?.steps[bodyDetail.stepIndex]?.explicitCache?.name ?? ""}
            />
          ) : null}
          {currentDetail && runTab === "diff" && run ? (
            <StepDiff
              // Another strategy or run is another list of requests: the pick starts again from previous vs current.
              key={`${run.id}:${liveRun ? "live" : runRequestId}`}
              steps={run.steps}
              currentIndex={stepIndex}
              detailOf={detailOf}
              theme={theme}
            />
          ) : null}
          {bodyDetail && runTab === "response" ? (
            <LazyEditor
              testId="response-editor"
              ariaLabel={tRun("request.responseLabel")}
              path="playground/response.json"
              value={JSON.stringify(bodyDetail.response, null, 2)}
              readOnly
              theme={theme === "dark" ? "vs-dark" : "light"}
            />
          ) : null}
        </div>
      </PanelFrame>

      <div
        ref={chartsSection}
        id="section-charts"
        className="grid scroll-below-bars grid-cols-1 gap-5 md:grid-cols-2"
        data-testid="charts"
      >
        <PanelFrame
          title={t("tokensTitle")}
          subtitle={
            stepChartRun
              ? `${strategyTitleIn(stepChartRun.id, locale)} · ${providerLabel(stepChartRun.provider, locale)} · ${stepChartRun.model}`
              : ""
          }
          testId="chart-panel-tokens"
          className="h-[440px]"
          actions={<ChartUpdating shown={stepChartEarlier} progress={null} title={t("stepUpdatingTitle")} />}
        >
          {run && (belowFold < 1 || !stepChartDrawn) ? <ChartLoading /> : null}
          {stepChartDrawn && belowFold >= 1 ? (
            <MemoTokensPerStepChart run={stepChartDrawn} currentIndex={chartStepIndex} onSelectStep={selectStep} />
          ) : null}
        </PanelFrame>
        <PanelFrame
          title={t("costTitle")}
          // The runs drawn, not the run in progress: the words say what the chart shows.
          subtitle={t("costSubtitle", {
            line: runsModelLine(deferredChartRuns, comparableOn, locale),
            currency: money.currency,
          })}
          testId="chart-panel-cost"
          // Taller than the plot needs alone: the legend above it names all eight strategies in up to seven lines.
          className="h-[440px]"
          actions={<ChartUpdating shown={chartsEarlier} progress={runProgress} />}
        >
          {runs.length > 0 && (belowFold < 2 || deferredChartRuns.length === 0) ? <ChartLoading /> : null}
          {deferredChartRuns.length > 0 && belowFold >= 2 ? (
            <MemoCumulativeCostChart runs={deferredChartRuns} selectedId={strategyId} />
          ) : null}
        </PanelFrame>
        <PanelFrame
          title={t("shareTitle")}
          subtitle={t("shareSubtitle", { line: runsModelLine(shareChartRuns, comparableOn, locale) })}
          testId="chart-panel-tool-share"
          className="h-[360px] md:col-span-2"
          actions={<ChartUpdating shown={chartsEarlier} progress={runProgress} />}
        >
          {runs.length > 0 && (belowFold < 3 || shareChartRuns.length === 0) ? <ChartLoading /> : null}
          {shareChartRuns.length > 0 && belowFold >= 3 ? (
            <MemoToolShareChart runs={shareChartRuns} selectedId={strategyId} />
          ) : null}
        </PanelFrame>
      </div>

      <PanelFrame
        id="section-compare"
        title={t("compareTitle")}
        subtitle={t("compareSubtitle")}
        testId="compare"
        tour="compare-table"
      >
        <MemoCompareTable runs={runs} selectedId={strategyId} onSelect={selectStrategy} comparableOn={comparableOn} />
      </PanelFrame>

      <div id="section-decide" className="scroll-below-bars">
        {/* A big example's tools still arriving (its build-time first screen): the placeholder keeps their place. */}
        {catalogArriving || (decideInputs.catalog.tools.length > 0 && belowFold < 4) ? <DecideLoading /> : null}
        {!catalogArriving && decideInputs.catalog.tools.length > 0 && belowFold >= 4 ? (
          <MemoDecidePanel
            key={decideInputs.scenario.id}
            catalog={decideInputs.catalog}
            settings={decideInputs.settings}
            turns={decideInputs.turns}
            runs={deferredChartRuns}
            running={running}
            scenarioTitle={decideInputs.scenario.title}
            selectedStrategyId={strategyId}
            onSelectStrategy={selectStrategy}
          />
        ) : null}
      </div>

      <PanelFrame id="section-learn" title={t("learnTitle")} subtitle={t("learnSubtitle")} testId="learn">
        <MemoLearnCards selectedId={strategyId} onSelect={selectStrategy} />
      </PanelFrame>
    </div>
  );
}

/**
 * Beside a chart that still shows the run before the one in progress: says so, with how far the new run is, so the
 * figures drawn are never taken for the new run's. Its place is kept while it is hidden: appearing, it would wrap the
 * header onto another line, take that height from the chart's box, and have Recharts redraw the whole chart (hundreds
 * of SVG elements at 10,000 tools) mid-run.
 */
function ChartUpdating({
  shown,
  progress,
  title,
}: {
  shown: boolean;
  progress: { done: number; total: number } | null;
  /** What the chart waits for (by default: every strategy). */
  title?: string;
}) {
  const t = useTranslations("playground.run");
  if (shown)
    return (
      <span
        className="tabular text-xs font-medium text-warning"
        data-testid="chart-updating"
        title={title ?? t("updatingTitle")}
      >
        {t("updating", { progress: progress ? t("progress", progress) : "none" })}
      </span>
    );
  // Hidden, it holds the place of its longest form: every strategy counted.
  const most = { done: STRATEGY_IDS.length, total: STRATEGY_IDS.length };
  return (
    <span className="invisible tabular text-xs font-medium" aria-hidden>
      {t("updating", { progress: t("progress", most) })}
    </span>
  );
}

/**
 * Where the request is, the model it is actually for: a strategy the chosen model cannot run is moved to one that
 * can, and the header's model picker would otherwise say something the request contradicts.
 */
function RequestModel({ run }: { run: { id: string; provider: Parameters<typeof providerLabel>[0]; model: string } }) {
  const settings = usePlayground((state) => state.settings);
  const moved = run.provider !== settings.provider || run.model !== settings.model;
  const label = getModel(run.provider, run.model)?.label ?? run.model;
  const t = useTranslations("playground.run");
  const locale = useLocale() as Locale;
  return (
    <span
      className={`text-xs ${moved ? "font-semibold text-warning" : "text-muted"}`}
      data-testid="request-model"
      data-moved={moved}
      title={
        moved
          ? t("movedTitle", {
              chosen: getModel(settings.provider, settings.model)?.label ?? settings.model,
              model: label,
            })
          : undefined
      }
    >
      {t(moved ? "runsOn" : "for", { provider: providerLabel(run.provider, locale), model: label })}
    </span>
  );
}
