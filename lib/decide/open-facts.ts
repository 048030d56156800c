/**
 * Facts no primary source settles (PROTOCOLS.md §9 "still open"), each with its effect on this scenario's cost,
 * computed from the engine's steps of the compare table's runs: what the run would cost under the other reading.
 * The simulation itself keeps the default reading; these figures say how much rides on it.
 */
import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import { computeCost, getModel, type ModelInfo } from "../models";
import type { ProviderId, StrategyId } from "../core/ids";
import { strategyDefinition } from "../strategies";
import { formatTokens } from "../view/format";
import { strategyTitleIn } from "../view/strategy-info";
import { formatMoney } from "../view/money";
import { providerFacts } from "../providers/facts";

export type OpenFactId = "anthropic-search-continuation-billed" | "sonnet-4-6-minimum-cacheable-2048";

export type OpenFactEffect = {
  id: OpenFactId;
  strategy: StrategyId;
  model: string;
  /** What the simulation assumes, and the other reading whose cost is computed. */
  assumed: string;
  alternative: string;
  source: string;
  /** Extra cost of the run under the other reading (USD), and the requests it touches. */
  extraUsd: number;
  requests: number;
  sentence: string;
};

/** What the effects need of a run (RunSummary and StrategyRun fit). */
export type OpenFactRun = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  refused?: { reason: string };
  totals: { costUsd: number; failsAtRequest?: number };
  steps: ReadonlyArray<{
    kind: string;
    /** The response body where the run kept it (StrategyRun); the page's RunSummary does not. */
    response?: unknown;
    tokens: { input: number; cacheRead: number; cacheWrite: number; uncached: number; toolDefinitions: number };
    cost: { totalUsd: number };
    rejected?: unknown;
  }>;
};

// Where each open fact stands, in the reader's language (the citation itself stays as written).
const sourceOf = (locale: Locale, fact: "continuation" | "sonnetMinimum") =>
  translatorFor(locale, "engine")(`openFactSources.${fact}`);

/**
 * The step ran a hosted search: its response has a `server_tool_use` block where the response is kept; otherwise
 * (the page's summaries) a search step of the provider's own mechanism run by the server.
 */
function ranHostedSearch(
  step: OpenFactRun["steps"][number],
  run: Pick<OpenFactRun, "id">,
  searchExecution: "server" | "client",
): boolean {
  if (step.response !== undefined) return JSON.stringify(step.response).includes('"server_tool_use"');
  const native = strategyDefinition(run.id).decide.nativeOn?.providers.includes("anthropic") ?? false;
  return step.kind === "search" && native && searchExecution === "server";
}

/**
 * Anthropic's hosted tool search runs inside one call: the model searches, the API expands the references, and the
 * model continues. The engine bills the call's prompt once and the expanded definitions where they sit in the next
 * request. If the continuation is billed, each searching call also pays its prompt again (read from the cache the
 * call just wrote) and the definitions it expanded (new input): that difference, per run.
 */
export function searchContinuationEffect(
  run: OpenFactRun,
  model: ModelInfo,
  searchExecution: "server" | "client" = "server",
  locale: Locale = "en",
): OpenFactEffect | null {
  if (!providerFacts(run.provider).openBilling.includes("search-continuation") || run.refused) return null;
  let extraUsd = 0;
  let requests = 0;
  let definitions = 0;
  run.steps.forEach((step, index) => {
    if (step.rejected || !ranHostedSearch(step, run, searchExecution)) return;
    const next = run.steps[index + 1];
    const expanded = next ? Math.max(0, next.tokens.toolDefinitions - step.tokens.toolDefinitions) : 0;
    requests += 1;
    definitions += expanded;
    extraUsd += computeCost(
      { cacheRead: step.tokens.input, cacheWrite: 0, uncached: expanded, output: 0 },
      model.prices,
      { ttl: "5m", writesBilled: true },
    ).totalUsd;
  });
  if (requests === 0) return null;
  const t = translatorFor(locale, "decide");
  return {
    id: "anthropic-search-continuation-billed",
    strategy: run.id,
    model: run.model,
    assumed: t("openFacts.continuationAssumed"),
    alternative: t("openFacts.continuationAlternative"),
    source: sourceOf(locale, "continuation"),
    extraUsd,
    requests,
    sentence: t("openFacts.continuationSentence", {
      strategy: strategyTitleIn(run.id, locale),
      model: run.model,
      extra: formatMoney(extraUsd, model.prices.currency, { locale }),
      requests,
      definitions: formatTokens(definitions),
    }),
  };
}

const SONNET_4_6 = "claude-sonnet-4-6";

/**
 * If Sonnet 4.6 caches only from 2,048 tokens, prompts of 1,024–2,047 tokens are neither written nor read: their
 * cached tokens are billed as plain input. A first-order figure: it reprices those requests alone.
 */
export function sonnetMinimumEffect(run: OpenFactRun, model: ModelInfo, locale: Locale = "en"): OpenFactEffect | null {
  const open = providerFacts(run.provider).openBilling.includes("sonnet-4-6-minimum");
  if (!open || run.model !== SONNET_4_6 || run.refused) return null;
  let extraUsd = 0;
  let requests = 0;
  for (const step of run.steps) {
    if (step.rejected || step.tokens.input >= 2_048 || step.tokens.cacheRead + step.tokens.cacheWrite === 0) continue;
    requests += 1;
    const uncached = computeCost(
      { cacheRead: 0, cacheWrite: 0, uncached: step.tokens.input, output: 0 },
      model.prices,
      { ttl: "5m", writesBilled: true },
    ).totalUsd;
    const cached = computeCost(
      {
        cacheRead: step.tokens.cacheRead,
        cacheWrite: step.tokens.cacheWrite,
        uncached: step.tokens.uncached,
        output: 0,
      },
      model.prices,
      { ttl: "5m", writesBilled: true },
    ).totalUsd;
    extraUsd += uncached - cached;
  }
  const t = translatorFor(locale, "decide");
  return {
    id: "sonnet-4-6-minimum-cacheable-2048",
    strategy: run.id,
    model: run.model,
    assumed: t("openFacts.sonnetAssumed"),
    alternative: t("openFacts.sonnetAlternative"),
    source: sourceOf(locale, "sonnetMinimum"),
    extraUsd,
    requests,
    sentence:
      requests === 0
        ? t("openFacts.sonnetSame", { strategy: strategyTitleIn(run.id, locale) })
        : t("openFacts.sonnetSentence", {
            strategy: strategyTitleIn(run.id, locale),
            extra: formatMoney(Math.abs(extraUsd), model.prices.currency, { locale }),
            more: String(extraUsd >= 0),
            requests,
          }),
  };
}

/** Every open fact's effect on the runs of the scenario's own provider and model. */
export function openFactEffects(
  runs: readonly OpenFactRun[],
  on: { provider: ProviderId; model: string; searchExecution?: "server" | "client"; locale?: Locale },
): OpenFactEffect[] {
  const model = getModel(on.provider, on.model);
  if (!model) return [];
  return runs
    .filter((run) => run.provider === on.provider && run.model === on.model)
    .flatMap((run) => [
      searchContinuationEffect(run, model, on.searchExecution ?? "server", on.locale),
      sonnetMinimumEffect(run, model, on.locale),
    ])
    .filter((effect): effect is OpenFactEffect => effect !== null);
}
