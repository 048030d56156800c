import type { Catalog } from "../core/catalog";
import type { EngineStep } from "../engine/types";
import { defaultModel, getModel, type ModelInfo } from "../models";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";
import { STRATEGY_IDS } from "../core/ids";
import { toolEntryCounts } from "../providers/limits";
import { strategyDefinition } from "../strategies";
import { decideScenario } from "./decide-scenario";
import { probeToolsOf, sampleSessionTools, type SessionToolSample } from "./sample-tools";
import { MAX_TOOLS_USED, type PlannedTurn } from "./session-plan";
import type { DecideEngine } from "./types";

/**
 * What one tool costs a strategy, measured on the probe: the messages its discovery and its call append, the tool
 * definitions its discovery loads, and the output tokens of each request.
 */
export type ToolFootprint = {
  /**
   * The strategy had to discover the tool when the session first needed it. False for `full`, and for a tool an
   * earlier search already returned (small catalogs run out of tools no other search returns).
   */
  discovered: boolean;
  /** Message tokens a discovery appends (the search call and its result, or the load and the schema text). */
  discoveryGrowth: number;
  /** Message tokens the first call appends (the call and the tool result; plus the hosted search blocks). */
  callGrowth: number;
  /** Message tokens a later call of the same tool appends. */
  knownCallGrowth: number;
  /** Tool-definition tokens the discovery loads, wherever the strategy puts them. */
  definitions: number;
  /** Share of the previous prompt still read after the discovery changed `tools` (naive-dynamic only). */
  invalidationReadShare: number;
  output: { discovery: number; call: number; answer: number };
};

/**
 * The measured inputs the closed form needs for one strategy. They come from a probe conversation run by the engine
 * on the same catalog with the session's first tools (one new tool a turn, then one known tool): what the first
 * request carries and what each tool adds. Everything else — history growth over turns, cache reads and writes, TTL
 * expiry, invalidation, round trips, how later discoveries load fewer new definitions — is the formula's job
 * (closed-form.ts).
 */
export type StrategyProfile = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  /** Prompt tokens of the first request: tool-use prompt, system, the tools the strategy declares, one user turn. */
  firstPromptTokens: number;
  /** The part of the first prompt that grows with the catalog, per tool (definitions, stubs, deferred entries). */
  prefixTokensPerTool: number;
  /** Extra requests a new tool costs before it can be called (a search or a schema load). */
  discoveryRoundTrips: number;
  /** The request after a discovery changes `tools` (naive-dynamic), so at most the part before the change is read. */
  invalidatesOnDiscovery: boolean;
  /** Per session tool, in the order the session first uses them (as many as the probe had). */
  tools: ToolFootprint[];
  /** Means over the probe's tools, for sessions that use more tools than the probe. */
  meanTool: ToolFootprint;
  /** Tool-definition tokens per newly loaded definition (see loadedDefinitions), for tools beyond the probe. */
  definitionTokensPerLoad: number;
  /** Message tokens the answer and the next user turn append, per turn transition of the probe, and their mean. */
  turnGrowth: number[];
  meanTurnGrowth: number;
  /**
   * Entries of the first request's top-level `tools` as the provider's limits count them (lib/providers/limits.ts),
   * as a fixed part plus one per catalog tool where the strategy declares every tool: what the tool-count limits
   * are checked against at another catalog size.
   */
  toolEntries: { fixed: number; perTool: 0 | 1; deferredFixed: number; deferredPerTool: 0 | 1 };
  definitions: {
    /** Everything a search returns is loaded (provider deferral, Kimi, tool_addition), or only the needed tool. */
    loadsAllHits: boolean;
    /** Results a search returns (settings.searchResultLimit, at most the catalog). */
    hitsPerSearch: number;
  };
  /**
   * A discovery's definitions join the prompt before the call, not after it: the prefilter's selection is in
   * `tools` when the turn's first main request goes out.
   */
  definitionsBeforeCall?: true;
  /** The strategy's second conversation (prefilter, sub-agent): priced beside the main one, with its own cache. */
  secondLane?: SecondLaneProfile;
};

/** One request of a second conversation's task, as the probe measured it: its prompt, what it read, its output. */
export type LaneRequest = { prompt: number; read: number; output: number };

/**
 * The second conversation of a strategy, measured on the probe: per turn, the requests of its task (the small
 * model's pick, or the sub-agent's calls and summary). Its system prompt and tools are stable, so each task's first
 * request reads them from the lane's own cache while the entry lives; later requests of a task read the one before.
 */
export type SecondLaneProfile = {
  name: string;
  model: string;
  /** The lane runs on the main model (the sub-agent): the person's price edits apply to it too. */
  sameModel: boolean;
  /** Per probe turn, its requests (the probe's entries alive: 1 minute between turns). */
  turns: LaneRequest[][];
  /** For turns beyond the probe: a new tool's task and a known tool's task, averaged per request. */
  meanNew: LaneRequest[];
  meanKnown: LaneRequest[];
  /** Prompt tokens per catalog tool (the stub list, or the sub-agent's tools), to scale to another catalog size. */
  prefixTokensPerTool: number;
};

export type DecideCalibration = {
  provider: ProviderId;
  model: string;
  toolCount: number;
  /** Mean tokens of one full definition: tool-definition tokens of `full`'s first request over the tool count. */
  tokensPerTool: number;
  profiles: StrategyProfile[];
  /** Strategies the provider and model cannot run, with the engine's reason. */
  unavailable: Array<{ id: StrategyId; reason: string }>;
  /** Names of the sampled tools, in the order sessions use them, and of the probe's tools. */
  sessionToolNames: string[];
  probeToolNames: string[];
  searchesTried: number;
  searchesFound: number;
};

/**
 * The probe uses the session's first six tools: sessions of up to six tools are priced with each tool's own
 * footprint, longer ones with the six tools' means after that.
 */
export const PROBE_TOOL_COUNT = 6;

/**
 * Round trips a new tool costs: a search or a schema load is its own request, except where the provider runs the
 * search inside the call (Anthropic and OpenAI hosted). Each strategy states it (its `decide` facts).
 */
export function discoveryRoundTrips(id: StrategyId, settings: Pick<ScenarioSettings, "searchExecution">): number {
  return strategyDefinition(id).decide.discoveryRoundTrips(settings);
}

export function modelFor(provider: ProviderId, modelId: string): ModelInfo {
  return getModel(provider, modelId) ?? defaultModel(provider);
}

/** Samples the catalog once; the result depends only on the catalog and the search settings. */
export function sampleCatalog(engine: DecideEngine, catalog: Catalog, settings: ScenarioSettings): SessionToolSample {
  return sampleSessionTools({
    tools: catalog.tools,
    wanted: MAX_TOOLS_USED,
    searcher: engine.searchers(catalog.tools).client,
    resultLimit: settings.searchResultLimit,
    excluded: new Set(settings.nonDeferredTools),
  });
}

export function calibrate(
  engine: DecideEngine,
  input: {
    catalog: Catalog;
    settings: ScenarioSettings;
    provider: ProviderId;
    model: string;
    sample: SessionToolSample;
  },
): DecideCalibration {
  const { catalog, settings, provider, sample } = input;
  const model = modelFor(provider, input.model);
  const probeTools = probeToolsOf(sample, PROBE_TOOL_COUNT);
  const plan: PlannedTurn[] = [...probeTools.map((_, slot) => ({ slot, isNew: true })), { slot: 0, isNew: false }];
  const probe = decideScenario({
    id: "decide-probe",
    catalog,
    settings,
    tools: probeTools,
    plan,
    provider,
    model: model.id,
    // Inside any TTL: the probe measures sizes, not expiry.
    minutesBetweenTurns: 1,
  });
  const profiles: StrategyProfile[] = [];
  const unavailable: DecideCalibration["unavailable"] = [];
  let tokensPerTool = 0;
  for (const id of STRATEGY_IDS) {
    const definition = strategyDefinition(id);
    const support = definition.supports(provider, model, { ...settings, provider, model: model.id });
    if (!support.ok) {
      unavailable.push({ id, reason: support.reason });
      continue;
    }
    // The probe measures sizes: it must see every request, including one the provider would refuse.
    const run = engine.runStrategy(probe, id, { provider, model: model.id, enforceLimits: false });
    if (run.refused || run.steps.length === 0) {
      unavailable.push({ id, reason: run.refused?.reason ?? "the probe produced no requests" });
      continue;
    }
    if (strategyDefinition(id).decide.role === "baseline")
      tokensPerTool = catalog.tools.length > 0 ? run.steps[0].tokens.toolDefinitions / catalog.tools.length : 0;
    const context = { provider, model: model.id, toolCount: catalog.tools.length, settings };
    const main = run.steps.filter((step) => !step.lane);
    const profile = profileOf(id, main, plan, context);
    if (definition.decide.secondConversation) {
      const laneSteps = run.steps.filter((step) => step.lane);
      profile.secondLane = secondLaneOf(laneSteps, plan, context);
      // A lane on the main model that declares every tool (the sub-agent) meets the provider's tool limit there.
      const laneEntries = laneSteps[0] ? toolEntriesOf(laneSteps[0], context) : null;
      if (laneEntries && profile.secondLane.sameModel && laneEntries.perTool === 1) profile.toolEntries = laneEntries;
    }
    profiles.push(profile);
  }
  const sessionTools = [...sample.clean, ...sample.overlapping, ...sample.missed].slice(0, MAX_TOOLS_USED);
  return {
    provider,
    model: model.id,
    toolCount: catalog.tools.length,
    tokensPerTool,
    profiles,
    unavailable,
    sessionToolNames: sessionTools.map((tool) => tool.name),
    probeToolNames: probeTools.map((tool) => tool.name),
    searchesTried: sample.searchesTried,
    searchesFound: sample.searchesFound,
  };
}

/**
 * Tool definitions newly loaded by the `discovery`-th discovery of a session (1-based). The needed tool is always
 * new; each of the other hits is new with the chance that no earlier search returned it, taking hits as drawn at
 * random from the searchable tools: 1 + (h − 1)·q^(d − 1), q = 1 − (h − 1)/(M − 1). In a small catalog the searches
 * soon return tools already loaded, so later discoveries add less.
 */
export function loadedDefinitions(
  discovery: number,
  definitions: StrategyProfile["definitions"],
  searchableTools: number,
): number {
  if (!definitions.loadsAllHits) return 1;
  const others = Math.max(0, Math.min(definitions.hitsPerSearch, searchableTools) - 1);
  if (others === 0 || searchableTools <= 1) return 1;
  const stillNew = Math.max(0, 1 - others / (searchableTools - 1));
  return 1 + others * stillNew ** (discovery - 1);
}

/**
 * The chance that a tool the session needs for the first time was not among the results of its `earlier`
 * discoveries, with the same random-hits model: q^earlier. Below one half the closed form counts it as already
 * found (no discovery), which is what happens in a catalog of a handful of tools.
 */
export function stillUndiscovered(
  earlier: number,
  definitions: StrategyProfile["definitions"],
  searchableTools: number,
): number {
  const others = Math.max(0, Math.min(definitions.hitsPerSearch, searchableTools) - 1);
  if (searchableTools <= 1) return earlier === 0 ? 1 : 0;
  return Math.max(0, 1 - others / (searchableTools - 1)) ** earlier;
}

/** Classifies each probe turn's requests (discoveries…, call, answer) and records what each tool added. */
export function profileOf(
  id: StrategyId,
  steps: readonly EngineStep[],
  plan: readonly PlannedTurn[],
  context: { provider: ProviderId; model: string; toolCount: number; settings: ScenarioSettings },
): StrategyProfile {
  const searchable = searchableToolCount(context.toolCount, context.settings);
  const facts = strategyDefinition(id).decide;
  const definitions = {
    loadsAllHits: facts.loadsAllHits,
    hitsPerSearch: Math.max(1, Math.min(context.settings.searchResultLimit, searchable)),
  };
  const tools: ToolFootprint[] = [];
  const turnGrowth: number[] = [];
  let knownCall: { slot: number; growth: number } | null = null;
  const messageGrowth = (from: EngineStep, to: EngineStep) =>
    to.tokens.input - from.tokens.input - (to.tokens.toolDefinitions - from.tokens.toolDefinitions);
  plan.forEach((turn, turnIndex) => {
    const inTurn = steps.filter((step) => step.turn === turnIndex);
    if (inTurn.length < 2) return;
    const answer = inTurn[inTurn.length - 1];
    const call = inTurn[inTurn.length - 2];
    const discoverySteps = inTurn.slice(0, -2);
    const following = steps[steps.indexOf(answer) + 1];
    const previous = steps[steps.indexOf(inTurn[0]) - 1];
    if (following) turnGrowth.push(messageGrowth(answer, following));
    if (!turn.isNew) {
      knownCall = { slot: turn.slot, growth: messageGrowth(call, answer) };
      return;
    }
    // A second conversation chose the tools before the call (the prefilter): the definitions it added are in
    // `tools` from this turn's first main request on, and the cache breaks there.
    const chosenBefore =
      facts.secondConversation !== undefined &&
      previous !== undefined &&
      call.tokens.toolDefinitions > previous.tokens.toolDefinitions;
    const before = chosenBefore ? previous : discoverySteps[discoverySteps.length - 1];
    const growth = messageGrowth(call, answer);
    tools.push({
      // A hosted search runs inside the call request, which the engine then labels "search".
      discovered: discoverySteps.length > 0 || call.kind === "search" || chosenBefore,
      discoveryGrowth: discoverySteps.length > 0 ? messageGrowth(discoverySteps[0], call) : 0,
      callGrowth: growth,
      knownCallGrowth: growth,
      definitions: Math.max(
        0,
        answer.tokens.toolDefinitions - (chosenBefore ? previous : inTurn[0]).tokens.toolDefinitions,
      ),
      invalidationReadShare:
        facts.invalidatesOnDiscovery && before && before.tokens.input > 0
          ? call.tokens.cacheRead / before.tokens.input
          : 0,
      output: {
        discovery: mean(
          discoverySteps.map((step) => step.tokens.output),
          0,
        ),
        call: call.tokens.output,
        answer: answer.tokens.output,
      },
    });
  });
  // A later call of a tool is its first call without what the discovery put into the call (hosted search blocks):
  // measured once on the probe's last turn, which calls its first tool again.
  const known = knownCall as { slot: number; growth: number } | null;
  const adjustment =
    known && tools[known.slot]?.discovered ? Math.min(0, known.growth - tools[known.slot].callGrowth) : 0;
  for (const tool of tools) tool.knownCallGrowth = tool.discovered ? tool.callGrowth + adjustment : tool.callGrowth;
  const discoveredTools = tools.filter((tool) => tool.discovered);
  const meanOf = (pick: (tool: ToolFootprint) => number, over: readonly ToolFootprint[] = discoveredTools) =>
    mean(over.map(pick), mean(tools.map(pick), 0));
  const meanTool: ToolFootprint = {
    // Beyond the probe every new tool is assumed to need a discovery, as in the sampled (clean) tools.
    discovered: discoveredTools.length > 0,
    discoveryGrowth: meanOf((tool) => tool.discoveryGrowth),
    callGrowth: meanOf((tool) => tool.callGrowth),
    knownCallGrowth: meanOf((tool) => tool.knownCallGrowth, tools),
    definitions: meanOf((tool) => tool.definitions),
    invalidationReadShare: meanOf((tool) => tool.invalidationReadShare),
    output: {
      discovery: meanOf((tool) => tool.output.discovery),
      call: meanOf((tool) => tool.output.call, tools),
      answer: meanOf((tool) => tool.output.answer, tools),
    },
  };
  let discoveryIndex = 0;
  let expectedLoads = 0;
  for (const tool of tools)
    if (tool.discovered) expectedLoads += loadedDefinitions(++discoveryIndex, definitions, searchable);
  const first = steps[0];
  return {
    id,
    provider: context.provider,
    model: context.model,
    firstPromptTokens: first.tokens.input,
    // With a second conversation the per-tool part is that lane's (its own profile); the main one declares a few.
    prefixTokensPerTool:
      facts.prefixGrowsWithCatalog && !facts.secondConversation && context.toolCount > 0
        ? first.tokens.toolDefinitions / context.toolCount
        : 0,
    // The second conversation's requests are the lane's; the main one has no discovery request of its own.
    discoveryRoundTrips: facts.secondConversation ? 0 : discoveryRoundTrips(id, context.settings),
    invalidatesOnDiscovery: facts.invalidatesOnDiscovery,
    tools,
    meanTool,
    definitionTokensPerLoad:
      expectedLoads > 0 ? discoveredTools.reduce((sum, tool) => sum + tool.definitions, 0) / expectedLoads : 0,
    turnGrowth,
    meanTurnGrowth: mean(turnGrowth, 0),
    toolEntries: toolEntriesOf(first, context),
    definitions,
    ...(facts.secondConversation ? { definitionsBeforeCall: true as const } : {}),
  };
}

/** The second conversation's requests per probe turn, and what a task beyond the probe costs. */
export function secondLaneOf(
  steps: readonly EngineStep[],
  plan: readonly PlannedTurn[],
  context: { provider: ProviderId; model: string; toolCount: number; settings: ScenarioSettings },
): SecondLaneProfile {
  const turns = plan.map((_, turnIndex) =>
    steps
      .filter((step) => step.turn === turnIndex)
      .map((step) => ({ prompt: step.tokens.input, read: step.tokens.cacheRead, output: step.tokens.output })),
  );
  // The first turn writes the lane's prefix; later ones show what a task costs once it is cached.
  const later = (isNew: boolean) => turns.filter((_, index) => index > 0 && plan[index].isNew === isNew);
  const first = steps[0];
  const systemTokens = first
    ? first.segments.filter((segment) => segment.group === "system").reduce((sum, segment) => sum + segment.tokens, 0)
    : 0;
  const perTool = first ? (first.tokens.toolDefinitions > 0 ? first.tokens.toolDefinitions : systemTokens) : 0;
  // The model is in the body, or in the URL (Gemini).
  const model =
    (first?.request.body.model as string | undefined) ??
    (first ? /models\/([^/:]+)/.exec(first.request.url)?.[1] : undefined) ??
    context.model;
  return {
    name: first?.lane ?? "",
    model,
    sameModel: model === context.model,
    turns,
    meanNew: meanTask(later(true).length ? later(true) : turns),
    meanKnown: meanTask(later(false).length ? later(false) : later(true).length ? later(true) : turns),
    prefixTokensPerTool: context.toolCount > 0 ? perTool / context.toolCount : 0,
  };
}

/** Per request position, the mean over the tasks of the most common length (a whole number of requests). */
function meanTask(tasks: readonly LaneRequest[][]): LaneRequest[] {
  if (tasks.length === 0) return [];
  const counts = new Map<number, number>();
  for (const task of tasks) counts.set(task.length, (counts.get(task.length) ?? 0) + 1);
  const length = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  const same = tasks.filter((task) => task.length === length);
  return Array.from({ length }, (_, position) => ({
    prompt: mean(
      same.map((task) => task[position].prompt),
      0,
    ),
    read: mean(
      same.map((task) => task[position].read),
      0,
    ),
    output: mean(
      same.map((task) => task[position].output),
      0,
    ),
  }));
}

function toolEntriesOf(
  first: EngineStep,
  context: { provider: ProviderId; toolCount: number },
): StrategyProfile["toolEntries"] {
  const { counted, deferred } = toolEntryCounts(first.request.body, context);
  // A strategy either declares (or defers) every catalog tool, bar a few kept tools, or a fixed handful.
  const perTool = context.toolCount > 0 && counted > context.toolCount / 2 ? 1 : 0;
  const deferredPerTool = context.toolCount > 0 && deferred > context.toolCount / 2 ? 1 : 0;
  return {
    fixed: counted - perTool * context.toolCount,
    perTool,
    deferredFixed: deferred - deferredPerTool * context.toolCount,
    deferredPerTool,
  };
}

/** Tools a search can return: the catalog minus the ones the strategies always load. */
export function searchableToolCount(toolCount: number, settings: Pick<ScenarioSettings, "nonDeferredTools">): number {
  return Math.max(1, toolCount - settings.nonDeferredTools.length);
}

function mean(values: readonly number[], fallback: number): number {
  return values.length === 0 ? fallback : values.reduce((sum, value) => sum + value, 0) / values.length;
}
