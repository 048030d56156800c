import type { CatalogTool, WireName } from "../core/catalog";
import { cacheRulesFor, defaultModel, getModel, MODELS, type ModelInfo } from "../models";
import { modelLimits } from "../models/model-limits";
import { wireNamesOnModel } from "../models/wire-names-on-model";
import { providerAdapter } from "../providers";
import { RequestRejectedError } from "../providers/limits";
import type { Scenario } from "../scenario/types";
import { scenarioWithWireNames, toolsWithWireNames } from "../scenario/wire-name-scenario";
import type { ProviderId, StrategyId } from "../core/ids";
import {
  createAnthropicBm25Search,
  createAnthropicRegexSearch,
  createClientSearch,
  memoiseSearcher,
  type ToolSearcher,
} from "../search";
import { ConversationSession, type SessionOptions, type SessionSearchers } from "../simulator/session";
import { thirdPartySurface } from "../simulator/third-party-text";
import { strategyDefinition } from "../strategies";
import type { StrategyDefinition } from "../strategies";
import { createTokenCounter, type TokenCounter, type TokenizerKind } from "../tokens";
import { summarise } from "./totals";
import type { EngineStep, StrategyRun } from "./types";

export type RunOptions = {
  /** Force a provider (and optionally a model); an unsupported combination is then refused, not redirected. */
  provider?: ProviderId;
  model?: string;
  /**
   * Check each request against its provider's limits (default). Off only for measuring probes (the decide
   * calibration), which need every request's size even where the provider would refuse it.
   */
  enforceLimits?: boolean;
  /** Receives each step's compute time (the benchmark). */
  onStepTimed?: (step: EngineStep, milliseconds: number) => void;
  /**
   * Called after each request of a strategy's run, while the run goes on: `steps` so far (final: a request depends
   * only on what came before it), and `runSoFar()` the run as it stands, whose totals, goals and warnings are not
   * final. The engine worker shows the first request by it before the strategy's run ends.
   */
  onStep?: (progress: { steps: readonly EngineStep[]; runSoFar(): StrategyRun }) => void;
};

type Searchers = SessionSearchers;

/**
 * The searches over one catalog, each built when first used (a live run or the decide sample needs only one), and
 * each answering a repeated query from memory (a re-run after an edit asks the same queries again).
 */
function lazySearchers(tools: readonly CatalogTool[]): Searchers {
  let bm25: ToolSearcher | undefined;
  let regex: ToolSearcher | undefined;
  let client: ToolSearcher | undefined;
  return {
    get bm25() {
      return (bm25 ??= memoiseSearcher(createAnthropicBm25Search(tools)));
    },
    get regex() {
      return (regex ??= memoiseSearcher(createAnthropicRegexSearch(tools)));
    },
    get client() {
      return (client ??= memoiseSearcher(createClientSearch(tools)));
    },
  };
}

/**
 * A conversation opened for one strategy on its placement: the session to drive, or the reason the provider and
 * model cannot run it. The simulation drives it with the scripted model, a live run with a remote one.
 */
export type OpenedSession = {
  definition: StrategyDefinition;
  provider: ProviderId;
  model: ModelInfo;
  /** The scenario's settings on this placement. */
  settings: Scenario["settings"];
  /**
   * The scenario as this placement runs it: under wire names where the settings ask for them (the catalog, the turns'
   * tool names and `settings` all renamed), otherwise the scenario given.
   */
  scenario: Scenario;
  /** The names sent as wire names on this placement (settings `toolNameMapping: "wire"`); absent when none is. */
  wireNames?: WireName[];
  tokenCounting: { exact: boolean; label: string };
  /** Set when the combination is impossible; then there is no session. */
  refused?: string;
  redirected?: string;
  session?: ConversationSession;
};

export type OpenOptions = RunOptions & Pick<SessionOptions, "finishRequest" | "discovered">;

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
  const wireByCatalog = new WeakMap<
    readonly CatalogTool[],
    Map<string, { mapping: WireName[]; tools: CatalogTool[] }>
  >();

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
      value = lazySearchers(tools);
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

  /**
   * The catalog under the wire names of one name rule, kept per tools list and rule: every step and strategy of a
   * run then shares one renamed tools list, and so its search indexes, name lookup and request caches.
   */
  function wireNamed(tools: readonly CatalogTool[], model: ModelInfo, settings: Scenario["settings"]) {
    const pattern = modelLimits(model, settings.limitOverrides).toolNamePattern.value;
    let byPattern = wireByCatalog.get(tools);
    if (!byPattern) {
      byPattern = new Map();
      wireByCatalog.set(tools, byPattern);
    }
    let named = byPattern.get(pattern);
    if (!named) {
      const mapping = wireNamesOnModel(
        tools.map((tool) => tool.name),
        model,
        settings.limitOverrides,
      );
      named = { mapping, tools: toolsWithWireNames(tools, mapping) };
      byPattern.set(pattern, named);
    }
    return named;
  }

  /**
   * The one place a run's scenario is prepared for its placement: the placement's provider and model in the
   * settings, and, where the settings ask for wire names, the names that model refuses renamed everywhere.
   */
  function placedScenario(scenario: Scenario, model: ModelInfo, provider: ProviderId) {
    const placed = { ...scenario, settings: { ...scenario.settings, provider, model: model.id } };
    if (scenario.settings.toolNameMapping !== "wire") return { scenario: placed };
    const { mapping, tools } = wireNamed(scenario.catalog.tools, model, scenario.settings);
    if (mapping.length === 0) return { scenario: placed };
    return { scenario: scenarioWithWireNames(placed, mapping, tools), wireNames: mapping };
  }

  /** Places the strategy, builds its token counter and cache rules, and opens the conversation. */
  function openSession(given: Scenario, id: StrategyId, openOptions: OpenOptions = {}): OpenedSession {
    const definition = strategyDefinition(id);
    const placement = choosePlacement(definition, given, openOptions);
    const kind = placement.model.tokenizer;
    const tokenizer = counter(kind, kind === "o200k" ? undefined : given.settings.tokenCorrectionFactors?.[kind]);
    const { scenario, wireNames } = placedScenario(given, placement.model, placement.provider);
    const settings = scenario.settings;
    const wireOf = new Map(wireNames?.map(({ original, wire }) => [original, wire]));
    const discovered = openOptions.discovered && [...openOptions.discovered].map((name) => wireOf.get(name) ?? name);
    const opened: OpenedSession = {
      definition,
      provider: placement.provider,
      model: placement.model,
      settings,
      scenario,
      ...(wireNames ? { wireNames } : {}),
      tokenCounting: { exact: tokenizer.exact, label: tokenizer.label },
      ...(placement.redirected ? { redirected: placement.redirected } : {}),
    };
    if (!placement.support.ok) return { ...opened, refused: placement.support.reason };
    const context = {
      settings,
      model: placement.model,
      counter: tokenizer,
      catalogByName: catalogByName(scenario.catalog.tools),
    };
    const rulesFor = (model: ModelInfo) => {
      const rules = cacheRulesFor(model, scenario.settings.cacheOverrides, settings.cacheTtl);
      // "Cache mode off" where the body carries breakpoints (Anthropic): none is sent, so nothing is cached.
      return providerAdapter(settings.provider).explicitCacheBreakpoints && settings.cacheMode === "off"
        ? { ...rules, maxBreakpoints: 0 }
        : rules;
    };
    const session = new ConversationSession({
      adapter: providerAdapter(placement.provider),
      context,
      cacheRules: rulesFor(placement.model),
      rulesFor,
      searchers: searchers(scenario.catalog.tools),
      system: definition.system?.(scenario) ?? settings.system,
      tools: definition.initialTools(scenario),
      betas: definition.betas?.(settings),
      discovered,
      finishRequest: openOptions.finishRequest,
      onStepTimed: openOptions.onStepTimed,
      enforceLimits: openOptions.enforceLimits,
    });
    return { ...opened, session };
  }

  function runStrategy(scenario: Scenario, id: StrategyId, runOptions: RunOptions = {}): StrategyRun {
    const { onStep, ...sessionOptions } = runOptions;
    let reportStep: (() => void) | null = null;
    const opened = openSession(
      scenario,
      id,
      onStep
        ? {
            ...sessionOptions,
            onStepTimed: (step, milliseconds) => {
              sessionOptions.onStepTimed?.(step, milliseconds);
              reportStep?.();
            },
          }
        : sessionOptions,
    );
    const { definition, settings, session } = opened;
    const base = {
      id,
      provider: opened.provider,
      model: opened.model.id,
      tokenCounting: opened.tokenCounting,
      ...(opened.wireNames ? { wireNames: opened.wireNames } : {}),
    };
    if (onStep && session)
      reportStep = () =>
        onStep({
          steps: session.steps,
          runSoFar: () => ({
            ...base,
            steps: session.steps.slice(),
            totals: summarise(session.steps, session.toolsFound, session.toolsNeeded),
            goals: definition.goals(settings),
            warnings: [...session.warnings],
          }),
        });
    if (!session) {
      return {
        ...base,
        refused: { reason: opened.refused ?? "not supported" },
        steps: [],
        totals: summarise([], 0, 0),
        goals: definition.goals(scenario.settings),
        warnings: [],
      };
    }
    const scenarioForRun = opened.scenario;
    let refused = false;
    try {
      scenarioForRun.turns.forEach((turn, turnIndex) => {
        session.startTurn(turnIndex, turn.user, settings.minutesBetweenTurns);
        if (turn.toolChange) session.changeTools(turn.toolChange);
        definition.runTurn(session, { turn, turnIndex, scenario: scenarioForRun });
      });
    } catch (error) {
      // The provider refused a request (recorded as the last step): the run stops there, as a real agent's would.
      if (!(error instanceof RequestRejectedError)) throw error;
      refused = true;
    }
    const warnings = [...session.warnings];
    if (opened.redirected) warnings.unshift({ code: "provider-redirected", message: opened.redirected });
    return {
      ...base,
      steps: session.steps,
      totals: summarise(
        session.steps,
        refused ? session.toolsFoundWhenAccepted : session.toolsFound,
        session.toolsNeeded,
      ),
      goals: definition.goals(settings),
      thirdParty: thirdPartySurface(session.steps.map((step) => step.thirdParty ?? [])),
      warnings,
    };
  }

  function runAll(scenario: Scenario, ids: readonly StrategyId[], runOptions: RunOptions = {}): StrategyRun[] {
    return ids.map((id) => runStrategy(scenario, id, runOptions));
  }

  return { openSession, runStrategy, runAll, searchers, catalogByName };
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
