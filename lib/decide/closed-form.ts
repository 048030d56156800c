import { cacheRulesFor, computeCost, writePriceTier, type PriceTable } from "../models";
import type { CacheTtl, ScenarioSettings } from "../scenario/types";
import type { LaneRequest, SecondLaneProfile, StrategyProfile, ToolFootprint } from "./calibrate";
import { loadedDefinitions, modelFor, searchableToolCount, stillUndiscovered } from "./calibrate";
import type { PlannedTurn } from "./session-plan";
import type { CostSeries, DecideParameters } from "./types";

/** The provider facts the formula prices with: the model's prices (with the person's edits) and cache rules. */
export type CostModel = {
  prices: PriceTable;
  ttl: CacheTtl;
  writesBilled: boolean;
  ttlSeconds: number;
  refreshOnRead: boolean;
  minimumCacheableTokens: number;
  cachedTokenGranularity: number;
  /** Anthropic with `cacheMode: "off"` caches nothing. */
  cachingOn: boolean;
  secondsBetweenSteps: number;
};

export function costModelFor(
  parameters: Pick<DecideParameters, "provider" | "model" | "cacheTtl" | "prices">,
  settings: ScenarioSettings,
): CostModel {
  const model = modelFor(parameters.provider, parameters.model);
  const ttl = parameters.cacheTtl ?? settings.cacheTtl;
  const rules = cacheRulesFor(model, settings.cacheOverrides, ttl);
  return {
    prices: { ...model.prices, ...definedOnly(parameters.prices ?? {}) },
    ttl: writePriceTier(model, ttl),
    writesBilled: rules.writesBilled,
    ttlSeconds: rules.ttlSeconds,
    refreshOnRead: rules.refreshOnRead,
    minimumCacheableTokens: rules.minimumCacheableTokens,
    cachedTokenGranularity: rules.cachedTokenGranularity,
    // OpenAI and Moonshot cache every prompt automatically; Anthropic only at breakpoints, none with cacheMode "off".
    // Explicit breakpoints are priced like the automatic one on the last block (the default placement includes it).
    cachingOn: rules.kind === "automatic-prefix" || (rules.maxBreakpoints > 0 && settings.cacheMode !== "off"),
    secondsBetweenSteps: settings.secondsBetweenSteps,
  };
}

type RequestKind = "discovery" | "call" | "answer";

/**
 * What the `slot`-th tool of a session costs: its own measured footprint when the probe used it, otherwise the
 * probe's mean, with the definitions a later discovery loads shrinking as searches return tools already loaded.
 */
export function footprintOf(
  profile: StrategyProfile,
  slot: number,
  discovery: number,
  searchableTools: number,
  measuredTools = true,
): ToolFootprint {
  const measured = measuredTools ? profile.tools[slot] : undefined;
  if (measured) return measured;
  const loads = loadedDefinitions(discovery, profile.definitions, searchableTools);
  return {
    ...profile.meanTool,
    definitions: profile.meanTool.discovered ? loads * profile.definitionTokensPerLoad : 0,
  };
}

/**
 * The closed form: the cumulative input tokens and cost of one strategy over a planned session, from formulas
 * instead of a simulated transcript.
 *
 * - Prompt of a request = the first prompt (fixed prefix, scaled to the catalog size) + the history so far. The
 *   history grows after each request by what that request appends (footprintOf); a discovery adds the definitions
 *   it loads once, after the discovery request, or after the call where the provider searches inside the call.
 * - A new tool costs `discoveryRoundTrips` extra requests; a known tool one call; every turn ends with an answer.
 * - Cache: a request reads the previous prompt and writes the rest while the entry lives (TTL since the last use
 *   when reads refresh it, since the first write otherwise). The first request and the first after expiry write
 *   the whole prompt; for naive-dynamic the call after each discovery changed `tools`, so only the part before the
 *   change is read (nothing on Anthropic, whose cache order starts with `tools`). Prompts below the minimum
 *   cacheable length are not cached at all.
 * - Cost = computeCost(read, write, uncached, output) with the same prices and write rules as the engine.
 * - A second conversation (prefilter, sub-agent: `secondLane`) adds its task's requests each turn, priced at its own
 *   model with its own cache (laneTurn). The main conversation is the formula above with its own `tools`: for the
 *   prefilter the selected tools, which join before the turn's call (`definitionsBeforeCall`) and break the cache
 *   there. The selection is modelled in the append-only order (a tool stays once picked, so `tools` changes only
 *   when a new tool is picked); with the exact-selection order `tools` changes more often than this.
 */
export function closedFormSeries(
  profile: StrategyProfile,
  plan: readonly PlannedTurn[],
  model: CostModel,
  options: {
    minutesBetweenTurns: number;
    toolCount: number;
    calibratedToolCount: number;
    nonDeferredTools?: readonly string[];
    /** A second conversation on another model: its prices and cache rules (laneCostModel); default `model`. */
    laneModel?: CostModel;
  },
): CostSeries {
  const searchable = searchableToolCount(options.toolCount, {
    nonDeferredTools: [...(options.nonDeferredTools ?? [])],
  });
  const series: CostSeries = {
    cumulativeCostUsd: [],
    cumulativeInputTokens: [],
    cumulativeRequests: [],
    largestPromptTokens: [],
  };
  let largestPrompt = 0;
  const atCalibratedSize = options.toolCount === options.calibratedToolCount;
  let prompt =
    profile.firstPromptTokens + (options.toolCount - options.calibratedToolCount) * profile.prefixTokensPerTool;
  let discoveries = 0;
  let cost = 0;
  let inputTokens = 0;
  let requests = 0;
  let clock = 0;
  let cachedPrompt = 0;
  let entryExpiresAt = Number.NEGATIVE_INFINITY;
  const lane = profile.secondLane;
  const laneModel = options.laneModel ?? model;
  const laneCache = { expiresAt: Number.NEGATIVE_INFINITY };
  // A known tool's task repeats its first one word for word: the lane's requests for it, and when its entry expires.
  const laneTasks = new Map<number, { task: readonly LaneRequest[]; expiresAt: number }>();
  const laneScale = lane ? (options.toolCount - options.calibratedToolCount) * lane.prefixTokensPerTool : 0;

  const send = (output: number, invalidationReadShare: number | null) => {
    let read = 0;
    let write = 0;
    let uncached = prompt;
    if (model.cachingOn && prompt >= model.minimumCacheableTokens) {
      const alive = cachedPrompt > 0 && clock < entryExpiresAt;
      // After an invalidation only the part before the changed tool can match, and only if it is long enough.
      const survivor = invalidationReadShare === null ? cachedPrompt : Math.round(cachedPrompt * invalidationReadShare);
      read = alive && survivor >= model.minimumCacheableTokens ? granular(survivor, model) : 0;
      write = prompt - read;
      uncached = 0;
      entryExpiresAt = read === 0 || model.refreshOnRead ? clock + model.ttlSeconds : entryExpiresAt;
      cachedPrompt = prompt;
    }
    cost += computeCost({ uncached, cacheRead: read, cacheWrite: write, output }, model.prices, {
      ttl: model.ttl,
      writesBilled: model.writesBilled,
    }).totalUsd;
    inputTokens += prompt;
    requests += 1;
    largestPrompt = Math.max(largestPrompt, prompt);
  };

  plan.forEach((turn, turnIndex) => {
    if (turnIndex > 0) {
      // The previous answer and this turn's user message; measured per transition while the probe's order holds.
      const measured =
        atCalibratedSize && turn.isNew && turn.slot === turnIndex && turnIndex - 1 < profile.turnGrowth.length - 1;
      prompt += measured ? profile.turnGrowth[turnIndex - 1] : profile.meanTurnGrowth;
      clock += options.minutesBetweenTurns * 60;
    }
    // The probe's own tools belong to the calibrated catalog; at another size the heat map prices mean tools.
    const tool = footprintOf(profile, turn.slot, discoveries + 1, searchable, atCalibratedSize);
    // Measured tools say whether they needed a discovery; for the others, a tool an earlier search already returned
    // needs none (likely in a catalog of a handful of tools).
    const measured = atCalibratedSize && profile.tools[turn.slot] !== undefined;
    // A selection made before the call (the prefilter) is in the first prompt already for the first turn.
    const discovers =
      turn.isNew &&
      tool.discovered &&
      !(profile.definitionsBeforeCall && turnIndex === 0) &&
      (measured || stillUndiscovered(discoveries, profile.definitions, searchable) >= 0.5);
    if (discovers) discoveries += 1;
    let stepInTurn = 0;
    const next = (kind: RequestKind, invalidationReadShare: number | null = null) => {
      if (stepInTurn > 0) clock += model.secondsBetweenSteps;
      send(tool.output[kind], invalidationReadShare);
      stepInTurn += 1;
    };
    if (lane) {
      const measuredTask =
        atCalibratedSize && turn.isNew && turn.slot === turnIndex ? lane.turns[turnIndex] : undefined;
      const earlier = turn.isNew ? undefined : laneTasks.get(turn.slot);
      const task = measuredTask ?? earlier?.task ?? (turn.isNew ? lane.meanNew : lane.meanKnown);
      const repeats = earlier !== undefined && clock < earlier.expiresAt;
      const sent = laneTurn(task, laneModel, laneCache, clock, laneScale, repeats);
      if (!laneTasks.has(turn.slot) || laneModel.refreshOnRead || !repeats)
        laneTasks.set(turn.slot, { task, expiresAt: clock + laneModel.ttlSeconds });
      cost += sent.costUsd;
      inputTokens += sent.inputTokens;
      requests += task.length;
      largestPrompt = Math.max(largestPrompt, sent.largestPrompt);
    }
    if (discovers && profile.definitionsBeforeCall) prompt += tool.definitions;
    if (discovers && profile.discoveryRoundTrips > 0) {
      // Each trip appends its result before the next (a listing, then a help page): an equal share each, as measured.
      const trips = profile.discoveryRoundTrips;
      for (let trip = 0; trip < trips; trip += 1) {
        next("discovery");
        if (trip < trips - 1) prompt += tool.discoveryGrowth / trips;
      }
      // A client-run discovery appends the search result (and the definitions, where the strategy loads them).
      prompt += tool.discoveryGrowth - (tool.discoveryGrowth / trips) * (trips - 1) + tool.definitions;
    }
    next("call", discovers && profile.invalidatesOnDiscovery ? tool.invalidationReadShare : null);
    prompt += turn.isNew ? tool.callGrowth : tool.knownCallGrowth;
    // Where the provider searches inside the call, the found definitions follow the call.
    if (discovers && profile.discoveryRoundTrips === 0 && !profile.definitionsBeforeCall) prompt += tool.definitions;
    next("answer");
    series.cumulativeCostUsd.push(cost);
    series.cumulativeInputTokens.push(inputTokens);
    series.cumulativeRequests.push(requests);
    series.largestPromptTokens.push(largestPrompt);
    largestPrompt = 0;
  });
  return series;
}

/**
 * One task of a second conversation, priced at its model: each request's prompt (scaled to the catalog size by the
 * lane's per-tool tokens) reads what the probe measured it read while the lane's entry lives — the stable system
 * prompt and tools for a task's first request, the request before for the others — and writes the rest. When the
 * entry has expired (the turns' pause past the lane's TTL) the first request writes everything again. A task that
 * repeats an earlier one (a known tool: the same words) reads its first request whole while that entry lives.
 */
export function laneTurn(
  task: readonly LaneRequest[],
  model: CostModel,
  cache: { expiresAt: number },
  clock: number,
  scale: number,
  /** The task repeats an earlier one whose entry lives: its first request reads its whole prompt. */
  repeats = false,
): { costUsd: number; inputTokens: number; largestPrompt: number } {
  let costUsd = 0;
  let inputTokens = 0;
  let largestPrompt = 0;
  task.forEach((request, position) => {
    const prompt = Math.max(0, request.prompt + scale);
    const alive = position > 0 || clock < cache.expiresAt;
    let read = 0;
    let write = 0;
    let uncached = prompt;
    if (model.cachingOn && prompt >= model.minimumCacheableTokens) {
      read =
        position === 0 && repeats ? prompt : alive && request.read > 0 ? Math.min(prompt, request.read + scale) : 0;
      write = prompt - read;
      uncached = 0;
      if (read === 0 || model.refreshOnRead) cache.expiresAt = clock + model.ttlSeconds;
    }
    costUsd += computeCost({ uncached, cacheRead: read, cacheWrite: write, output: request.output }, model.prices, {
      ttl: model.ttl,
      writesBilled: model.writesBilled,
    }).totalUsd;
    inputTokens += prompt;
    largestPrompt = Math.max(largestPrompt, prompt);
  });
  return { costUsd, inputTokens, largestPrompt };
}

/**
 * The cost model of a strategy's second conversation: the main one's (with the person's price edits) when it runs on
 * the main model, else its own model's prices and cache rules with the same TTL.
 */
export function laneCostModel(
  lane: SecondLaneProfile | undefined,
  main: CostModel,
  parameters: Pick<DecideParameters, "provider" | "cacheTtl">,
  settings: ScenarioSettings,
): CostModel {
  if (!lane || lane.sameModel) return main;
  return costModelFor({ provider: parameters.provider, model: lane.model, cacheTtl: parameters.cacheTtl }, settings);
}

/** OpenAI's legacy 128-token increments above the minimum (off by default, PROTOCOLS.md §5.2). */
function granular(tokens: number, model: CostModel): number {
  const step = model.cachedTokenGranularity;
  if (step <= 1) return tokens;
  return model.minimumCacheableTokens + Math.floor((tokens - model.minimumCacheableTokens) / step) * step;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => typeof field === "number" && Number.isFinite(field) && field >= 0),
  ) as Partial<T>;
}
