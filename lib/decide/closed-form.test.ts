/**
 * The closed form against figures worked out by hand from its documented rules (closed-form.ts, PROTOCOLS.md §5):
 * a request reads the previous prompt while the entry lives and writes the rest; the first request and the first
 * after expiry write everything; a prompt below the minimum is not cached; reads refresh the lifetime where the
 * provider says so. The profile is a small made-up one, so every token below can be followed on paper; prices are
 * Claude-like ($3 input, $0.30 read, $3.75 5-minute write, $6 1-hour write, $15 output per million).
 */
import { describe, expect, it } from "vitest";
import type { PriceTable } from "../models";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import type { SecondLaneProfile, StrategyProfile, ToolFootprint } from "./calibrate";
import { closedFormSeries, costModelFor, type CostModel, footprintOf, laneTurn } from "./closed-form";
import { sessionPlan } from "./session-plan";

const PRICES: PriceTable = {
  inputPerMillion: 3,
  cacheWrite5mPerMillion: 3.75,
  cacheWrite1hPerMillion: 6,
  cacheReadPerMillion: 0.3,
  outputPerMillion: 15,
  currency: "USD",
  source: "test",
  date: "2026-12-01",
  confidence: "documented",
};

const MODEL: CostModel = {
  prices: PRICES,
  ttl: "5m",
  writesBilled: true,
  ttlSeconds: 300,
  refreshOnRead: true,
  minimumCacheableTokens: 1024,
  cachedTokenGranularity: 1,
  cachingOn: true,
  secondsBetweenSteps: 4,
};

const TOOL: ToolFootprint = {
  discovered: true,
  discoveryGrowth: 100,
  callGrowth: 200,
  knownCallGrowth: 50,
  definitions: 300,
  invalidationReadShare: 0.5,
  output: { discovery: 10, call: 20, answer: 30 },
};

const PROFILE: StrategyProfile = {
  id: "anthropic-tool-search",
  provider: "anthropic",
  model: "claude-opus-4-8",
  firstPromptTokens: 2000,
  prefixTokensPerTool: 10,
  discoveryRoundTrips: 1,
  invalidatesOnDiscovery: false,
  tools: [TOOL],
  meanTool: { ...TOOL, discoveryGrowth: 110, callGrowth: 210, knownCallGrowth: 60 },
  definitionTokensPerLoad: 300,
  turnGrowth: [40],
  meanTurnGrowth: 45,
  toolEntries: { fixed: 1, perTool: 0, deferredFixed: 0, deferredPerTool: 1 },
  definitions: { loadsAllHits: false, hitsPerSearch: 5 },
};

type Request = { uncached?: number; read?: number; write?: number; output: number };
/** Prices requests by hand: tokens × price per million. */
function dollars(requests: readonly Request[], model: CostModel = MODEL): number {
  const write = !model.writesBilled
    ? model.prices.inputPerMillion
    : model.ttl === "1h"
      ? model.prices.cacheWrite1hPerMillion
      : model.prices.cacheWrite5mPerMillion;
  return requests.reduce(
    (sum, request) =>
      sum +
      ((request.uncached ?? 0) * model.prices.inputPerMillion +
        (request.read ?? 0) * model.prices.cacheReadPerMillion +
        (request.write ?? 0) * write +
        request.output * model.prices.outputPerMillion) /
        1_000_000,
    0,
  );
}

const AT_CALIBRATED = { minutesBetweenTurns: 2, toolCount: 100, calibratedToolCount: 100 };

describe("closed form, by hand", () => {
  // Turn 0 (one new tool): discovery on 2,000 tokens (all written), +100 search +300 definitions → call on 2,400
  // (reads 2,000 at 4 s), +200 → answer on 2,600 (reads 2,400 at 8 s). Turn 1, 2 minutes later (128 s), the tool
  // is known: +45 (mean turn growth; the probe's growth is for a new tool) → call on 2,645 (reads 2,600), +50 →
  // answer on 2,695 at 132 s (reads 2,645).
  const turn0: Request[] = [
    { write: 2000, output: 10 },
    { read: 2000, write: 400, output: 20 },
    { read: 2400, write: 200, output: 30 },
  ];
  const turn1: Request[] = [
    { read: 2600, write: 45, output: 20 },
    { read: 2645, write: 50, output: 30 },
  ];

  it("reads the previous prompt and writes the rest while the entry lives", () => {
    const series = closedFormSeries(PROFILE, sessionPlan(1, 2), MODEL, AT_CALIBRATED);
    expect(series.cumulativeRequests).toEqual([3, 5]);
    expect(series.cumulativeInputTokens).toEqual([7000, 7000 + 2645 + 2695]);
    expect(series.largestPromptTokens).toEqual([2600, 2695]);
    expect(series.cumulativeCostUsd[0]).toBeCloseTo(dollars(turn0), 12);
    expect(series.cumulativeCostUsd[1]).toBeCloseTo(dollars([...turn0, ...turn1]), 12);
  });

  it("writes everything again after the TTL (5 minutes between turns), and prices 1-hour writes at 2×", () => {
    const series = closedFormSeries(PROFILE, sessionPlan(1, 2), MODEL, { ...AT_CALIBRATED, minutesBetweenTurns: 5 });
    // Turn 1 starts at 8 + 300 = 308 s, exactly when the entry written at 8 s expires: nothing is read.
    const expired: Request[] = [
      { write: 2645, output: 20 },
      { read: 2645, write: 50, output: 30 },
    ];
    expect(series.cumulativeCostUsd[1]).toBeCloseTo(dollars([...turn0, ...expired]), 12);
    const oneHour = { ...MODEL, ttl: "1h" as const, ttlSeconds: 3600 };
    const long = closedFormSeries(PROFILE, sessionPlan(1, 2), oneHour, { ...AT_CALIBRATED, minutesBetweenTurns: 5 });
    expect(long.cumulativeCostUsd[1]).toBeCloseTo(dollars([...turn0, ...turn1], oneHour), 12);
  });

  it("without refresh on read, the entry dies a TTL after the first write", () => {
    // Written at 0 s, read at 4 and 8 s without refresh: it expires at 300 s. Turn 1 at 128 s still reads; with
    // 292 s between the answer at 8 s and turn 1 (300 s), the entry is gone although it was read 4 s before.
    const model = { ...MODEL, refreshOnRead: false };
    const minutes = 292 / 60;
    const series = closedFormSeries(PROFILE, sessionPlan(1, 2), model, {
      ...AT_CALIBRATED,
      minutesBetweenTurns: minutes,
    });
    const expiredAt300: Request[] = [
      { write: 2645, output: 20 },
      { read: 2645, write: 50, output: 30 },
    ];
    expect(series.cumulativeCostUsd[1]).toBeCloseTo(dollars([...turn0, ...expiredAt300]), 12);
    expect(closedFormSeries(PROFILE, sessionPlan(1, 2), model, AT_CALIBRATED).cumulativeCostUsd[1]).toBeCloseTo(
      dollars([...turn0, ...turn1]),
      12,
    );
  });

  it("caches nothing below the minimum or with caching off", () => {
    const small = { ...PROFILE, firstPromptTokens: 500 };
    // 500, 900, 1,100 tokens: the third reaches the minimum and writes; the first two are plain input.
    const series = closedFormSeries(small, sessionPlan(1, 1), MODEL, AT_CALIBRATED);
    expect(series.cumulativeCostUsd[0]).toBeCloseTo(
      dollars([
        { uncached: 500, output: 10 },
        { uncached: 900, output: 20 },
        { write: 1100, output: 30 },
      ]),
      12,
    );
    const off = closedFormSeries(PROFILE, sessionPlan(1, 1), { ...MODEL, cachingOn: false }, AT_CALIBRATED);
    expect(off.cumulativeCostUsd[0]).toBeCloseTo(
      dollars([
        { uncached: 2000, output: 10 },
        { uncached: 2400, output: 20 },
        { uncached: 2600, output: 30 },
      ]),
      12,
    );
  });

  it("after a discovery that changes tools, reads only the share before the change, if long enough", () => {
    const naive = { ...PROFILE, invalidatesOnDiscovery: true };
    const series = closedFormSeries(naive, sessionPlan(1, 1), MODEL, AT_CALIBRATED);
    // The call reads round(2,000 × 0.5) = 1,000 < 1,024: nothing; the answer reads the whole call prompt.
    expect(series.cumulativeCostUsd[0]).toBeCloseTo(
      dollars([
        { write: 2000, output: 10 },
        { write: 2400, output: 20 },
        { read: 2400, write: 200, output: 30 },
      ]),
      12,
    );
    const longer = closedFormSeries({ ...naive, firstPromptTokens: 2100 }, sessionPlan(1, 1), MODEL, AT_CALIBRATED);
    // round(2,100 × 0.5) = 1,050 ≥ 1,024: read.
    expect(longer.cumulativeCostUsd[0]).toBeCloseTo(
      dollars([
        { write: 2100, output: 10 },
        { read: 1050, write: 1450, output: 20 },
        { read: 2500, write: 200, output: 30 },
      ]),
      12,
    );
  });

  it("floors reads to 128-token increments above the minimum", () => {
    const model = { ...MODEL, cachedTokenGranularity: 128 };
    const series = closedFormSeries(PROFILE, sessionPlan(1, 1), model, AT_CALIBRATED);
    // 2,000 → 1,024 + 7 × 128 = 1,920; 2,400 → 1,024 + 10 × 128 = 2,304.
    expect(series.cumulativeCostUsd[0]).toBeCloseTo(
      dollars([
        { write: 2000, output: 10 },
        { read: 1920, write: 480, output: 20 },
        { read: 2304, write: 296, output: 30 },
      ]),
      12,
    );
  });

  it("where the provider searches inside the call, the definitions follow the call", () => {
    const hosted = { ...PROFILE, discoveryRoundTrips: 0 as const };
    const series = closedFormSeries(hosted, sessionPlan(1, 1), MODEL, AT_CALIBRATED);
    // Call on 2,000 (written), +200 call +300 definitions → answer on 2,500.
    expect(series.cumulativeRequests).toEqual([2]);
    expect(series.cumulativeInputTokens).toEqual([4500]);
    expect(series.cumulativeCostUsd[0]).toBeCloseTo(
      dollars([
        { write: 2000, output: 20 },
        { read: 2000, write: 500, output: 30 },
      ]),
      12,
    );
  });

  it("uses the probe's turn growth for new tools at the calibrated size, the mean elsewhere", () => {
    const twoTools = { ...PROFILE, tools: [TOOL, { ...TOOL, callGrowth: 220 }], turnGrowth: [40, 41] };
    const plan = sessionPlan(2, 2);
    // Turn 1 (new tool, slot 1): +40 measured growth; prompt 2,640 → discovery; +400 → call on 3,040; +220 → answer.
    const calibrated = closedFormSeries(twoTools, plan, MODEL, AT_CALIBRATED);
    expect(calibrated.cumulativeInputTokens[1] - calibrated.cumulativeInputTokens[0]).toBe(2640 + 3040 + 3260);
    // At another catalog size (200 tools: +100 × 10 prefix tokens) the mean tool and mean growth (+45) apply, and the
    // mean tool's definitions are loads × 300 = 300 (only the needed tool loads).
    const larger = closedFormSeries(twoTools, plan, MODEL, { ...AT_CALIBRATED, toolCount: 200 });
    const first = [3000, 3000 + 110 + 300, 3000 + 410 + 210];
    const second = [3620 + 45, 3665 + 410, 3665 + 410 + 210];
    expect(larger.cumulativeInputTokens).toEqual([
      first.reduce((a, b) => a + b),
      [...first, ...second].reduce((a, b) => a + b),
    ]);
  });
});

describe("closed form, boundaries", () => {
  const requests = (profile: StrategyProfile, toolCount: number, options: { nonDeferredTools?: string[] } = {}) =>
    closedFormSeries(profile, sessionPlan(2, 2), MODEL, {
      ...AT_CALIBRATED,
      toolCount,
      calibratedToolCount: 3,
      ...options,
    }).cumulativeRequests;
  const allHits = { ...PROFILE, tools: [TOOL, TOOL], definitions: { loadsAllHits: true, hitsPerSearch: 5 } };

  it("a measured tool always needs its discovery; a mean tool only while a search has likely not returned it", () => {
    // 3 tools, 5 hits a search: the first search returns every other tool. The probe's own tools (calibrated size)
    // were measured as discovered, so turn 1 still searches; at 4 tools (mean tools) it does not (chance 0).
    expect(requests(allHits, 3)).toEqual([3, 6]);
    expect(requests(allHits, 4)).toEqual([3, 5]);
    // 5 tools, 3 hits: 2 others of 4 → still undiscovered with chance exactly 0.5, which counts as a discovery.
    expect(requests({ ...allHits, definitions: { loadsAllHits: true, hitsPerSearch: 3 } }, 5)).toEqual([3, 6]);
  });

  it("a session tool beyond the probe's is a mean tool even at the calibrated size", () => {
    // One measured tool; turn 1's tool was not in the probe, and at 3 tools the first search returned it.
    expect(requests({ ...allHits, tools: [TOOL] }, 3)).toEqual([3, 5]);
  });

  it("only a discovery counts towards the chance that a later tool was already returned", () => {
    // 10 tools, 5 hits: 4 others of 9, a tool is still unfound with chance (5/9)^discoveries. Turn 0 discovers;
    // turn 1's probe tool needed no search (an earlier one returned it), so turn 2's mean tool is still unfound
    // with chance 5/9 ≥ 0.5 and is searched for.
    const profile = { ...allHits, tools: [TOOL, { ...TOOL, discovered: false }] };
    const series = closedFormSeries(profile, sessionPlan(3, 3), MODEL, {
      ...AT_CALIBRATED,
      toolCount: 10,
      calibratedToolCount: 10,
    });
    expect(series.cumulativeRequests).toEqual([3, 5, 8]);
  });

  it("definitions a mean tool loads depend on the searchable tools and on how many discoveries came before", () => {
    // 200 tools (prefix 2,000 + 100 × 10), every hit loaded: searchable 200 → 1 + 4 loads = 1,500 definition tokens;
    // with 198 tools kept non-deferred, searchable 2 → 1 + 1 = 600.
    const turn0 = (definitions: number) => 3 * 3000 + 2 * (110 + definitions) + 210;
    const series = (nonDeferredTools?: string[]) =>
      closedFormSeries(allHits, sessionPlan(1, 1), MODEL, {
        ...AT_CALIBRATED,
        toolCount: 200,
        ...(nonDeferredTools ? { nonDeferredTools } : {}),
      }).cumulativeInputTokens[0];
    expect(series()).toBe(turn0(1500));
    expect(series(Array.from({ length: 198 }, (_, index) => `kept${index}`))).toBe(turn0(600));
  });

  it("the probe's last turn transition is not used for a new tool (mean growth instead)", () => {
    const three = { ...PROFILE, tools: [TOOL, TOOL, TOOL], turnGrowth: [40, 41] };
    const series = closedFormSeries(three, sessionPlan(3, 3), MODEL, AT_CALIBRATED);
    // Turn 1: 2,600 + 40 → 2,640 / 3,040 / 3,240. Turn 2: + 45 (not 41) → 3,285 / 3,685 / 3,885.
    expect(series.cumulativeInputTokens[1] - series.cumulativeInputTokens[0]).toBe(2640 + 3040 + 3240);
    expect(series.cumulativeInputTokens[2] - series.cumulativeInputTokens[1]).toBe(3285 + 3685 + 3885);
  });

  it("caches a prompt of exactly the minimum, and reads a surviving share of exactly the minimum", () => {
    const exact = closedFormSeries({ ...PROFILE, firstPromptTokens: 1024 }, sessionPlan(1, 1), MODEL, AT_CALIBRATED);
    expect(exact.cumulativeCostUsd[0]).toBeCloseTo(
      dollars([
        { write: 1024, output: 10 },
        { read: 1024, write: 400, output: 20 },
        { read: 1424, write: 200, output: 30 },
      ]),
      12,
    );
    const naive = { ...PROFILE, invalidatesOnDiscovery: true, firstPromptTokens: 2048 };
    const share = closedFormSeries(naive, sessionPlan(1, 1), MODEL, AT_CALIBRATED);
    // round(2,048 × 0.5) = 1,024: read.
    expect(share.cumulativeCostUsd[0]).toBeCloseTo(
      dollars([
        { write: 2048, output: 10 },
        { read: 1024, write: 1424, output: 20 },
        { read: 2448, write: 200, output: 30 },
      ]),
      12,
    );
  });

  it("the first request of a turn is sent the turn's pause after the last, with no step pause added", () => {
    // The answer at 8 s refreshed the entry to 308 s; 299 s later (307 s) it is still alive.
    const series = closedFormSeries(PROFILE, sessionPlan(1, 2), MODEL, {
      ...AT_CALIBRATED,
      minutesBetweenTurns: 299 / 60,
    });
    expect(series.cumulativeCostUsd[1]).toBeCloseTo(
      dollars([
        { write: 2000, output: 10 },
        { read: 2000, write: 400, output: 20 },
        { read: 2400, write: 200, output: 30 },
        { read: 2600, write: 45, output: 20 },
        { read: 2645, write: 50, output: 30 },
      ]),
      12,
    );
  });

  it("an Anthropic model with no breakpoints allowed caches nothing", () => {
    const model = costModelFor(
      { provider: "anthropic", model: "claude-opus-4-8" },
      { ...DEFAULT_SETTINGS, cacheOverrides: { maxBreakpoints: 0 } },
    );
    expect(model.cachingOn).toBe(false);
  });
});

describe("footprintOf", () => {
  it("returns the measured tool, else the mean tool with the definitions a later discovery still loads", () => {
    expect(footprintOf(PROFILE, 0, 1, 100)).toBe(TOOL);
    expect(footprintOf(PROFILE, 0, 1, 100, false)).toEqual({ ...PROFILE.meanTool, definitions: 300 });
    // Loading every hit: 5 results, 4 others; at the 2nd discovery (1 − 4/99) of them are still new.
    const all = { ...PROFILE, definitions: { loadsAllHits: true, hitsPerSearch: 5 } };
    expect(footprintOf(all, 3, 2, 100).definitions).toBeCloseTo((1 + 4 * (1 - 4 / 99)) * 300, 9);
    const notDiscovered = { ...PROFILE, meanTool: { ...PROFILE.meanTool, discovered: false } };
    expect(footprintOf(notDiscovered, 3, 1, 100).definitions).toBe(0);
  });
});

describe("costModelFor", () => {
  it("takes the model's prices with valid edits, the TTL asked for and the provider's cache rules", () => {
    const anthropic = costModelFor(
      { provider: "anthropic", model: "claude-opus-4-8", prices: { inputPerMillion: 7, outputPerMillion: -1 } },
      DEFAULT_SETTINGS,
    );
    expect(anthropic.prices.inputPerMillion).toBe(7);
    expect(anthropic.prices.outputPerMillion).toBeGreaterThan(0);
    expect(anthropic).toMatchObject({ writesBilled: true, cachingOn: true, minimumCacheableTokens: 1024 });
    expect(anthropic.secondsBetweenSteps).toBe(DEFAULT_SETTINGS.secondsBetweenSteps);
    const hour = costModelFor({ provider: "anthropic", model: "claude-opus-4-8", cacheTtl: "1h" }, DEFAULT_SETTINGS);
    expect(hour).toMatchObject({ ttl: "1h", ttlSeconds: 3600 });
    const fromSettings = costModelFor(
      { provider: "anthropic", model: "claude-opus-4-8" },
      { ...DEFAULT_SETTINGS, cacheTtl: "1h" },
    );
    expect(fromSettings.ttl).toBe("1h");
    const off = costModelFor(
      { provider: "anthropic", model: "claude-opus-4-8" },
      { ...DEFAULT_SETTINGS, cacheMode: "off" },
    );
    expect(off.cachingOn).toBe(false);
    const openai = costModelFor(
      { provider: "openai-responses", model: "gpt-5.4" },
      { ...DEFAULT_SETTINGS, cacheMode: "off" },
    );
    expect(openai).toMatchObject({ cachingOn: true, refreshOnRead: true });
    expect(
      costModelFor(
        { provider: "anthropic", model: "claude-opus-4-8", prices: { inputPerMillion: Number.NaN } },
        DEFAULT_SETTINGS,
      ).prices.inputPerMillion,
    ).toBeGreaterThan(0);
  });
});

describe("closed form, a second conversation by hand", () => {
  // A small model at a third of the prices, the same cache rules.
  const SMALL: CostModel = {
    ...MODEL,
    prices: {
      ...PRICES,
      inputPerMillion: 1,
      cacheWrite5mPerMillion: 1.25,
      cacheReadPerMillion: 0.1,
      outputPerMillion: 5,
    },
  };
  const LANE: SecondLaneProfile = {
    name: "prefilter",
    model: "small",
    sameModel: false,
    // The probe: the first task writes everything; the second reads the stable part (2,900 of 3,100).
    turns: [[{ prompt: 3000, read: 0, output: 10 }], [{ prompt: 3100, read: 2900, output: 12 }]],
    meanNew: [{ prompt: 3100, read: 2900, output: 12 }],
    meanKnown: [{ prompt: 3000, read: 2900, output: 10 }],
    prefixTokensPerTool: 5,
  };
  const withLane: StrategyProfile = { ...PROFILE, secondLane: LANE };
  // Three turns: tools 0 and 1 new, then tool 0 again. Turn 0 at 0 s: the lane's 3,000 all written (small model's
  // write price). Turn 1 at 128 s: the entry lives, 2,900 read and 200 written. Turn 2 at 256 s repeats turn 0's
  // task word for word, whose entry (written at 0 s, 5-minute TTL) still lives: all 3,000 read.
  const lane: Request[][] = [
    [{ write: 3000, output: 10 }],
    [{ read: 2900, write: 200, output: 12 }],
    [{ read: 3000, output: 10 }],
  ];

  it("adds each turn's lane task at the lane model's prices, with the lane's own cache", () => {
    const plan = sessionPlan(2, 3);
    const main = closedFormSeries(PROFILE, plan, MODEL, AT_CALIBRATED);
    const both = closedFormSeries(withLane, plan, MODEL, { ...AT_CALIBRATED, laneModel: SMALL });
    let laneCost = 0;
    plan.forEach((_, turn) => {
      laneCost += dollars(lane[turn], SMALL);
      expect(both.cumulativeCostUsd[turn] - main.cumulativeCostUsd[turn]).toBeCloseTo(laneCost, 12);
      expect(both.cumulativeRequests[turn] - main.cumulativeRequests[turn]).toBe(turn + 1);
    });
    expect(both.cumulativeInputTokens[2] - main.cumulativeInputTokens[2]).toBe(3000 + 3100 + 3000);
    expect(both.largestPromptTokens[1]).toBe(Math.max(main.largestPromptTokens[1], 3100));
  });

  it("writes the lane's task again once its entry expired (turns 6 minutes apart)", () => {
    const plan = sessionPlan(2, 3);
    const apart = { ...AT_CALIBRATED, minutesBetweenTurns: 6 };
    const main = closedFormSeries(PROFILE, plan, MODEL, apart);
    const both = closedFormSeries(withLane, plan, MODEL, { ...apart, laneModel: SMALL });
    const expired: Request[][] = [
      [{ write: 3000, output: 10 }],
      [{ write: 3100, output: 12 }],
      [{ write: 3000, output: 10 }],
    ];
    const expected = expired.reduce((sum, task) => sum + dollars(task, SMALL), 0);
    expect(both.cumulativeCostUsd[2] - main.cumulativeCostUsd[2]).toBeCloseTo(expected, 12);
  });

  it("scales the lane's prompts by its tokens per catalog tool at another catalog size", () => {
    const task = [{ prompt: 3000, read: 2900, output: 10 }];
    const cache = { expiresAt: 100 };
    const sent = laneTurn(task, SMALL, cache, 0, 50);
    expect(sent.inputTokens).toBe(3050);
    expect(sent.costUsd).toBeCloseTo(dollars([{ read: 2950, write: 100, output: 10 }], SMALL), 12);
    expect(cache.expiresAt).toBe(300);
  });
});
