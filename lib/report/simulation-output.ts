import { searchContinuationEffect } from "../decide/open-facts";
import type { StrategyRun, StrategyTotals } from "../engine/types";
import { getModel } from "../models/model-table";
import { explicitCacheFacts, explicitCacheForRun, recordedExplicitCache } from "../models/native-cache";
import type { Scenario } from "../scenario/types";
import type { Currency } from "../models/types";
import { formatPercent } from "../view/format";
import { currencyOf as modelCurrency, formatMoneyWithUsd } from "../view/money";

/** Options of the JSON: the person's conversion rate, applied only where they set one. */
export type MoneyOptions = { usdPerCny?: number };

/** The currency a run's prices are published in, and the person's rate to USD for it (1 for USD itself). */
function currencyOf(run: StrategyRun, options: MoneyOptions): { currency: Currency; usdRate?: number } {
  const currency: Currency = modelCurrency(run.provider, run.model);
  const usdRate = currency === "USD" ? 1 : currency === "CNY" ? options.usdPerCny : undefined;
  return usdRate === undefined ? { currency } : { currency, usdRate };
}

/**
 * A step's money fields. `cost` and `costParts` are in the currency the model's prices are published in (the run
 * says its `currency`); USD runs also keep the `costUsd` / `costPartsUsd` names (the same figures), and another
 * currency's runs give `costUsd` only when the person set a conversion rate, never from a built-in one.
 */
function costFields(run: StrategyRun, options: MoneyOptions, amount: number, parts: Record<string, number>) {
  const { currency, usdRate } = currencyOf(run, options);
  if (currency === "USD") return { cost: amount, costParts: parts, costUsd: amount, costPartsUsd: parts };
  return { cost: amount, costParts: parts, ...(usdRate !== undefined ? { costUsd: amount * usdRate } : {}) };
}

/** The documented `npm run simulate -- --json` shape (README). Also what the UI exports as JSON. */
export function simulationJson(runs: readonly StrategyRun[], options: MoneyOptions = {}) {
  return {
    strategies: runs.map((run) => ({
      id: run.id,
      provider: run.provider,
      model: run.model,
      currency: currencyOf(run, options).currency,
      // Which cache the engine sent and priced: the provider's explicit one where the scenario chose it and the
      // provider has one (settings `cacheMechanism`), otherwise the implicit one.
      cacheMechanism: run.steps.some((step) => step.explicitCache) ? "explicit" : "implicit",
      ...(run.refused ? { refused: run.refused.reason } : {}),
      // The catalog names the run sent under wire names (settings `toolNameMapping`): its requests carry `wire`.
      ...(run.wireNames ? { wireNames: run.wireNames } : {}),
      steps: run.steps.map((step) => ({
        index: step.index,
        turn: step.turn,
        // A second conversation of the run (a prefilter's small model, a sub-agent): its own cache, perhaps its own model.
        ...(step.lane ? { lane: step.lane, model: String(step.request.body.model ?? run.model) } : {}),
        ...(step.cacheCreateRequest ? { cacheCreateRequest: step.cacheCreateRequest } : {}),
        request: step.request,
        ...(step.explicitCache ? { explicitCache: step.explicitCache } : {}),
        tokens: {
          input: step.tokens.input,
          cacheRead: step.tokens.cacheRead,
          cacheWrite: step.tokens.cacheWrite,
          uncached: step.tokens.uncached,
          toolDefinitions: step.tokens.toolDefinitions,
          output: step.tokens.output,
        },
        divergence: step.divergence ? { segment: step.divergence.segment, reason: step.divergence.reason } : null,
        // Each part is its tokens times one price, so the cost can be checked from this JSON alone.
        ...costFields(run, options, step.cost.totalUsd, {
          uncached: step.cost.uncachedUsd,
          cacheRead: step.cost.cacheReadUsd,
          cacheWrite: step.cost.cacheWriteUsd,
          output: step.cost.outputUsd,
        }),
        ...(step.rejected
          ? {
              rejected: {
                status: step.rejected.status,
                reason: step.rejected.reason,
                limit: step.rejected.limit,
                source: step.rejected.source,
              },
            }
          : {}),
      })),
      totals: totalsJson(run.totals, currencyOf(run, options)),
      ...explicitCacheJson(run),
    })),
  };
}

/**
 * Where the provider has an explicit cache beside the implicit one the engine priced (Gemini cachedContents, Qwen
 * cache_control markers), the same main conversation under it: each request's status, the cost and the storage in
 * the model's currency (lib/models/native-cache.ts).
 */
function explicitCacheJson(run: StrategyRun) {
  const model = getModel(run.provider, run.model);
  const facts = model ? explicitCacheFacts(model) : null;
  if (!model || !facts || run.refused || run.steps.length === 0) return {};
  // A run the engine sent under the explicit cache: its own steps' figures; otherwise the comparison's.
  const main = run.steps.filter((step) => !step.rejected && !step.lane);
  const recorded = recordedExplicitCache(run.steps);
  const explicit = recorded
    ? {
        total: recorded.cost,
        storage: recorded.storage,
        steps: main.map((step) => ({ status: step.explicitCache!.status })),
      }
    : explicitCacheForRun(model, run.steps);
  return {
    explicitCache: {
      mechanism: facts.mechanism,
      ttlSeconds: facts.ttlSeconds.value,
      cost: explicit.total,
      storage: explicit.storage,
      statuses: explicit.steps.map((step) => step.status),
    },
  };
}

/** A run's totals as `simulate --json` prints them (also the totals of `npm run trace -- --json`). */
export function totalsJson(
  totals: StrategyTotals,
  money: { currency: Currency; usdRate?: number } = { currency: "USD" },
) {
  // `totals.costUsd` is the engine's name for the run's cost; it is in the model's currency (money.currency).
  const cost = {
    currency: money.currency,
    cost: totals.costUsd,
    ...(money.currency === "USD"
      ? { costUsd: totals.costUsd }
      : money.usdRate !== undefined
        ? { costUsd: totals.costUsd * money.usdRate }
        : {}),
  };
  return {
    input: totals.input,
    cacheRead: totals.cacheRead,
    cacheWrite: totals.cacheWrite,
    uncached: totals.uncached,
    output: totals.output,
    requests: totals.requests,
    ...cost,
    cacheHitRateByTokens: totals.cacheHitRateByTokens,
    cacheHitRateByRequests: totals.cacheHitRateByRequests,
    toolsFound: totals.toolsFound,
    toolsNeeded: totals.toolsNeeded,
    ...(totals.failsAtRequest !== undefined ? { failsAtRequest: totals.failsAtRequest } : {}),
  };
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** A readable table of every strategy's totals, for the terminal. */
export function formatRunsTable(
  scenario: Scenario,
  runs: readonly StrategyRun[],
  money: MoneyOptions = scenario.settings.usdPerCny !== undefined ? { usdPerCny: scenario.settings.usdPerCny } : {},
): string {
  const header = [
    "strategy",
    "provider/model",
    "requests",
    "input tok",
    "cache read",
    "cache write",
    "uncached",
    "hit (tok)",
    "cost",
    "found",
  ];
  const widths = [28, 34, 9, 11, 11, 12, 10, 10, 10, 7];
  const lines = [
    `${scenario.title} — ${scenario.catalog.tools.length} tools, ${scenario.turns.length} turns`,
    header.map((cell, index) => pad(cell, widths[index], index >= 2)).join(" "),
    widths.map((width) => "-".repeat(width)).join(" "),
  ];
  for (const run of runs) {
    if (run.refused) {
      lines.push(`${pad(run.id, widths[0])} refused: ${run.refused.reason}`);
      continue;
    }
    const totals = run.totals;
    const failing = run.steps.find((step) => step.rejected);
    if (failing?.rejected) {
      const rejected = failing.rejected;
      lines.push(
        `${pad(run.id, widths[0])} ${pad(`${run.provider}/${run.model}`, widths[1])} fails at request ${totals.failsAtRequest}: ` +
          `${rejected.status} ${rejected.reason}`,
      );
      lines.push(
        `${" ".repeat(widths[0])} that request: ${failing.tokens.input.toLocaleString("en-US")} prompt tokens, ` +
          `${countTools(failing.request.body)} tools; limit: ${rejected.source}`,
      );
      continue;
    }
    const cells = [
      run.id,
      `${run.provider}/${run.model}`,
      String(totals.requests),
      totals.input.toLocaleString("en-US"),
      totals.cacheRead.toLocaleString("en-US"),
      totals.cacheWrite.toLocaleString("en-US"),
      totals.uncached.toLocaleString("en-US"),
      formatPercent(totals.cacheHitRateByTokens),
      formatMoneyWithUsd({ amount: totals.costUsd, currency: modelCurrency(run.provider, run.model) }, money),
      `${totals.toolsFound}/${totals.toolsNeeded}`,
    ];
    lines.push(cells.map((cell, index) => pad(cell, widths[index], index >= 2)).join(" "));
    for (const warning of run.warnings) lines.push(`${" ".repeat(widths[0])} note: ${warning.message}`);
    // The hosted search's continuation is billed as its first pass only, a choice that favours this strategy.
    const model = getModel(run.provider, run.model);
    const continuation = model ? searchContinuationEffect(run, model, scenario.settings.searchExecution) : null;
    if (continuation)
      lines.push(
        `${" ".repeat(widths[0])} assumed: a hosted search's continuation is billed as its first pass only ` +
          `(unconfirmed; Settings → assumptions). ${continuation.sentence}`,
      );
  }
  lines.push("", `Token counts: ${[...new Set(runs.map((run) => run.tokenCounting.label))].join("; ")}`);
  const wireNames = new Map(runs.flatMap((run) => run.wireNames ?? []).map(({ original, wire }) => [original, wire]));
  if (wireNames.size > 0)
    lines.push(
      `Wire names, as MCP clients send them: ${[...wireNames].map(([original, wire]) => `${original} → ${wire}`).join(", ")}`,
    );
  return lines.join("\n");
}

function countTools(body: Record<string, unknown>): number {
  return Array.isArray(body.tools) ? body.tools.length : 0;
}
