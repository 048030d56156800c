import type { StrategyTotals } from "../engine/types";
import { modelFor } from "./calibrate";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";
import { baselineStrategyId, STRATEGIES, strategyDefinition } from "../strategies";
import { formatPercent, formatTokens } from "../view/format";
import { currencyOf, formatMoneyWithUsd } from "../view/money";
import { providerLabel } from "../view/provider-labels";
import { strategyTitleIn } from "../view/strategy-info";
import type { SchemaComplexity } from "./schema-complexity";
import { translatorFor, type Translator } from "../i18n/translator";
import type { Locale } from "../i18n/locales";

type T = Translator<"decide">;
const ENGLISH: T = translatorFor("en", "decide");

/**
 * Seed 001 §4.1 ("如果让我选，我会怎么选"): first measure — tool count, mean definition length, tools a session
 * really uses, cache hit rate — then:
 *  1. fewer than 20 tools: register everything;
 *  2. many tools and a target provider with a native mechanism: use it (defer_loading, Kimi dynamic loading);
 *  3. many tools on self-hosted or several backends: search_tools + invoke_tool, with local search quality as a
 *     first-class metric;
 *  4. very complex schemas and no generic validator yet: stubs as a bridge.
 */
export type RecommendationRule = "few-tools" | "native-deferral" | "gateway-with-search-quality" | "stubs-bridge";

/** Seed 001 §4.1: "工具 < 20：全量注册". */
export const FEW_TOOLS_THRESHOLD = 20;
/** Below this recall the gateway's "the model cannot find it, so it does not use it" failure (§3.1) is likely. */
export const GOOD_SEARCH_RECALL = 0.9;

/**
 * The seed's rules name the strategies they recommend: these are deliberate mentions of ids (rules 1, 3 and 4).
 * Rule 2 asks each strategy whether it is the provider's own mechanism (its `decide.nativeOn` fact).
 */
const RULE_STRATEGY = { registerEverything: "full", gateway: "gateway", stubs: "stubs" } as const satisfies Record<
  string,
  StrategyId
>;

/** The provider's own disclosure mechanisms, in the seed's order of preference. */
function nativeMechanisms(provider: ProviderId): StrategyId[] {
  return Object.values(STRATEGIES)
    .filter((definition) => definition.decide.nativeOn?.providers.includes(provider))
    .sort((a, b) => (a.decide.nativeOn?.rank ?? 0) - (b.decide.nativeOn?.rank ?? 0))
    .map((definition) => definition.id);
}

const isBaseline = (id: StrategyId) => strategyDefinition(id).decide.role === "baseline";

export type MeasuredRun = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  refused?: { reason: string };
  totals: StrategyTotals;
  /** The steps, when known: a rejected one carries the provider's error, quoted when the strategy fails. */
  steps?: ReadonlyArray<{ rejected?: { status: number; reason: string } }>;
};

/** Where the provider refuses a run, in words and figures: "fails at request 1 (400 prompt is too long…)". */
export type RunFailure = { atRequest: number; status: number | null; reason: string | null };

/** The failure of a run the provider refuses part-way (`totals.failsAtRequest`), or null for a run it accepts. */
export function runFailure(run: MeasuredRun | undefined): RunFailure | null {
  const atRequest = run?.totals.failsAtRequest;
  if (!run || atRequest === undefined) return null;
  const rejected = run.steps?.find((step) => step.rejected)?.rejected;
  return { atRequest, status: rejected?.status ?? null, reason: rejected?.reason ?? null };
}

/** "fails at request 1 (400: prompt is too long…)": the words every decide view and the report use for a refused run. */
export function failsText(failure: RunFailure, t: T = ENGLISH): string {
  const error = failure.reason ? ` (${failure.status ?? ""}${failure.status ? ": " : ""}${failure.reason})` : "";
  return t("recommend.fails", { request: failure.atRequest, error });
}

export type RecommendInput = {
  toolCount: number;
  /** Mean tokens of one full definition (the engine's first request of `full`). */
  tokensPerTool: number;
  provider: ProviderId;
  model: string;
  settings?: Pick<ScenarioSettings, "searchExecution" | "useNamespaces" | "usdPerCny">;
  /** The agent must run on several providers or OpenAI-compatible backends (vLLM, OpenRouter, Ollama…). */
  severalProviders: boolean;
  schemas: Pick<SchemaComplexity, "veryComplex" | "complexShare">;
  /** The compare table's runs on the current scenario (RunSummary fits). */
  runs: readonly MeasuredRun[];
  /** Search quality measured elsewhere (search lab, `npm run eval:search`): recall@k in [0, 1]. */
  searchRecall?: { value: number; k?: number; source?: string };
  /** Break-even turns against `full` from the explorer, when known. */
  breakEvenTurns?: Partial<Record<StrategyId, number | null>>;
  /** The reader's language for the headline and reasons; English when absent (CLI, tests). */
  locale?: Locale;
};

export type RecommendationFigures = {
  toolCount: number;
  tokensPerTool: number;
  /** The recommended strategy's figures on the current scenario; null when it did not run there. */
  tokensPerRequest: number | null;
  costUsd: number | null;
  requests: number | null;
  cacheHitRate: number | null;
  /** The same figures for `full`, the baseline. */
  fullTokensPerRequest: number | null;
  fullCostUsd: number | null;
  /** (full − recommended) / full cost; negative when the recommendation costs more on this scenario. */
  savingVsFull: number | null;
  /** Tools found / needed on this scenario, and the given recall, when the strategy searches. */
  toolsFound: number | null;
  toolsNeeded: number | null;
  searchRecall: number | null;
  /** Where the provider refuses the recommended strategy (null when it does not: a failing one is never chosen while another runs). */
  fails: RunFailure | null;
  /** Where the provider refuses loading everything, when it does: then it has no cost to compare with. */
  fullFails: RunFailure | null;
};

export type Recommendation = {
  strategy: StrategyId;
  rule: RecommendationRule;
  headline: string;
  reasons: string[];
  figures: RecommendationFigures;
  /** What else fits, in order (e.g. the gateway once a generic validator exists). */
  alternatives: StrategyId[];
};

export function recommend(input: RecommendInput): Recommendation {
  const t = translatorFor(input.locale ?? "en", "decide");
  const chosen = byRule(input, t);
  if (!failsOn(input, chosen.strategy)) return chosen;
  // The rule's choice is refused by the provider on this scenario: a strategy that cannot run is never recommended.
  // The next choice is the rule's first alternative that runs, else the cheapest progressive strategy that runs.
  const fallback =
    chosen.alternatives.find((id) => ranRun(input, id) !== undefined) ?? cheapestProgressive(input) ?? null;
  if (fallback === null) return chosen;
  const failure = runFailure(input.runs.find((run) => run.id === chosen.strategy)) as RunFailure;
  const replaced = build(
    input,
    fallback,
    chosen.rule,
    [chosen.strategy, ...chosen.alternatives].filter((id) => id !== fallback && !failsOn(input, id)),
    t,
  );
  replaced.headline = t("recommend.fallbackHeadline", {
    fallback: strategyTitleIn(fallback, input.locale ?? "en"),
    chosen: strategyTitleIn(chosen.strategy, input.locale ?? "en"),
    fails: failsText({ ...failure, reason: null }, t),
    measured: measuredText(fallback, replaced.figures, t, moneyFor(input)),
  });
  replaced.reasons.splice(
    1,
    0,
    t("recommend.fallbackReason", {
      chosen: strategyTitleIn(chosen.strategy, input.locale ?? "en"),
      fails: failsText(failure, t),
      fallback: strategyTitleIn(fallback, input.locale ?? "en"),
    }),
  );
  return replaced;
}

/** The run of `id` on the scenario's provider is refused part-way (it has no cost: it cannot run). */
function failsOn(input: RecommendInput, id: StrategyId): boolean {
  return input.runs.some((run) => run.id === id && !run.refused && run.totals.failsAtRequest !== undefined);
}

function byRule(input: RecommendInput, t: T): Recommendation {
  const native = nativeStrategy(input);
  if (input.toolCount < FEW_TOOLS_THRESHOLD)
    return build(
      input,
      RULE_STRATEGY.registerEverything,
      "few-tools",
      cheapestProgressive(input) ? [cheapestProgressive(input) as StrategyId] : [],
      t,
    );
  const { gateway, stubs } = RULE_STRATEGY;
  if (native && !input.severalProviders) return build(input, native, "native-deferral", [gateway], t);
  if (input.schemas.veryComplex) return build(input, stubs, "stubs-bridge", [gateway, ...(native ? [native] : [])], t);
  return build(input, gateway, "gateway-with-search-quality", native ? [native] : [stubs], t);
}

/** The provider's native mechanism this model supports, or null (OpenAI Chat Completions and compatibles have none). */
export function nativeStrategy(input: Pick<RecommendInput, "provider" | "model" | "settings">): StrategyId | null {
  const model = modelFor(input.provider, input.model);
  for (const id of nativeMechanisms(input.provider)) {
    const settings = { ...defaultSettingsFor(input), provider: input.provider, model: model.id } as ScenarioSettings;
    if (strategyDefinition(id).supports(input.provider, model, settings).ok) return id;
  }
  return null;
}

function defaultSettingsFor(input: Pick<RecommendInput, "settings">): Partial<ScenarioSettings> {
  return {
    searchExecution: input.settings?.searchExecution ?? "server",
    useNamespaces: input.settings?.useNamespaces ?? true,
  };
}

/** The run of `id` that the provider accepted to the end: the only kind with a cost to quote. */
function ranRun(input: RecommendInput, id: StrategyId): MeasuredRun | undefined {
  return input.runs.find(
    (run) => run.id === id && !run.refused && run.totals.requests > 0 && run.totals.failsAtRequest === undefined,
  );
}

/** The cheapest progressive strategy (not the baseline, not the anti-pattern), among runs on the scenario's own provider (prices differ). */
function cheapestProgressive(input: RecommendInput): StrategyId | null {
  const candidates = input.runs.filter(
    (run) =>
      strategyDefinition(run.id).decide.role === "progressive" &&
      run.provider === input.provider &&
      !run.refused &&
      run.totals.failsAtRequest === undefined &&
      run.totals.requests > 0,
  );
  candidates.sort((a, b) => a.totals.costUsd - b.totals.costUsd);
  return candidates[0]?.id ?? null;
}

function figuresOf(input: RecommendInput, id: StrategyId): RecommendationFigures {
  const run = ranRun(input, id);
  const full = ranRun(input, baselineStrategyId());
  const perRequest = (totals: StrategyTotals) => totals.input / totals.requests;
  return {
    toolCount: input.toolCount,
    tokensPerTool: input.tokensPerTool,
    tokensPerRequest: run ? perRequest(run.totals) : null,
    costUsd: run ? run.totals.costUsd : null,
    requests: run ? run.totals.requests : null,
    cacheHitRate: run ? run.totals.cacheHitRateByTokens : null,
    fullTokensPerRequest: full ? perRequest(full.totals) : null,
    fullCostUsd: full ? full.totals.costUsd : null,
    savingVsFull:
      !isBaseline(id) && run && full && full.totals.costUsd > 0
        ? (full.totals.costUsd - run.totals.costUsd) / full.totals.costUsd
        : null,
    toolsFound: run ? run.totals.toolsFound : null,
    toolsNeeded: run ? run.totals.toolsNeeded : null,
    searchRecall: input.searchRecall?.value ?? null,
    fails: runFailure(input.runs.find((run) => run.id === id && !run.refused)),
    fullFails: runFailure(input.runs.find((run) => run.id === baselineStrategyId() && !run.refused)),
  };
}

/** ICU select keys cannot hold a hyphen: "few-tools" is selected as "fewTools". */
const ruleKey = (rule: RecommendationRule) => rule.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

type MoneyText = (amount: number) => string;

/** The scenario model's money, in its currency and the reader's language, converted only at the person's rate. */
function moneyFor(input: RecommendInput): MoneyText {
  const currency = currencyOf(input.provider, input.model);
  const rates = input.settings?.usdPerCny !== undefined ? { usdPerCny: input.settings.usdPerCny } : {};
  return (amount) => formatMoneyWithUsd({ amount, currency }, { ...rates, locale: input.locale ?? "en" });
}

function build(
  input: RecommendInput,
  strategy: StrategyId,
  rule: RecommendationRule,
  alternatives: StrategyId[],
  t: T,
): Recommendation {
  const figures = figuresOf(input, strategy);
  const money = moneyFor(input);
  const title = strategyTitleIn(strategy, input.locale ?? "en");
  const reasons: string[] = [t("recommend.ruleText", { rule: ruleKey(rule), threshold: FEW_TOOLS_THRESHOLD })];
  // A mean over the tools, counted for this model: the catalog list's per-tool figures are o200k, so "of about 72
  // tokens each" beside a list reading 72 and 48 misled; the sentence says whose count it is and that it is a mean.
  reasons.push(
    t("recommend.measuredCatalog", {
      tools: formatTokens(input.toolCount),
      tokens: formatTokens(input.toolCount * input.tokensPerTool),
      model: input.model,
      perTool: formatTokens(input.tokensPerTool),
    }),
  );
  if (figures.tokensPerRequest !== null && figures.costUsd !== null) {
    reasons.push(
      t("recommend.onConversation", {
        title,
        perRequest: formatTokens(figures.tokensPerRequest),
        requests: formatTokens(figures.requests ?? 0),
        hit: formatPercent(figures.cacheHitRate ?? 0),
        cost: money(figures.costUsd),
      }),
    );
  } else if (figures.fails) {
    reasons.push(t("recommend.failsOnConversation", { title, fails: failsText(figures.fails, t) }));
  } else {
    const refused = input.runs.find((run) => run.id === strategy)?.refused?.reason;
    reasons.push(t("recommend.didNotRun", { title, refused: refused ? `: ${refused}` : "" }));
  }
  if (!isBaseline(strategy) && figures.fullTokensPerRequest !== null && figures.fullCostUsd !== null) {
    reasons.push(
      t("recommend.fullInstead", {
        perRequest: formatTokens(figures.fullTokensPerRequest),
        cost: money(figures.fullCostUsd),
      }),
    );
  }
  if (!isBaseline(strategy) && figures.fullFails) {
    reasons.push(t("recommend.fullFails", { fails: failsText(figures.fullFails, t) }));
  }
  if (rule === "few-tools") {
    const progressive = alternatives[0];
    const run = progressive ? ranRun(input, progressive) : undefined;
    if (run && figures.costUsd !== null) {
      const saving = figures.costUsd > 0 ? (figures.costUsd - run.totals.costUsd) / figures.costUsd : 0;
      reasons.push(
        saving > 0
          ? t("recommend.progressiveCheaper", {
              strategy: strategyTitleIn(run.id, input.locale ?? "en"),
              cost: money(run.totals.costUsd),
              saving: formatPercent(saving),
              more: formatTokens(run.totals.requests - (figures.requests ?? 0)),
            })
          : t("recommend.noProgressiveCheaper", {
              strategy: strategyTitleIn(run.id, input.locale ?? "en"),
              cost: money(run.totals.costUsd),
            }),
      );
    }
  }
  if (figures.savingVsFull !== null && !isBaseline(strategy)) {
    reasons.push(
      figures.savingVsFull >= 0
        ? t("recommend.savingLess", { share: formatPercent(figures.savingVsFull) })
        : t("recommend.savingMore", { share: formatPercent(-figures.savingVsFull) }),
    );
  }
  const breakEven = input.breakEvenTurns?.[strategy];
  if (breakEven !== undefined && !isBaseline(strategy)) {
    reasons.push(breakEven === null ? t("recommend.breakEvenNone") : t("recommend.breakEvenFrom", { turn: breakEven }));
  }
  if (rule === "gateway-with-search-quality" || rule === "native-deferral" || rule === "stubs-bridge")
    reasons.push(...searchReasons(input, figures, rule, t));
  if (rule === "native-deferral") reasons.push(t("recommend.ties", { provider: providerLabel(input.provider) }));
  if (rule === "stubs-bridge") {
    reasons.push(t("recommend.complexSchemas", { share: formatPercent(input.schemas.complexShare) }));
  }
  if (input.severalProviders && rule !== "few-tools") reasons.push(t("recommend.severalProviders"));
  return {
    strategy,
    rule,
    headline: headline(strategy, rule, figures, t, input.locale ?? "en", money),
    reasons,
    figures,
    alternatives,
  };
}

function searchReasons(
  input: RecommendInput,
  figures: RecommendationFigures,
  rule: RecommendationRule,
  t: T,
): string[] {
  const reasons: string[] = [];
  if (rule === "stubs-bridge") return reasons;
  if (input.searchRecall) {
    const { value, k, source } = input.searchRecall;
    const measured = t("recommend.recall", {
      k: k ? `@${k}` : "",
      value: formatPercent(value),
      source: source ? ` (${source})` : "",
    });
    reasons.push(
      value >= GOOD_SEARCH_RECALL
        ? t("recommend.recallGood", { measured })
        : t("recommend.recallLow", { measured, good: formatPercent(GOOD_SEARCH_RECALL) }),
    );
  } else if (rule === "gateway-with-search-quality") {
    reasons.push(t("recommend.recallUnmeasured"));
  }
  if (
    figures.toolsFound !== null &&
    figures.toolsNeeded !== null &&
    figures.toolsNeeded > 0 &&
    figures.toolsFound < figures.toolsNeeded
  ) {
    reasons.push(t("recommend.searchFound", { found: figures.toolsFound, needed: figures.toolsNeeded }));
  }
  return reasons;
}

function headline(
  strategy: StrategyId,
  rule: RecommendationRule,
  figures: RecommendationFigures,
  t: T,
  locale: Locale,
  money: MoneyText,
): string {
  return t("recommend.headline", {
    rule: ruleKey(rule),
    title: strategyTitleIn(strategy, locale),
    tools: formatTokens(figures.toolCount),
    measured: measuredText(strategy, figures, t, money),
  });
}

/** The measured half of a headline: tokens a request and cost, or where the provider refuses the strategy. */
function measuredText(strategy: StrategyId, figures: RecommendationFigures, t: T, money: MoneyText): string {
  return figures.fails
    ? t("recommend.measuredFails", { fails: failsText(figures.fails, t) })
    : figures.tokensPerRequest !== null && figures.costUsd !== null
      ? isBaseline(strategy) || figures.fullTokensPerRequest === null || figures.fullCostUsd === null
        ? t("recommend.measuredAlone", {
            perRequest: formatTokens(figures.tokensPerRequest),
            cost: money(figures.costUsd),
            fullFails: !isBaseline(strategy) && figures.fullFails ? figures.fullFails.atRequest : 0,
          })
        : t("recommend.measuredVsFull", {
            perRequest: formatTokens(figures.tokensPerRequest),
            fullPerRequest: formatTokens(figures.fullTokensPerRequest),
            cost: money(figures.costUsd),
            fullCost: money(figures.fullCostUsd),
          })
      : t("recommend.notMeasured");
}
