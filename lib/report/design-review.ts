/**
 * A Markdown report of the comparison for a design review: the compare table's figures (the same RunSummary totals,
 * formatted the same way), charts as SVG, and — when given — the break-even explorer's result, the recommendation and
 * the three goals. Framework-free: the page builds it in the browser, tests and scripts in Node.
 */
import type { BreakEvenResult } from "../decide/break-even";
import { boundarySentence, lineFailure } from "../decide/limits";
import { runFailure, type Recommendation } from "../decide/recommend";
import { barChartSvg, lineChartSvg } from "../decide/svg-charts";
import type { GoalVerdicts, StrategyTotals } from "../engine/types";
import type { ProviderId, StrategyId } from "../core/ids";
import { cumulativeCostData } from "../view/chart-data";
import { compareTable } from "../view/compare";
import { formatPercent, formatTokens, usdColumnDecimals } from "../view/format";
import { currencyOf, formatMoney } from "../view/money";
import { GOALS } from "../view/goals";
import { providerLabel } from "../view/provider-labels";
import { strategyTitle } from "../view/strategy-info";
import { STRATEGY_STYLES } from "../view/strategy-colors";
import { baselineStrategyId } from "../strategies";
import { translatorFor, type Translator } from "../i18n/translator";
import type { Locale } from "../i18n/locales";

type T = Translator<"report">;

/** What the report needs of a run: the compare table's fields and each step's turn and cost (RunSummary fits). */
export type ReportRun = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  refused?: { reason: string };
  totals: StrategyTotals;
  goals: GoalVerdicts;
  steps: ReadonlyArray<{ turn: number; cost: { totalUsd: number }; rejected?: { status: number; reason: string } }>;
};

export type DesignReviewInput = {
  title: string;
  runs: readonly ReportRun[];
  toolCount: number;
  turnCount: number;
  provider: ProviderId;
  model: string;
  breakEven?: BreakEvenResult | null;
  recommendation?: Recommendation | null;
  /** Defaults to now; a fixed date keeps tests and diffs stable. */
  generatedAt?: Date;
};

/** One compare-table row as the report states it: raw values, and the text the table shows. */
export type ReportFigures = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  refused: string | null;
  /** The request the provider refuses (1-based), when it refuses one: the run has no cost, it cannot run. */
  failsAtRequest: number | null;
  /** The provider's error for that request, "400: prompt is too long…". */
  failsReason: string | null;
  requests: number | null;
  input: number | null;
  cacheHitRateByTokens: number | null;
  cacheHitRateByRequests: number | null;
  costUsd: number | null;
  toolsFound: number | null;
  toolsNeeded: number | null;
  cheapest: boolean;
  goals: GoalVerdicts;
  text: { requests: string; input: string; hitTokens: string; hitRequests: string; cost: string; tools: string } | null;
};

export type ReportChart = { id: string; title: string; fileName: string; svg: string };

export type DesignReviewReport = {
  fileName: string;
  /** Self-contained: the charts are inlined as `data:` images. */
  markdown: string;
  /** The same report with the charts linked as `charts/<file>.svg`, for a folder or a zip next to the SVG files. */
  markdownWithLinkedCharts: string;
  charts: ReportChart[];
  figures: ReportFigures[];
};

/** The compare table's rows as raw figures and the exact text CompareTable renders for them. */
export function reportFigures(runs: readonly ReportRun[], locale: Locale = "en"): ReportFigures[] {
  const t = translatorFor(locale, "report");
  const { rows, costDecimals } = compareTable(runs);
  return rows.map((row, index) => {
    const totals = row.totals;
    const failure = runFailure(runs[index]);
    return {
      id: row.id,
      provider: row.provider,
      model: row.model,
      refused: row.refusedReason,
      failsAtRequest: failure?.atRequest ?? null,
      failsReason: failure?.reason ? `${failure.status ?? ""}${failure.status ? ": " : ""}${failure.reason}` : null,
      requests: totals?.requests ?? null,
      input: totals?.input ?? null,
      cacheHitRateByTokens: totals?.cacheHitRateByTokens ?? null,
      cacheHitRateByRequests: totals?.cacheHitRateByRequests ?? null,
      costUsd: failure ? null : (totals?.costUsd ?? null),
      toolsFound: totals?.toolsFound ?? null,
      toolsNeeded: totals?.toolsNeeded ?? null,
      cheapest: row.cheapest,
      goals: row.goals,
      text: totals
        ? {
            requests: formatTokens(totals.requests),
            input: formatTokens(totals.input),
            hitTokens: formatPercent(totals.cacheHitRateByTokens),
            hitRequests: formatPercent(totals.cacheHitRateByRequests),
            cost: failure
              ? t("failsAtRequest", { request: failure.atRequest })
              : formatMoney(totals.costUsd, row.currency, { decimals: costDecimals, locale }),
            tools: `${formatTokens(totals.toolsFound)} / ${formatTokens(totals.toolsNeeded)}`,
          }
        : null,
    };
  });
}

/** The report in the reader's language (`locale`): its words, headings and dates; figures and wire names as they are. */
export function designReviewReport(input: DesignReviewInput, locale: Locale = "en"): DesignReviewReport {
  const t = translatorFor(locale, "report");
  const figures = reportFigures(input.runs, locale);
  const charts = reportCharts(input, t);
  const generatedAt = input.generatedAt ?? new Date();
  const date =
    locale === "en"
      ? generatedAt.toISOString().slice(0, 16).replace("T", " ")
      : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
          generatedAt,
        );
  const sections = (chartLink: (chart: ReportChart) => string) =>
    [
      `# ${t("title", { title: escapeText(input.title) })}`,
      "",
      t("intro", {
        date,
        tools: formatTokens(input.toolCount),
        turns: input.turnCount,
        provider: providerLabel(input.provider),
        model: input.model,
      }),
      "",
      `## ${t("compareHeading")}`,
      "",
      compareMarkdown(figures, t),
      "",
      ...charts.filter((chart) => chart.id !== "break-even").map((chart) => `${chartLink(chart)}\n`),
      ...breakEvenSection(
        input.breakEven ?? null,
        charts.find((chart) => chart.id === "break-even"),
        chartLink,
        t,
        locale,
      ),
      ...recommendationSection(input.recommendation ?? null, t),
      `## ${t("goalsHeading")}`,
      "",
      t("goalsText"),
      "",
      goalsMarkdown(figures, t),
      "",
      `## ${t("rawHeading")}`,
      "",
      t("rawText"),
      "",
      "```json",
      JSON.stringify({ strategies: figures.map(({ text: _text, ...raw }) => raw) }, null, 2),
      "```",
      "",
    ].join("\n");
  return {
    fileName: `design-review-${slug(input.title)}.md`,
    markdown: sections((chart) => `![${chart.title}](${dataUri(chart.svg)})`),
    markdownWithLinkedCharts: sections((chart) => `![${chart.title}](charts/${chart.fileName})`),
    charts,
    figures,
  };
}

/** The files of the report as a folder: the Markdown with linked charts and the SVG files. */
export function designReviewFiles(report: DesignReviewReport): Record<string, string> {
  return {
    [report.fileName]: report.markdownWithLinkedCharts,
    ...Object.fromEntries(report.charts.map((chart) => [`charts/${chart.fileName}`, chart.svg])),
  };
}

function compareMarkdown(figures: readonly ReportFigures[], t: T): string {
  const header = `| ${t("compareHeader")} |`;
  const rule = "|---|---|--:|--:|--:|--:|--:|--:|";
  const rows = figures.map((figure) => {
    const name = `${escapeText(strategyTitle(figure.id))}${figure.cheapest ? ` **${t("cheapest")}**` : ""}`;
    const placement = `${providerLabel(figure.provider)} · ${figure.model}`;
    if (!figure.text)
      return `| ${name} | ${escapeText(placement)} | ${t("cannotRun", { reason: escapeText(figure.refused ?? "") })} | | | | | |`;
    const text = figure.text;
    return `| ${name} | ${escapeText(placement)} | ${text.requests} | ${text.input} | ${text.hitTokens} | ${text.hitRequests} | ${text.cost} | ${text.tools} |`;
  });
  const failures = figures
    .filter((figure) => figure.failsAtRequest !== null)
    .map(
      (figure) =>
        `- **${t("failsHeadline", { strategy: escapeText(strategyTitle(figure.id)), request: figure.failsAtRequest ?? 0 })}**: ${t(
          "failsExplained",
          { reason: figure.failsReason ? `\`${escapeText(figure.failsReason)}\`` : "none" },
        )}`,
    );
  return [header, rule, ...rows, ...(failures.length > 0 ? ["", ...failures] : [])].join("\n");
}

function goalsMarkdown(figures: readonly ReportFigures[], t: T): string {
  const header = `| ${t("strategy")} | ${GOALS.map((goal) => goal.label).join(" | ")} |`;
  const rule = `|---|${GOALS.map(() => ":-:").join("|")}|`;
  const rows = figures.map(
    (figure) =>
      `| ${escapeText(strategyTitle(figure.id))} | ${GOALS.map((goal) => (figure.goals[goal.key] ? "✓" : "✗")).join(" | ")} |`,
  );
  return [header, rule, ...rows].join("\n");
}

function breakEvenSection(
  result: BreakEvenResult | null,
  chart: ReportChart | undefined,
  chartLink: (chart: ReportChart) => string,
  t: T,
  locale: Locale,
): string[] {
  if (!result) return [];
  const parameters = result.parameters;
  const currency = currencyOf(parameters.provider, parameters.model);
  const last = parameters.turns - 1;
  const costs = result.lines.flatMap((line) => [
    line.closedForm.cumulativeCostUsd[last] ?? 0,
    line.engine?.cumulativeCostUsd[last] ?? 0,
  ]);
  const decimals = usdColumnDecimals(costs);
  const rows = result.lines.map((line) => {
    const failure = lineFailure(line);
    const engine = line.fails.engine
      ? t("failsAtTurnRequest", { turn: line.fails.engine.atTurn, request: line.fails.engine.atRequest })
      : line.engine
        ? formatMoney(line.engine.cumulativeCostUsd[last], currency, { decimals, locale })
        : t("notRun");
    const closed = line.fails.closedForm
      ? t("failsAtTurn", { turn: line.fails.closedForm.turn })
      : `~${formatMoney(line.closedForm.cumulativeCostUsd[last], currency, { decimals, locale })}`;
    const gap = failure || line.maxDeviation === null ? "—" : formatPercent(line.maxDeviation);
    const turn = failure
      ? t("neverCannotRun")
      : line.id === baselineStrategyId()
        ? t("baseline")
        : t("breakEvenTurn", {
            engine: line.breakEvenTurn.engine ?? t("never"),
            estimate: line.breakEvenTurn.closedForm ?? t("never"),
          });
    return `| ${escapeText(strategyTitle(line.id))} | ${engine} | ${closed} | ${gap} | ${turn} |`;
  });
  return [
    `## ${t("breakEvenHeading")}`,
    "",
    t("breakEvenSession", {
      turns: parameters.turns,
      toolsUsed: parameters.toolsUsed,
      names: result.sessionToolNames.join(", "),
      minutes: parameters.minutesBetweenTurns,
      provider: providerLabel(parameters.provider),
      model: parameters.model,
      ttl: parameters.cacheTtl ?? "none",
      edited: String(Boolean(parameters.prices && Object.keys(parameters.prices).length > 0)),
    }) +
      " " +
      t("breakEvenCatalog", { tools: formatTokens(result.toolCount), tokens: formatTokens(result.tokensPerTool) }) +
      " " +
      t("breakEvenMethod", { tolerance: formatPercent(result.tolerance) }),
    "",
    `| ${t("breakEvenHeader")} |`,
    "|---|--:|--:|--:|--:|",
    ...rows,
    "",
    ...(result.fullBoundary ? [boundarySentence(result.fullBoundary, parameters.provider, locale), ""] : []),
    ...(chart ? [chartLink(chart), ""] : []),
  ];
}

function recommendationSection(recommendation: Recommendation | null, t: T): string[] {
  if (!recommendation) return [];
  return [
    `## ${t("recommendationHeading")}`,
    "",
    `**${escapeText(recommendation.headline)}**`,
    "",
    ...recommendation.reasons.map((reason) => `- ${escapeText(reason)}`),
    "",
  ];
}

function reportCharts(input: DesignReviewInput, t: T): ReportChart[] {
  const charts: ReportChart[] = [];
  // The runs are on the scenario's model; the break-even chart on the explorer's, which may be priced in another currency.
  const currency = currencyOf(input.provider, input.model);
  const breakEvenCurrency = input.breakEven
    ? currencyOf(input.breakEven.parameters.provider, input.breakEven.parameters.model)
    : currency;
  // A run the provider refuses has no cost to draw (its refused request costs nothing): the charts leave it out and
  // the compare table says where it fails.
  const ran = input.runs.filter(
    (run) => !run.refused && run.steps.length > 0 && run.totals.failsAtRequest === undefined,
  );
  const cumulative = cumulativeCostData(ran, "request");
  charts.push({
    id: "cumulative-cost",
    title: t("charts.cumulative"),
    fileName: "cumulative-cost.svg",
    svg: lineChartSvg({
      title: t("charts.cumulativeSvg", { currency }),
      xLabel: t("charts.requestNumber"),
      yLabel: t("charts.costUsd", { currency }),
      formatY: (value) => formatMoney(value, currency),
      series: cumulative.series.map((id) => ({
        label: strategyTitle(id),
        color: STRATEGY_STYLES[id].fallback,
        dash: STRATEGY_STYLES[id].dash,
        points: cumulative.rows.flatMap((row) => (row[id] === undefined ? [] : [[row.x, row[id] as number] as const])),
      })),
    }),
  });
  const costDecimals = usdColumnDecimals(ran.map((run) => run.totals.costUsd));
  charts.push({
    id: "cost-per-strategy",
    title: t("charts.costPerStrategy"),
    fileName: "cost-per-strategy.svg",
    svg: barChartSvg({
      title: t("charts.costPerStrategySvg", { currency }),
      formatValue: (value) => formatMoney(value, currency),
      bars: ran.map((run) => ({
        label: strategyTitle(run.id),
        value: run.totals.costUsd,
        color: STRATEGY_STYLES[run.id].fallback,
        note: formatMoney(run.totals.costUsd, currency, { decimals: costDecimals }),
      })),
    }),
  });
  charts.push({
    id: "input-per-strategy",
    title: t("charts.inputPerStrategy"),
    fileName: "input-tokens-per-strategy.svg",
    svg: barChartSvg({
      title: t("charts.inputPerStrategySvg"),
      formatValue: (value) => formatTokens(value),
      bars: ran.map((run) => ({
        label: strategyTitle(run.id),
        value: run.totals.input,
        color: STRATEGY_STYLES[run.id].fallback,
      })),
    }),
  });
  const breakEven = input.breakEven;
  if (breakEven && breakEven.lines.length > 0) {
    const series = breakEven.lines.flatMap((line) => {
      const style = STRATEGY_STYLES[line.id];
      // A refused run has no cost from the refused turn on: its line stops before it.
      const stopsAt = (lineFailure(line)?.turn ?? Number.POSITIVE_INFINITY) - 1;
      const upTo = <T>(points: T[]) => points.slice(0, Math.max(0, Math.min(points.length, stopsAt)));
      const closed = {
        label: t("charts.seriesEstimate", { strategy: strategyTitle(line.id) }),
        color: style.fallback,
        dash: "2 3",
        width: 1.5,
        points: upTo(line.closedForm.cumulativeCostUsd.map((cost, index) => [index + 1, cost] as const)),
      };
      return line.engine
        ? [
            {
              label: t("charts.seriesSimulated", { strategy: strategyTitle(line.id) }),
              color: style.fallback,
              dash: style.dash,
              points: upTo(line.engine.cumulativeCostUsd.map((cost, index) => [index + 1, cost] as const)),
            },
            closed,
          ]
        : [closed];
    });
    const markers = breakEven.lines.flatMap((line) => {
      const turn = line.engine ? line.breakEvenTurn.engine : line.breakEvenTurn.closedForm;
      const values = (line.engine ?? line.closedForm).cumulativeCostUsd;
      return turn === null
        ? []
        : [
            {
              x: turn,
              y: values[turn - 1],
              color: STRATEGY_STYLES[line.id].fallback,
              label: t("charts.marker", { strategy: strategyTitle(line.id), turn }),
            },
          ];
    });
    charts.push({
      id: "break-even",
      title: t("charts.breakEven"),
      fileName: "break-even.svg",
      svg: lineChartSvg({
        title: t("charts.breakEvenSvg", { currency: breakEvenCurrency }),
        xLabel: t("charts.turn"),
        yLabel: t("charts.costUsd", { currency: breakEvenCurrency }),
        formatY: (value) => formatMoney(value, breakEvenCurrency),
        series,
        markers,
      }),
    });
  }
  return charts;
}

/** Percent-encoded, with the parentheses Markdown would read as the end of the link encoded too. */
function dataUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg).replace(/\(/g, "%28").replace(/\)/g, "%29")}`;
}

function escapeText(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function slug(text: string): string {
  const value = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return value || "scenario";
}
