import type { StrategyTotals } from "../engine/types";
import { modelFor } from "./calibrate";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";
import { baselineStrategyId, STRATEGIES, strategyDefinition } from "../strategies";
import { formatPercent, formatTokens, formatUsd } from "../view/format";
import { providerLabel } from "../view/provider-labels";
import { strategyTitle } from "../view/strategy-info";
import type { SchemaComplexity } from "./schema-complexity";

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
export function failsText(failure: RunFailure): string {
  const error = failure.reason ? ` (${failure.status ?? ""}${failure.status ? ": " : ""}${failure.reason})` : "";
  return `fails at request ${failure.atRequest}${error}`;
}

export type RecommendInput = {
  toolCount: number;
  /** Mean tokens of one full definition (the engine's first request of `full`). */
  tokensPerTool: number;
  provider: ProviderId;
  model: string;
  settings?: Pick<ScenarioSettings, "searchExecution" | "useNamespaces">;
  /** The agent must run on several providers or OpenAI-compatible backends (vLLM, OpenRouter, Ollama…). */
  severalProviders: boolean;
  schemas: Pick<SchemaComplexity, "veryComplex" | "complexShare">;
  /** The compare table's runs on the current scenario (RunSummary fits). */
  runs: readonly MeasuredRun[];
  /** Search quality measured elsewhere (search lab, `npm run eval:search`): recall@k in [0, 1]. */
  searchRecall?: { value: number; k?: number; source?: string };
  /** Break-even turns against `full` from the explorer, when known. */
  breakEvenTurns?: Partial<Record<StrategyId, number | null>>;
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
  const chosen = byRule(input);
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
  );
  replaced.headline = `Use ${strategyTitle(fallback)}: ${strategyTitle(chosen.strategy)} ${failsText({ ...failure, reason: null })} here — ${measuredText(fallback, replaced.figures)}.`;
  replaced.reasons.splice(
    1,
    0,
    `The rule's own choice, ${strategyTitle(chosen.strategy)}, ${failsText(failure)} on this conversation: the provider refuses it, so ${strategyTitle(fallback)} is recommended instead.`,
  );
  return replaced;
}

/** The run of `id` on the scenario's provider is refused part-way (it has no cost: it cannot run). */
function failsOn(input: RecommendInput, id: StrategyId): boolean {
  return input.runs.some((run) => run.id === id && !run.refused && run.totals.failsAtRequest !== undefined);
}

function byRule(input: RecommendInput): Recommendation {
  const native = nativeStrategy(input);
  if (input.toolCount < FEW_TOOLS_THRESHOLD)
    return build(
      input,
      RULE_STRATEGY.registerEverything,
      "few-tools",
      cheapestProgressive(input) ? [cheapestProgressive(input) as StrategyId] : [],
    );
  const { gateway, stubs } = RULE_STRATEGY;
  if (native && !input.severalProviders) return build(input, native, "native-deferral", [gateway]);
  if (input.schemas.veryComplex) return build(input, stubs, "stubs-bridge", [gateway, ...(native ? [native] : [])]);
  return build(input, gateway, "gateway-with-search-quality", native ? [native] : [stubs]);
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

const RULE_TEXT: Record<RecommendationRule, string> = {
  "few-tools": `With fewer than ${FEW_TOOLS_THRESHOLD} tools, register everything — simple, and progressive disclosure's extra requests may not pay for themselves.`,
  "native-deferral":
    "Many tools and a provider with a native mechanism — use it (defer_loading, Kimi dynamic loading): cache-friendly at the protocol level, schemas still enforced by the provider, lowest engineering cost.",
  "gateway-with-search-quality":
    "Many tools on self-hosted or several backends — search_tools + invoke_tool, with local search quality as a first-class metric (BM25 first, embeddings when the catalog is big enough), and accept that client-side validation code grows.",
  "stubs-bridge":
    "Very complex schemas and no generic validator yet — stubs + load_tool_schemas are a reasonable bridge.",
};

function build(
  input: RecommendInput,
  strategy: StrategyId,
  rule: RecommendationRule,
  alternatives: StrategyId[],
): Recommendation {
  const figures = figuresOf(input, strategy);
  const title = strategyTitle(strategy);
  const reasons: string[] = [RULE_TEXT[rule]];
  // A mean over the tools, counted for this model: the catalog list's per-tool figures are o200k, so "of about 72
  // tokens each" beside a list reading 72 and 48 misled; the sentence says whose count it is and that it is a mean.
  const catalog = `${formatTokens(input.toolCount)} tools, ${formatTokens(input.toolCount * input.tokensPerTool)} tokens of definitions as counted for ${input.model} (about ${formatTokens(input.tokensPerTool)} a tool on average)`;
  reasons.push(`Measured: ${catalog}.`);
  if (figures.tokensPerRequest !== null && figures.costUsd !== null) {
    reasons.push(
      `${title} on this conversation: ${formatTokens(figures.tokensPerRequest)} input tokens a request over ${formatTokens(figures.requests ?? 0)} requests, ` +
        `${formatPercent(figures.cacheHitRate ?? 0)} of input tokens read from the cache, ${formatUsd(figures.costUsd)} in total.`,
    );
  } else if (figures.fails) {
    reasons.push(
      `${title} ${failsText(figures.fails)} on this conversation: the provider refuses that request, so it has no cost to quote.`,
    );
  } else {
    const refused = input.runs.find((run) => run.id === strategy)?.refused?.reason;
    reasons.push(
      `${title} did not run on this conversation${refused ? `: ${refused}` : ""}; its figures are not measured here.`,
    );
  }
  if (!isBaseline(strategy) && figures.fullTokensPerRequest !== null && figures.fullCostUsd !== null) {
    reasons.push(
      `Loading everything instead: ${formatTokens(figures.fullTokensPerRequest)} tokens a request, ${formatUsd(figures.fullCostUsd)} in total.`,
    );
  }
  if (!isBaseline(strategy) && figures.fullFails) {
    reasons.push(
      `Loading everything instead ${failsText(figures.fullFails)}: past this size sending every tool is not expensive, it is impossible.`,
    );
  }
  if (rule === "few-tools") {
    const progressive = alternatives[0];
    const run = progressive ? ranRun(input, progressive) : undefined;
    if (run && figures.costUsd !== null) {
      const saving = figures.costUsd > 0 ? (figures.costUsd - run.totals.costUsd) / figures.costUsd : 0;
      reasons.push(
        saving > 0
          ? `The cheapest progressive strategy here, ${strategyTitle(run.id)}, would cost ${formatUsd(run.totals.costUsd)} (${formatPercent(saving)} less) for ${formatTokens(run.totals.requests - (figures.requests ?? 0))} more requests and a search that has to find the tools.`
          : `No progressive strategy is cheaper here: the cheapest, ${strategyTitle(run.id)}, costs ${formatUsd(run.totals.costUsd)}.`,
      );
    }
  }
  if (figures.savingVsFull !== null && !isBaseline(strategy)) {
    reasons.push(
      figures.savingVsFull >= 0
        ? `That is ${formatPercent(figures.savingVsFull)} less than loading everything on this conversation.`
        : `On this short conversation it costs ${formatPercent(-figures.savingVsFull)} more than loading everything; the break-even explorer shows from which turn it pays.`,
    );
  }
  const breakEven = input.breakEvenTurns?.[strategy];
  if (breakEven !== undefined && !isBaseline(strategy)) {
    reasons.push(
      breakEven === null
        ? "In the break-even explorer it does not become cheaper than loading everything within the chosen turns."
        : `In the break-even explorer it is cheaper than loading everything from turn ${breakEven} on.`,
    );
  }
  if (rule === "gateway-with-search-quality" || rule === "native-deferral" || rule === "stubs-bridge")
    reasons.push(...searchReasons(input, figures, rule));
  if (rule === "native-deferral")
    reasons.push(
      `It ties the agent to ${providerLabel(input.provider)}; if it must also run elsewhere, the gateway is the portable choice.`,
    );
  if (rule === "stubs-bridge") {
    reasons.push(
      `${formatPercent(input.schemas.complexShare)} of the schemas are complex (many properties, deep nesting or combinators); stubs keep each tool's name while its schema is loaded as text, and the gateway becomes the better choice once a generic validator exists.`,
    );
  }
  if (input.severalProviders && rule !== "few-tools")
    reasons.push(
      "The agent targets several providers or OpenAI-compatible backends, so a provider-only mechanism is not enough.",
    );
  return { strategy, rule, headline: headline(strategy, rule, figures), reasons, figures, alternatives };
}

function searchReasons(input: RecommendInput, figures: RecommendationFigures, rule: RecommendationRule): string[] {
  const reasons: string[] = [];
  if (rule === "stubs-bridge") return reasons;
  if (input.searchRecall) {
    const { value, k, source } = input.searchRecall;
    const measured = `Search recall${k ? `@${k}` : ""} ${formatPercent(value)}${source ? ` (${source})` : ""}`;
    reasons.push(
      value >= GOOD_SEARCH_RECALL
        ? `${measured}: good enough that the model finds what it needs.`
        : `${measured} is below ${formatPercent(GOOD_SEARCH_RECALL)}: improve the descriptions (search lab) before relying on it — a model that cannot find a tool stops using tools.`,
    );
  } else if (rule === "gateway-with-search-quality") {
    reasons.push(
      "Search recall is not measured yet: run the search lab or `npm run eval:search` on realistic queries and track it like an error rate.",
    );
  }
  if (
    figures.toolsFound !== null &&
    figures.toolsNeeded !== null &&
    figures.toolsNeeded > 0 &&
    figures.toolsFound < figures.toolsNeeded
  ) {
    reasons.push(`On this conversation the search found ${figures.toolsFound} of ${figures.toolsNeeded} needed tools.`);
  }
  return reasons;
}

function headline(strategy: StrategyId, rule: RecommendationRule, figures: RecommendationFigures): string {
  const title = strategyTitle(strategy);
  const measured = measuredText(strategy, figures);
  switch (rule) {
    case "few-tools":
      return `Load everything (${title}): ${formatTokens(figures.toolCount)} tools are few enough — ${measured}.`;
    case "native-deferral":
      return `Use the provider's own deferral, ${title}: ${measured}.`;
    case "stubs-bridge":
      return `Bridge with ${title} while the schemas are this complex: ${measured}.`;
    case "gateway-with-search-quality":
      return `Use the ${title} gateway and track search recall as a first-class metric: ${measured}.`;
  }
}

/** The measured half of a headline: tokens a request and cost, or where the provider refuses the strategy. */
function measuredText(strategy: StrategyId, figures: RecommendationFigures): string {
  return figures.fails
    ? `it ${failsText(figures.fails)} — no strategy runs here`
    : figures.tokensPerRequest !== null && figures.costUsd !== null
      ? isBaseline(strategy) || figures.fullTokensPerRequest === null || figures.fullCostUsd === null
        ? `${formatTokens(figures.tokensPerRequest)} tokens a request, ${formatUsd(figures.costUsd)} for this conversation${!isBaseline(strategy) && figures.fullFails ? `, where loading everything fails at request ${figures.fullFails.atRequest}` : ""}`
        : `${formatTokens(figures.tokensPerRequest)} tokens a request instead of ${formatTokens(figures.fullTokensPerRequest)}, ${formatUsd(figures.costUsd)} instead of ${formatUsd(figures.fullCostUsd)}`
      : "not measured on this conversation";
}
