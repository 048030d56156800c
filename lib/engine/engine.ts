import type { CatalogTool } from "../catalog/types";
import { cacheRulesFor, defaultModel, getModel, MODELS, type ModelInfo } from "../models";
import { providerAdapter } from "../providers";
import type { ProviderId, Scenario, StrategyId } from "../scenario/types";
import {
  createAnthropicBm25Search,
  createAnthropicRegexSearch,
  createClientSearch,
  lazySearcher,
  type ToolSearcher,
} from "../search";
import { SimulationSession } from "../simulator/session";
import { strategyDefinition } from "../strategies";
import type { StrategyDefinition } from "../strategies";
import { createTokenCounter, type TokenCounter, type TokenizerKind } from "../tokens";
import { summarise } from "./totals";
import type { EngineStep, StrategyRun } from "./types";

export type RunOptions = {
  /** Force a provider (and optionally a model); an unsupported combination is then refused, not redirected. */
  provider?: ProviderId;
  model?: string;
  /** Receives each step's compute time (the benchmark). */
  onStepTimed?: (step: EngineStep, milliseconds: number) => void;
};

type Searchers = { bm25: ToolSearcher; regex: ToolSearcher; client: ToolSearcher };

/**
 * The engine: pure functions over a scenario, with the expensive pieces (token counters, search indexes, the
 * name lookup) built once per catalog and reused across strategies and steps.
 */
export function createEngine(
  options: { counterFor?: (kind: TokenizerKind, correctionFactor?: number) => TokenCounter } = {},
) {
  const counters = new Map<string, TokenCounter>();
  const searchersByCatalog = new WeakMap<readonly CatalogTool[], Searchers>();
  const namesByCatalog = new WeakMap<readonly CatalogTool[], Map<string, CatalogTool>>();

  function counter(kind: TokenizerKind, correctionFactor?: number): TokenCounter {
    const key = `${kind}:${correctionFactor ?? "default"}`;
    let value = counters.get(key);
    if (!value) {
      value = options.counterFor
        ? options.counterFor(kind, correctionFactor)
        : createTokenCounter(kind, correctionFactor === undefined ? undefined : { correctionFactor });
      counters.set(key, value);
    }
    return value;
  }

  function searchers(tools: readonly CatalogTool[]): Searchers {
    let value = searchersByCatalog.get(tools);
    if (!value) {
      // Each index is built when a strategy first searches it, and each query is answered once per catalog.
      value = {
        bm25: lazySearcher("anthropic-bm25", () => createAnthropicBm25Search(tools)),
        regex: lazySearcher("anthropic-regex", () => createAnthropicRegexSearch(tools)),
        client: lazySearcher("client", () => createClientSearch(tools)),
      };
      searchersByCatalog.set(tools, value);
    }
    return value;
  }

  function catalogByName(tools: readonly CatalogTool[]): Map<string, CatalogTool> {
    let value = namesByCatalog.get(tools);
    if (!value) {
      value = new Map(tools.map((tool) => [tool.name, tool]));
      namesByCatalog.set(tools, value);
    }
    return value;
  }

  function runStrategy(scenario: Scenario, id: StrategyId, runOptions: RunOptions = {}): StrategyRun {
    const definition = strategyDefinition(id);
    const placement = choosePlacement(definition, scenario, runOptions);
    const kind = placement.model.tokenizer;
    const tokenizer = counter(kind, kind === "o200k" ? undefined : scenario.settings.tokenCorrectionFactors?.[kind]);
    const base = {
      id,
      provider: placement.provider,
      model: placement.model.id,
      tokenCounting: { exact: tokenizer.exact, label: tokenizer.label },
    };
    if (!placement.support.ok) {
      return {
        ...base,
        refused: { reason: placement.support.reason },
        steps: [],
        totals: summarise([], 0, 0),
        goals: definition.goals(scenario.settings),
        warnings: [],
      };
    }
    const settings = { ...scenario.settings, provider: placement.provider, model: placement.model.id };
    const context = {
      settings,
      model: placement.model,
      counter: tokenizer,
      catalogByName: catalogByName(scenario.catalog.tools),
    };
    const rules = cacheRulesFor(placement.model, scenario.settings.cacheOverrides, settings.cacheTtl);
    const session = new SimulationSession({
      adapter: providerAdapter(placement.provider),
      context,
      cacheRules:
        settings.provider === "anthropic" && settings.cacheMode === "off" ? { ...rules, maxBreakpoints: 0 } : rules,
      searchers: searchers(scenario.catalog.tools),
      system: settings.system,
      tools: definition.initialTools({ ...scenario, settings }),
      betas: definition.betas?.(settings),
      onStepTimed: runOptions.onStepTimed,
    });
    const scenarioForRun = { ...scenario, settings };
    scenario.turns.forEach((turn, turnIndex) => {
      session.startTurn(turnIndex, turn.user, settings.minutesBetweenTurns);
      definition.runTurn(session, { turn, turnIndex, scenario: scenarioForRun });
    });
    const warnings = [...session.warnings];
    if (placement.redirected) warnings.unshift({ code: "provider-redirected", message: placement.redirected });
    return {
      ...base,
      steps: session.steps,
      totals: summarise(session.steps, session.toolsFound, session.toolsNeeded),
      goals: definition.goals(settings),
      warnings,
    };
  }

  function runAll(scenario: Scenario, ids: readonly StrategyId[], runOptions: RunOptions = {}): StrategyRun[] {
    return ids.map((id) => runStrategy(scenario, id, runOptions));
  }

  return { runStrategy, runAll, searchers, catalogByName };
}

export type Engine = ReturnType<typeof createEngine>;

type Placement = {
  provider: ProviderId;
  model: ModelInfo;
  support: ReturnType<StrategyDefinition["supports"]>;
  redirected?: string;
};

/**
 * Which provider and model a strategy runs on. With a forced provider, an impossible combination is refused with
 * the strategy's reason. Otherwise a strategy that cannot run on the scenario's provider moves to the first
 * model that can run it (say, `kimi-dynamic` to Kimi K3), and the run says so.
 */
function choosePlacement(definition: StrategyDefinition, scenario: Scenario, runOptions: RunOptions): Placement {
  const settings = scenario.settings;
  const provider = runOptions.provider ?? settings.provider;
  const model =
    (runOptions.model ? getModel(provider, runOptions.model) : undefined) ??
    getModel(provider, provider === settings.provider ? settings.model : "") ??
    defaultModel(provider);
  const support = definition.supports(provider, model, settings);
  if (support.ok || runOptions.provider) return { provider, model, support };
  for (const candidate of MODELS) {
    if (!definition.providers.includes(candidate.provider)) continue;
    if (definition.supports(candidate.provider, candidate, settings).ok) {
      return {
        provider: candidate.provider,
        model: candidate,
        support: { ok: true },
        redirected: `${support.reason} Shown on ${candidate.label} instead.`,
      };
    }
  }
  return { provider, model, support };
}
