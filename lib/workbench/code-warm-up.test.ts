import { describe, expect, it } from "vitest";
import { parseCatalogText } from "../catalog";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { STRATEGY_IDS } from "../core/ids";
import { o200kMemo } from "../tokens";
import { forgetRememberedLists } from "../providers/limits";
import { forgetToolRenders } from "../providers/segment-list";
import {
  createCodeWarmUpEngine,
  createWorkerCodeWarmUp,
  bringsLargeCatalog,
  isCodeWarmUpHint,
  codeWarmUpCatalogText,
  warmUpCode,
  codeWarmUpSlices,
  type CodeWarmUpDependencies,
} from "./code-warm-up";

/** The warm-up's dependencies over the real engine and parse, with the worker's state as plain variables. */
function dependencies(overrides: Partial<CodeWarmUpDependencies> = {}): CodeWarmUpDependencies & { forgotten: number } {
  const result = {
    forgotten: 0,
    ...createCodeWarmUpEngine(),
    parseCatalogText: (text: string, options: { schemaCheck: "meta-schema" }) => parseCatalogText(text, options),
    idle: () => true,
    wanted: () => true,
    nextTask: () => Promise.resolve(),
    forget() {
      result.forgotten += 1;
      forgetToolRenders();
      forgetRememberedLists();
    },
    provider: () => "anthropic" as const,
    ...overrides,
  };
  return result;
}

describe("the warm-up's catalog", () => {
  it("parses as a person's import does, with unique names, and each round's texts are new", () => {
    const first = parseCatalogText(codeWarmUpCatalogText(0, 120), { schemaCheck: "meta-schema" });
    const second = parseCatalogText(codeWarmUpCatalogText(1, 120), { schemaCheck: "meta-schema" });
    expect(first.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(first.value?.tools).toHaveLength(120);
    expect(new Set(first.value?.tools.map((tool) => tool.name)).size).toBe(120);
    expect(first.value?.tools.some((tool) => Object.keys(tool.inputSchema.properties ?? {}).length > 2)).toBe(true);
    const descriptions = new Set(first.value?.tools.map((tool) => tool.description));
    expect(second.value?.tools.filter((tool) => descriptions.has(tool.description))).toEqual([]);
    // The same round is the same text: a warm-up is deterministic.
    expect(codeWarmUpCatalogText(1, 120)).toBe(codeWarmUpCatalogText(1, 120));
  });
});

describe("warmUpCode", () => {
  it("runs every slice while idle and leaves the shared counts and the person's results untouched", async () => {
    const scenario = await loadExample("weather");
    const engine = createEngine();
    const before = engine.runAll(scenario, STRATEGY_IDS);
    const counted: string[] = [];
    const stopListening = o200kMemo.onCounted((text) => counted.push(text));
    const warm = dependencies();
    const outcome = await warmUpCode(warm, { toolsPerRound: 40, rounds: 2 });
    stopListening();
    expect(outcome).toEqual({
      finished: true,
      slices: codeWarmUpSlices(warm, { toolsPerRound: 40, rounds: 2 }).length,
    });
    // Nothing reached the shared memo, whose counts are stored across visits.
    expect(counted).toEqual([]);
    expect(warm.forgotten).toBe(1);
    expect(engine.runAll(scenario, STRATEGY_IDS)).toEqual(before);
  });

  it("waits while the worker is busy and answers nothing meanwhile", async () => {
    let busyLooks = 3;
    let slicesWhileBusy = 0;
    let busy = true;
    const warm = dependencies({
      idle() {
        if (busyLooks > 0) busyLooks -= 1;
        busy = busyLooks > 0;
        return !busy;
      },
      runAll(...args) {
        if (busy) slicesWhileBusy += 1;
        createCodeWarmUpEngine().runAll(...args);
      },
    });
    const outcome = await warmUpCode(warm, { toolsPerRound: 20, rounds: 1, pollMs: 1, strategyIds: ["full"] });
    expect(outcome.finished).toBe(true);
    expect(slicesWhileBusy).toBe(0);
  });

  it("stops for good once it is no longer wanted, without emptying the caches that are the person's now", async () => {
    let slices = 0;
    let wanted = true;
    const warm = dependencies({
      wanted: () => wanted,
      runAll() {
        slices += 1;
        // A person's import arrives during the first strategy's slice.
        wanted = false;
      },
    });
    const outcome = await warmUpCode(warm, { toolsPerRound: 20, rounds: 2 });
    expect(outcome.finished).toBe(false);
    expect(slices).toBe(1);
    expect(warm.forgotten).toBe(0);
  });

  it("is started once by a worker, and a stop before its first slice leaves it idle for good", async () => {
    const options = {
      idle: () => true,
      provider: () => "anthropic" as const,
      strategyIds: ["full" as const],
      toolsPerRound: 20,
      rounds: 2,
    };
    const started = createWorkerCodeWarmUp(options);
    const first = started.start();
    const second = started.start();
    expect(started.state).toBe("warming");
    expect(await second).toBeNull();
    // Per round: the catalog made, parsed, its texts counted, one strategy run; then the caches emptied.
    expect(await first).toEqual({ finished: true, slices: 2 * 4 + 1 });
    expect(started.state).toBe("stopped");

    const stopped = createWorkerCodeWarmUp(options);
    const outcome = stopped.start();
    stopped.stop();
    expect(await outcome).toEqual({ finished: false, slices: 0 });
    // Stopped is for good.
    expect(await stopped.start()).toBeNull();
    expect(stopped.state).toBe("stopped");
  });

  it("ends at a catalog a run would split, and only then", () => {
    const toolCount = (exampleId: string) => (exampleId === "synthetic-10000" ? 10_000 : 2);
    const large = (message: Parameters<typeof bringsLargeCatalog>[0]) => bringsLargeCatalog(message, 2_000, toolCount);
    expect(large({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "synthetic-10000" })).toBe(true);
    expect(large({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" })).toBe(false);
    expect(large({ kind: "parse-catalog", requestId: 1, catalogVersion: 1, text: '{"tools": []}' })).toBe(false);
    expect(large({ kind: "parse-catalog", requestId: 1, catalogVersion: 1, text: "x".repeat(400_000) })).toBe(true);
    expect(
      large({ kind: "parse-catalog", requestId: 1, catalogVersion: 1, text: new Blob(["x".repeat(400_000)]) }),
    ).toBe(true);
    const tools = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `t${index}`, description: "", inputSchema: {} }));
    expect(large({ kind: "set-catalog", requestId: 1, catalogVersion: 1, catalog: { tools: tools(3) } })).toBe(false);
    expect(large({ kind: "set-catalog", requestId: 1, catalogVersion: 1, catalog: { tools: tools(2_000) } })).toBe(
      true,
    );
    expect(large({ kind: "step-detail", requestId: 1, runRequestId: 1, strategyId: "full", stepIndex: 0 })).toBe(false);
  });

  it("knows its hint", () => {
    expect(isCodeWarmUpHint({ kind: "warm-up-code", on: true })).toBe(true);
    expect(isCodeWarmUpHint({ kind: "warm-up-code", on: false })).toBe(true);
    expect(isCodeWarmUpHint({ kind: "warm-up-code" })).toBe(false);
    expect(isCodeWarmUpHint({ kind: "prepare-helper" })).toBe(false);
    expect(isCodeWarmUpHint(null)).toBe(false);
  });
});
