import { describe, expect, it, vi } from "vitest";
import { parseCatalogText } from "../catalog";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { STRATEGY_IDS, type StrategyId } from "../core/ids";
import { o200kMemo } from "../tokens";
import { createEngineHost, type EngineHostOptions } from "./engine-host";
import type { EngineDependencies } from "./engine-state";
import { errorResponse, type EngineRequest, type EngineResponse } from "./engine-messages";
import { CLIENT_SEARCH_GROUP, splitStrategies } from "./engine-scheduler";
import { createEngineHelperClient, type HelperPort } from "@/workers/engine-helper-client";
import type { EngineHelper } from "./engine-state";
import type { HelperMessage, HelperResponse, PageEngineRequest } from "./engine-messages";
import { inOrderIntake } from "./engine-intake";
import { isPrepareExampleHint } from "./prepared-example";
import { isCodeWarmUpHint } from "./code-warm-up";

describe("splitStrategies", () => {
  it("keeps the strategy on screen first here, with its group; the other group goes to the helper", () => {
    const fullFirst: StrategyId[] = ["full", ...STRATEGY_IDS.filter((id) => id !== "full")];
    expect(splitStrategies(fullFirst)).toEqual({
      here: ["full", "anthropic-tool-search", "openai-tool-search", "stubs", "subagent"],
      helper: [
        "naive-dynamic",
        "gateway",
        "kimi-dynamic",
        "anthropic-mid-conversation",
        "cli-help",
        "prefilter",
        "text-protocol",
      ],
    });
    const kimiFirst: StrategyId[] = ["kimi-dynamic", ...STRATEGY_IDS.filter((id) => id !== "kimi-dynamic")];
    expect(splitStrategies(kimiFirst)).toEqual({
      here: [
        "kimi-dynamic",
        "naive-dynamic",
        "gateway",
        "anthropic-mid-conversation",
        "cli-help",
        "prefilter",
        "text-protocol",
      ],
      helper: ["full", "anthropic-tool-search", "openai-tool-search", "stubs", "subagent"],
    });
    expect(splitStrategies([])).toEqual({ here: [], helper: [] });
  });

  it("puts every strategy on exactly one side, the first one first here", () => {
    for (const first of STRATEGY_IDS) {
      const ids = [first, ...STRATEGY_IDS.filter((id) => id !== first)];
      const { here, helper } = splitStrategies(ids);
      expect([...here, ...helper].sort()).toEqual([...STRATEGY_IDS].sort());
      expect(here[0]).toBe(first);
      const group = CLIENT_SEARCH_GROUP.includes(first);
      expect(here.every((id) => CLIENT_SEARCH_GROUP.includes(id) === group)).toBe(true);
      expect(helper.every((id) => CLIENT_SEARCH_GROUP.includes(id) !== group)).toBe(true);
    }
  });
});

/** A clock where every run is slow, so finished strategies are handed over as they finish. */
function slowClock() {
  let clock = 0;
  return () => (clock += 1_000);
}

function engineDependencies(): Omit<EngineDependencies, "betweenStrategies" | "helper"> {
  const engine = createEngine();
  return {
    runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
    loadExample,
    parseCatalogText: (text, options) => parseCatalogText(text, options),
    countTokens: (text) => o200kMemo.count(text),
    now: slowClock(),
  };
}

const later = (action: () => void) => setTimeout(action, 0);

type Listeners = {
  message: ((event: { data: HelperResponse }) => void)[];
  error: ((event: { message?: string }) => void)[];
};

/**
 * A helper worker in this process: the real host over the real engine, every message through structuredClone and a
 * macrotask each way, as postMessage does. `crash` fires the worker's error event and silences it.
 */
function inlineHelper(dependencies: Partial<EngineDependencies> = {}, hostOptions: Partial<EngineHostOptions> = {}) {
  const listeners: Listeners = { message: [], error: [] };
  const received: HelperMessage[] = [];
  let dead = false;
  let terminated = false;
  let delivered = 0;
  const post = (response: HelperResponse) => {
    if (dead) return;
    const copy = structuredClone(response);
    later(() => {
      listeners.message.forEach((listener) => listener({ data: copy }));
      delivered += 1;
    });
  };
  const host = createEngineHost({
    ...hostOptions,
    post,
    now: slowClock(),
    countTexts: (texts) => texts.map((text) => o200kMemo.count(text)),
    dependencies: { ...engineDependencies(), ...dependencies },
  });
  // As the helper worker takes its messages: an import's file is read first, counting goes straight in.
  const intake = inOrderIntake(
    (message) => host.receive(message),
    ({ requestId, reason }) => post({ kind: "error", requestId, request: "parse-catalog", message: reason }),
  );
  const port: HelperPort = {
    postMessage(message) {
      // A prepare hint only saves the helper time; this helper loads examples when asked, and never warms up.
      if (isPrepareExampleHint(message) || isCodeWarmUpHint(message)) return;
      received.push(message);
      if (dead) return;
      const copy = structuredClone(message);
      later(() => (copy.kind === "count-texts" ? host.receive(copy) : intake(copy)));
    },
    addEventListener(type: "message" | "error", listener: never) {
      (listeners[type] as unknown[]).push(listener);
    },
    terminate() {
      dead = true;
      terminated = true;
    },
  };
  return {
    port,
    received,
    get terminated() {
      return terminated;
    },
    /** Answers the helper has handed to the page's worker so far. */
    get delivered() {
      return delivered;
    },
    kinds: () => received.map((message) => message.kind),
    crash(message: string) {
      dead = true;
      listeners.error.forEach((listener) => listener({ message }));
    },
  };
}

type PageSide = {
  answers: EngineResponse[];
  send(message: EngineRequest): Promise<EngineResponse>;
  /** As the page posts it: an import's file crosses as the Blob, read by the worker's intake. */
  post(message: PageEngineRequest): Promise<EngineResponse>;
};

/** The page's engine worker in this process; with `helper`, every catalog splits its runs with it. */
function pageWorker(helper: EngineHelper | null, overrides: Partial<EngineHostOptions> = {}): PageSide {
  const answers: EngineResponse[] = [];
  const waiting = new Map<number, (response: EngineResponse) => void>();
  const host = createEngineHost({
    post: (response) => {
      const copy = structuredClone(response) as EngineResponse;
      answers.push(copy);
      if (copy.kind !== "run-progress") waiting.get(copy.requestId)?.(copy);
    },
    now: slowClock(),
    dependencies: {
      ...engineDependencies(),
      ...(helper ? { helper: () => helper, splitMinimumTools: 1 } : {}),
    },
    ...overrides,
  });
  const intake = inOrderIntake(
    (message) => host.receive(message),
    ({ requestId, reason }) =>
      waiting.get(requestId)?.(errorResponse({ kind: "parse-catalog", requestId } as EngineRequest, reason)),
  );
  return {
    answers,
    send: (message) =>
      new Promise((resolve) => {
        waiting.set(message.requestId, resolve);
        host.receive(structuredClone(message));
      }),
    post: (message) =>
      new Promise((resolve) => {
        waiting.set(message.requestId, resolve);
        intake(structuredClone(message));
      }),
  };
}

const order: StrategyId[] = ["full", ...STRATEGY_IDS.filter((id) => id !== "full")];
const kimiFirst: StrategyId[] = ["kimi-dynamic", ...STRATEGY_IDS.filter((id) => id !== "kimi-dynamic")];

/** Loads an example through `page`; its scenario without the catalog, as the page sends it back in `run`. */
async function loadedScenario(page: PageSide, exampleId = "learning-agent", requestId = 1, catalogVersion = 1) {
  const loaded = await page.send({ kind: "load-example", requestId, catalogVersion, exampleId });
  if (loaded.kind !== "example-loaded") throw new Error(loaded.kind);
  const { catalog: _catalog, ...scenario } = loaded.scenario;
  void _catalog;
  return scenario;
}

async function runExample(page: PageSide, strategyIds: StrategyId[] = order) {
  const scenario = await loadedScenario(page);
  const result = await page.send({
    kind: "run",
    requestId: 2,
    catalogVersion: 1,
    scenario,
    strategyIds,
    shownStep: { strategyId: strategyIds[0], stepIndex: 0 },
  });
  if (result.kind !== "run-result") throw new Error(JSON.stringify(result).slice(0, 300));
  return { result, scenario };
}

async function allDetails(page: PageSide, summaries: { id: StrategyId; steps: unknown[] }[]) {
  const details: unknown[] = [];
  let requestId = 100;
  for (const run of summaries)
    for (let stepIndex = 0; stepIndex < run.steps.length; stepIndex += 1) {
      const answer = await page.send({
        kind: "step-detail",
        requestId: requestId++,
        runRequestId: 2,
        strategyId: run.id,
        stepIndex,
      });
      if (answer.kind !== "step-detail") throw new Error(JSON.stringify(answer));
      details.push(answer.detail);
    }
  return details;
}

const resultsJson: EngineRequest = { kind: "results-json", requestId: 500, runRequestId: 2 };

describe("a run split with a helper engine worker (real engine, real protocol, messages cloned)", () => {
  it("answers exactly what one worker answers: summaries, order, every step detail, the export", async () => {
    const alone = pageWorker(null);
    const single = await runExample(alone);
    const helper = inlineHelper();
    const split = pageWorker(createEngineHelperClient(helper.port));
    const both = await runExample(split);

    expect(both.result.summaries).toEqual(single.result.summaries);
    expect(both.result.summaries.map((run) => run.id)).toEqual(order);
    // The helper really ran its group, after loading the example itself (no catalog crossed), answering as set-catalog.
    expect(helper.kinds()).toEqual(["load-example", "run"]);
    expect(helper.received[0]).toEqual({
      kind: "load-example",
      requestId: 1,
      catalogVersion: 1,
      exampleId: "learning-agent",
      answer: "catalog-set",
    });
    expect(helper.received[1]).toMatchObject({
      strategyIds: CLIENT_SEARCH_GROUP,
    });

    // Progress: each strategy handed over once, equal to the final summary; the shown one first, with its detail.
    const progress = split.answers.filter((answer) => answer.kind === "run-progress");
    const handed = progress.flatMap((answer) => answer.summaries ?? []);
    expect(handed[0].id).toBe("full");
    expect(progress.find((answer) => answer.summaries)).toMatchObject({ detail: { strategyId: "full", stepIndex: 0 } });
    expect(new Set(handed.map((run) => run.id)).size).toBe(handed.length);
    expect(handed.length).toBeGreaterThanOrEqual(6);
    for (const summary of handed) expect(summary).toEqual(single.result.summaries.find((run) => run.id === summary.id));
    const done = progress.map((answer) => answer.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(done).size).toBe(done.length);
    expect(Math.max(...done)).toBeLessThanOrEqual(order.length);

    expect(await allDetails(split, both.result.summaries)).toEqual(await allDetails(alone, single.result.summaries));
    expect(await split.send(resultsJson)).toEqual(await alone.send(resultsJson));
  });

  it("lets the helper count a batch before the run, and splits the other way when the shown strategy searches", async () => {
    const helper = inlineHelper();
    const client = createEngineHelperClient(helper.port);
    const counted: (readonly number[])[] = [];
    const split = pageWorker(client, {
      dependencies: {
        ...engineDependencies(),
        helper: () => client,
        splitMinimumTools: 1,
        async beforeRun({ scenario }) {
          // As the page's engine worker does (countInParallel with the helper): a batch counted there.
          counted.push(await client.count(scenario.catalog.tools.map((tool) => `${tool.name} ${tool.description}`)));
        },
      },
    });
    const alone = await runExample(pageWorker(null), kimiFirst);
    const both = await runExample(split, kimiFirst);
    expect(both.result.summaries).toEqual(alone.result.summaries);
    const loaded = await loadExample("learning-agent");
    expect(counted).toEqual([loaded.catalog.tools.map((tool) => o200kMemo.count(`${tool.name} ${tool.description}`))]);
    expect(helper.kinds()).toEqual(["load-example", "count-texts", "run"]);
    expect(helper.received[2]).toMatchObject({
      strategyIds: STRATEGY_IDS.filter((id) => !CLIENT_SEARCH_GROUP.includes(id)),
    });
  });

  it("gives an import's catalog to the helper after the run's first request, whose counting it shares first", async () => {
    const example = await loadExample("learning-agent");
    const { catalog, ...scenario } = example;
    // Enough tools for the request on screen to be handed over before its strategy's run ends.
    const extra = Array.from({ length: 110 }, (_, index) => ({
      ...catalog.tools[index % catalog.tools.length]!,
      name: `extra_tool_${index}`,
    }));
    const text = JSON.stringify({ tools: [...catalog.tools, ...extra] });
    const helper = inlineHelper();
    const client = createEngineHelperClient(helper.port);
    let page: PageSide | null = null;
    // What the page had been handed when the catalog left for the helper.
    let handedBeforeCatalog: string[] | null = null;
    const postToHelper = helper.port.postMessage.bind(helper.port);
    helper.port.postMessage = (message) => {
      if (message.kind === "set-catalog")
        handedBeforeCatalog = (page?.answers ?? []).map((answer) =>
          answer.kind === "run-progress" && answer.firstRequest ? "first-request" : answer.kind,
        );
      postToHelper(message);
    };
    page = pageWorker(client, {
      dependencies: {
        ...engineDependencies(),
        helper: () => client,
        splitMinimumTools: 1,
        async beforeRun({ scenario: run }) {
          await client.count(run.catalog.tools.map((tool) => tool.description));
        },
      },
    });
    await page.send({ kind: "parse-catalog", requestId: 1, catalogVersion: 1, text });
    expect(helper.kinds()).toEqual([]);
    const result = await page.send({
      kind: "run",
      requestId: 2,
      catalogVersion: 1,
      scenario,
      strategyIds: order,
      shownStep: { strategyId: "full", stepIndex: 0 },
    });
    expect(result.kind).toBe("run-result");
    expect(helper.kinds()).toEqual(["count-texts", "set-catalog", "run"]);
    expect(handedBeforeCatalog).toEqual(["catalog-parsed", "first-request"]);
    expect(helper.received[1]).toMatchObject({ kind: "set-catalog", catalogVersion: 1 });
  });

  it("sends the catalog whole when the helper cannot load the example itself", async () => {
    const single = await runExample(pageWorker(null));
    const failingLoad = { loadExample: () => Promise.reject(new Error("no examples here")) };

    // The run right behind the load (the helper's failure not yet known): the helper's group runs here instead.
    const early = inlineHelper(failingLoad);
    const hurried = await runExample(pageWorker(createEngineHelperClient(early.port)));
    expect(hurried.result.summaries).toEqual(single.result.summaries);
    expect(early.kinds()).toEqual(["load-example", "run"]);

    // The failure known before the run (as when the page's answer takes its time): the catalog is sent whole.
    const helper = inlineHelper(failingLoad);
    const split = pageWorker(createEngineHelperClient(helper.port));
    const scenario = await loadedScenario(split);
    // Wait on the helper's answer to its load (the failure), not on a clock: a loaded machine takes its time.
    await vi.waitFor(() => expect(helper.delivered).toBeGreaterThan(0), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const run: EngineRequest = { kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: order };
    const result = await split.send(run);
    expect(result.kind === "run-result" && result.summaries).toEqual(single.result.summaries);
    expect(helper.kinds()).toEqual(["load-example", "set-catalog", "run"]);
    expect(helper.received[1]).toMatchObject({ kind: "set-catalog", catalogVersion: 1 });
    expect(helper.received[2]).toMatchObject({ strategyIds: CLIENT_SEARCH_GROUP });
  });

  it("gives the helper a person's imported catalog once, with the first split run, and gets the same answer", async () => {
    const example = await loadExample("learning-agent");
    const { catalog, ...scenario } = example;
    const text = JSON.stringify({ tools: catalog.tools });
    const single = pageWorker(null);
    await single.send({ kind: "parse-catalog", requestId: 1, catalogVersion: 1, text });
    const alone = await single.send({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: order });

    // As the page posts an import: the file, read by the worker's intake.
    const helper = inlineHelper();
    const page = pageWorker(createEngineHelperClient(helper.port));
    const file = new Blob([text], { type: "application/json" });
    const parsed = await page.post({ kind: "parse-catalog", requestId: 1, catalogVersion: 1, text: file });
    expect(parsed.kind).toBe("catalog-parsed");
    // Until the run, the helper is free to count.
    expect(helper.kinds()).toEqual([]);
    const split = await page.send({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: order });
    expect(split.kind === "run-result" && split.summaries).toEqual(alone.kind === "run-result" && alone.summaries);
    // The helper held the catalog: its strategies' details come from it, equal to one worker's.
    expect(await allDetails(page, split.kind === "run-result" ? split.summaries : [])).toEqual(
      await allDetails(single, alone.kind === "run-result" ? alone.summaries : []),
    );
    const again = await page.send({ kind: "run", requestId: 3, catalogVersion: 1, scenario, strategyIds: order });
    expect(again.kind === "run-result" && again.summaries).toEqual(alone.kind === "run-result" && alone.summaries);
    // The catalog crossed once; the second run found it there.
    expect(helper.kinds().filter((kind) => kind !== "step-detail")).toEqual(["set-catalog", "run", "run"]);
    expect(helper.received[0]).toMatchObject({
      kind: "set-catalog",
      catalogVersion: 1,
      catalog: parsed.kind === "catalog-parsed" ? parsed.catalog : null,
    });
  });

  it("runs everything itself when the helper fails to load, and loses nothing", async () => {
    const alone = pageWorker(null);
    const single = await runExample(alone);
    const helper = inlineHelper();
    const client = createEngineHelperClient(helper.port);
    helper.crash("failed to load");
    const split = pageWorker(client);
    const both = await runExample(split);
    expect(client.failed).toBe(true);
    expect(both.result.summaries).toEqual(single.result.summaries);
    expect(helper.received).toEqual([]);
    expect(await allDetails(split, both.result.summaries)).toEqual(await allDetails(alone, single.result.summaries));
  });

  it("takes the helper's strategies back when it dies during the run", async () => {
    const alone = pageWorker(null);
    const single = await runExample(alone);
    const helper = inlineHelper();
    const client = createEngineHelperClient(helper.port);
    const split = pageWorker(client, {
      // The helper dies as the first strategy's progress is posted (its run was sent before).
      onSettled: () => {
        if (helper.kinds().includes("run") && !client.failed) helper.crash("crashed");
      },
    });
    const both = await runExample(split);
    expect(client.failed).toBe(true);
    expect(both.result.summaries).toEqual(single.result.summaries);
    expect(await allDetails(split, both.result.summaries)).toEqual(await allDetails(alone, single.result.summaries));
  });

  it("runs a dead helper's strategies here when their details or the export are asked for after the run", async () => {
    const alone = pageWorker(null);
    const single = await runExample(alone);
    const helper = inlineHelper();
    const split = pageWorker(createEngineHelperClient(helper.port));
    const both = await runExample(split);
    helper.crash("crashed");
    expect(await split.send(resultsJson)).toEqual(await alone.send(resultsJson));
    expect(await allDetails(split, both.result.summaries)).toEqual(await allDetails(alone, single.result.summaries));
  });

  it("sends an edited tool on to the helper instead of the whole catalog, and both agree after it", async () => {
    const helper = inlineHelper();
    const split = pageWorker(createEngineHelperClient(helper.port));
    const alone = pageWorker(null);
    const first = await runExample(split);
    await runExample(alone);
    const tool = (await loadExample("learning-agent")).catalog.tools[0];
    const text = JSON.stringify({ ...tool, description: `${tool.description} Edited.` });
    const edit: EngineRequest = { kind: "edit-tool", requestId: 3, catalogVersion: 2, toolName: tool.name, text };
    expect(await split.send(edit)).toMatchObject({ kind: "tool-edited", edited: { catalogVersion: 2 } });
    await alone.send(edit);
    const rerun: EngineRequest = {
      kind: "run",
      requestId: 4,
      catalogVersion: 2,
      scenario: first.scenario,
      strategyIds: order,
    };
    const again = await split.send(rerun);
    const againAlone = await alone.send(rerun);
    expect(again.kind === "run-result" && again.summaries).toEqual(
      againAlone.kind === "run-result" && againAlone.summaries,
    );
    expect(again.kind === "run-result" && again.summaries.map((run) => run.totals)).not.toEqual(
      first.result.summaries.map((run) => run.totals),
    );
    expect(helper.kinds()).toEqual(["load-example", "run", "edit-tool", "run"]);
  });
});

describe("the helper's lifetime and its step details during a run", () => {
  it("answers a helper strategy's step detail while the run goes, as soon as the helper has that strategy", async () => {
    const alone = pageWorker(null);
    const single = await runExample(alone);
    // The helper holds its run after its first strategy until a step detail reaches it (or, without the fix, until
    // the page's worker would have sent it: never during the run, so the hold ends on its own and the order fails).
    let detailArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (detailArrived = resolve));
    let handedOver = false;
    const helper = inlineHelper(
      {},
      {
        async yieldToEvents() {
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (helper.kinds().includes("step-detail")) detailArrived();
          else if (handedOver) await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 1_000))]);
        },
        onSettled: () => {
          handedOver ||= helper.kinds().includes("run");
        },
      },
    );
    const originalPost = helper.port.postMessage.bind(helper.port);
    helper.port.postMessage = (message) => {
      originalPost(message);
      if (!isPrepareExampleHint(message) && message.kind === "step-detail") later(() => detailArrived());
    };
    const split = pageWorker(createEngineHelperClient(helper.port));
    const scenario = await loadedScenario(split);
    const finished = split.send({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: order });
    // The helper's first strategy, handed over to the page in a progress message.
    const helperFirst: StrategyId = "naive-dynamic";
    while (
      !split.answers.some(
        (answer) => answer.kind === "run-progress" && answer.summaries?.some((run) => run.id === helperFirst),
      )
    )
      await new Promise((resolve) => setTimeout(resolve, 0));
    const detail = await split.send({
      kind: "step-detail",
      requestId: 3,
      runRequestId: 2,
      strategyId: helperFirst,
      stepIndex: 1,
    });
    const result = await finished;
    const kinds = split.answers.map((answer) => answer.kind);
    expect(kinds.indexOf("step-detail")).toBeLessThan(kinds.indexOf("run-result"));
    expect(result.kind).toBe("run-result");
    // The same detail one worker gives after its run.
    expect(detail).toEqual({
      ...(await alone.send({
        kind: "step-detail",
        requestId: 3,
        runRequestId: 2,
        strategyId: helperFirst,
        stepIndex: 1,
      })),
    });
    expect(result.kind === "run-result" && result.summaries).toEqual(single.result.summaries);
    // Asked of the helper under its own run's id.
    expect(helper.received.find((message) => message.kind === "step-detail")).toMatchObject({
      strategyId: helperFirst,
      stepIndex: 1,
    });
  });

  it("stops the helper on a small catalog once the run on screen has no helper part, and starts one for a large catalog", async () => {
    const helpers: ReturnType<typeof inlineHelper>[] = [];
    let current: EngineHelper | null = null;
    const alone = pageWorker(null);
    const page = pageWorker(null, {
      dependencies: {
        ...engineDependencies(),
        // learning-agent (16 tools) is large here, weather (2 tools) small.
        splitMinimumTools: 10,
        helper(start) {
          if (start && !current) {
            helpers.push(inlineHelper());
            current = createEngineHelperClient(helpers[helpers.length - 1].port);
          }
          return current;
        },
        stopHelper() {
          current?.stop();
          current = null;
        },
      },
    });
    const large = await runExample(page);
    await runExample(alone);
    expect(helpers).toHaveLength(1);
    expect(helpers[0].kinds()).toEqual(["load-example", "run"]);

    // The page moves to the small example: the run on screen is still the split one, so the helper stays for its
    // step details and the export.
    const scenario = await loadedScenario(page, "weather", 10, 2);
    expect(helpers[0].terminated).toBe(false);
    expect(await allDetails(page, large.result.summaries)).toEqual(await allDetails(alone, large.result.summaries));
    expect(await page.send(resultsJson)).toEqual(await alone.send(resultsJson));
    expect(helpers[0].terminated).toBe(false);
    const sentBeforeSmallRun = helpers[0].received.length;

    // Its run replaces the split one: the helper ends, and the small run is whole here.
    const small = await page.send({ kind: "run", requestId: 11, catalogVersion: 2, scenario, strategyIds: order });
    expect(small.kind).toBe("run-result");
    expect(helpers[0].terminated).toBe(true);
    // Nothing is sent to the stopped helper: the small run went whole here.
    expect(helpers[0].received).toHaveLength(sentBeforeSmallRun);
    const smallDetail = await page.send({
      kind: "step-detail",
      requestId: 12,
      runRequestId: 11,
      strategyId: "gateway",
      stepIndex: 0,
    });
    expect(smallDetail.kind).toBe("step-detail");

    // A large catalog again: a new helper, which loads the example itself and takes its group.
    const largeScenario = await loadedScenario(page, "learning-agent", 20, 3);
    const rerun = await page.send({
      kind: "run",
      requestId: 21,
      catalogVersion: 3,
      scenario: largeScenario,
      strategyIds: order,
    });
    expect(helpers).toHaveLength(2);
    expect(helpers[1].kinds()).toEqual(["load-example", "run"]);
    expect(rerun.kind === "run-result" && rerun.summaries).toEqual(large.result.summaries);
  });
});

describe("a large import's helper", () => {
  /** A helper that records what it is sent and answers a parse as the real one does. */
  function recordingHelper(events: string[]): EngineHelper {
    return {
      failed: false,
      catalogVersion: null,
      async send(request) {
        events.push(`helper ${request.kind}`);
        return { kind: "catalog-set", requestId: 0, catalogVersion: 1 };
      },
      prepare: () => undefined,
      warmUpCode: () => undefined,
      count: async (texts) => texts.map(() => 1),
      stop: () => void events.push("helper stopped"),
    };
  }

  async function parseWith(text: string, splitMinimumTools: number) {
    const events: string[] = [];
    let helper: EngineHelper | null = null;
    const host = createEngineHost({
      post: (response) => void events.push(`answer ${response.kind}`),
      now: () => 0,
      dependencies: {
        ...engineDependencies(),
        parseCatalogText(input, options) {
          events.push("parse here");
          return parseCatalogText(input, options);
        },
        helper(start) {
          if (start && !helper) {
            events.push("helper started");
            helper = recordingHelper(events);
          }
          return helper;
        },
        stopHelper: () => void events.push("helper stopped"),
        splitMinimumTools,
      },
    });
    host.receive({ kind: "parse-catalog", requestId: 1, catalogVersion: 1, text });
    await host.settled();
    return events.filter((event) => !event.startsWith("answer example-tools"));
  }

  it("starts before this worker parses the text when it names enough tools", async () => {
    const { catalog } = await loadExample("github-mcp");
    const text = JSON.stringify({ tools: catalog.tools });
    expect(await parseWith(text, 100)).toEqual(["helper started", "parse here", "answer catalog-parsed"]);
    // A text with fewer names than the split's minimum is parsed here first, as before: no helper for it.
    expect(await parseWith(text, 5_000)).toEqual(["parse here", "helper stopped", "answer catalog-parsed"]);
  });

  it("is stopped again when the text only looked large (property names counted as tools)", async () => {
    const { catalog } = await loadExample("weather");
    const tool = catalog.tools[0];
    const properties = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [
        `p${index}`,
        { type: "object", properties: { name: { type: "string" } } },
      ]),
    );
    const text = JSON.stringify({ tools: [{ ...tool, inputSchema: { type: "object", properties } }] });
    expect(await parseWith(text, 50)).toEqual([
      "helper started",
      "parse here",
      "helper stopped",
      "answer catalog-parsed",
    ]);
  });
});
