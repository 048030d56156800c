import { simulationJson, totalsJson } from "../report/simulation-output";
import { formatPercent } from "../view/format";
import { currencyOf, formatMoney } from "../view/money";
import { describeLocation } from "./types";
import type { TraceAnalysis } from "./analyse-trace";

/** The documented `npm run trace -- --json` shape (docs/TRACE.md, README): replay strategies exactly as `simulate --json`. */
export function traceJson(analysis: TraceAnalysis) {
  const { explanation, trace } = analysis;
  // Amounts are in the model's currency; the `…Usd` names are kept for USD models only, never on a CNY figure.
  const currency = explanation.model.prices.currency;
  const usd = currency === "USD";
  return {
    provider: explanation.provider,
    model: explanation.model.id,
    currency,
    recordedModel: explanation.recordedModel,
    tokenCounting: explanation.tokenCounting.label,
    requests: explanation.steps.map((step) => ({
      index: step.index,
      location: describeLocation(step.location),
      timestamp: step.timestampMs === null ? null : new Date(step.timestampMs).toISOString(),
      model: step.modelId,
      tokens: {
        input: step.tokens.input,
        cacheRead: step.tokens.cacheRead,
        cacheWrite: step.tokens.cacheWrite,
        uncached: step.tokens.uncached,
        toolDefinitions: step.tokens.toolDefinitions,
      },
      measured: step.measured
        ? { input: step.measured.input, cacheRead: step.measured.cacheRead, cacheWrite: step.measured.cacheWrite }
        : null,
      difference: step.difference
        ? { input: step.difference.input, cacheRead: step.difference.cacheRead, cacheWrite: step.difference.cacheWrite }
        : null,
      predictionGap: step.predictionGap,
      divergence: step.explanation
        ? { segment: step.explanation.segment, reason: step.explanation.headline, cause: step.explanation.cause }
        : null,
      cost: step.cost.totalUsd,
      ...(usd ? { costUsd: step.cost.totalUsd } : {}),
      lost: step.lostUsd,
      ...(usd ? { lostUsd: step.lostUsd } : {}),
    })),
    totals: totalsJson(explanation.totals, { currency }),
    measuredTotals: explanation.measuredTotals,
    losses: explanation.losses,
    figures: analysis.figures,
    recommendation: {
      strategy: analysis.recommendation.strategy,
      rule: analysis.recommendation.rule,
      headline: analysis.recommendation.headline,
      reasons: analysis.recommendation.reasons,
    },
    skipped: trace.skipped.map((record) => ({ location: describeLocation(record.location), reason: record.reason })),
    notes: [...explanation.notes, ...analysis.derived.notes],
    replay: simulationJson(analysis.replay),
  };
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** The terminal table: one row per request with its miss, then the summary and the replay. */
export function formatTraceTable(analysis: TraceAnalysis): string {
  const { explanation, trace, figures, recommendation } = analysis;
  const formatCost = (amount: number) => formatMoney(amount, explanation.model.prices.currency);
  const lines: string[] = [
    `${trace.format.toUpperCase()} trace: ${explanation.steps.length} ${explanation.provider} requests, priced as ${explanation.models.length > 1 ? `each request's own model (main: ${explanation.model.label})` : explanation.model.label}`,
    `Token counts: ${explanation.tokenCounting.label}`,
    "",
    [
      pad("#", 4, true),
      pad("where", 9),
      pad("input", 9, true),
      pad("read", 9, true),
      pad("write", 9, true),
      pad("measured r/w", 16, true),
      pad("cost", 9, true),
      "  miss",
    ].join(" "),
  ];
  for (const step of explanation.steps) {
    const measured = step.measured ? `${step.measured.cacheRead}/${step.measured.cacheWrite}` : "—";
    lines.push(
      [
        pad(String(step.index + 1), 4, true),
        pad(describeLocation(step.location), 9),
        pad(String(step.tokens.input), 9, true),
        pad(String(step.tokens.cacheRead), 9, true),
        pad(String(step.tokens.cacheWrite), 9, true),
        pad(measured, 16, true),
        pad(formatCost(step.cost.totalUsd), 9, true),
        `  ${step.explanation ? step.explanation.headline : "—"}`,
      ].join(" "),
    );
    if (step.predictionGap) lines.push(`${" ".repeat(5)}${step.predictionGap}`);
  }
  const gaps = explanation.steps.filter((step) => step.predictionGap).length;
  if (gaps > 0)
    lines.push(
      "",
      `${gaps} of ${explanation.steps.length} requests: measured cache figures differ from the prediction (see the lines under them).`,
    );
  lines.push(
    "",
    `Total: ${formatCost(explanation.totals.costUsd)} predicted${explanation.measuredTotals ? `, ${formatCost(explanation.measuredTotals.costUsd)} measured over ${explanation.measuredTotals.requests} requests with usage` : ""}.`,
  );
  lines.push("Misses by cause (money lost against reading what the previous request cached):");
  for (const loss of explanation.losses)
    lines.push(
      `  ${pad(loss.label, 44)} ${pad(String(loss.requests), 4, true)} requests ${pad(formatCost(loss.lostUsd), 10, true)}`,
    );
  lines.push(
    "",
    `Measure before choosing: ${figures.toolCount} tools, about ${figures.meanDefinitionTokens} tokens a definition, ` +
      `${figures.distinctToolsUsedPerSession.toFixed(1)} distinct tools used per session (${figures.sessions} sessions), ` +
      `cache hit rate ${formatPercent(figures.hitRateByTokens)} by tokens and ${formatPercent(figures.hitRateByRequests)} by requests.`,
    `Recommendation: ${recommendation.headline}`,
    "",
    "Replay of the derived scenario under every strategy:",
    `  ${pad("your agent, as recorded", 30)} ${formatCost(explanation.measuredTotals?.costUsd ?? explanation.totals.costUsd)}`,
  );
  for (const run of analysis.replay)
    lines.push(
      `  ${pad(run.id, 30)} ${run.refused ? `refused: ${run.refused.reason}` : formatMoney(run.totals.costUsd, currencyOf(run.provider, run.model))}`,
    );
  for (const record of trace.skipped) lines.push(`skipped ${describeLocation(record.location)}: ${record.reason}`);
  for (const note of [...explanation.notes, ...analysis.derived.notes]) lines.push(`note: ${note}`);
  return lines.join("\n");
}
