import { describe, expect, it } from "vitest";
import type { TokenCountStore } from "../tokens/persistent-counts";
import {
  STORED_COUNTS_MINIMUM_CHARACTERS,
  STORED_COUNTS_PROBE_TOOLS,
  batchedCountStore,
  createIdleTask,
  createStoredCountLookup,
  storedCountsWorthReading,
  warmUpCatalogCountTexts,
  warmUpCountTexts,
} from "./engine-count-store";
import { catalogCountTexts } from "../engine/catalog-count-texts";
import type { Scenario } from "../scenario/types";

/** Timers the test moves by hand. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const waiting = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback: () => void, ms: number) {
      const id = nextId++;
      waiting.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle: unknown) {
      waiting.delete(handle as number);
    },
    async advance(ms: number) {
      // Promise chains settled first (a task that just finished schedules itself again).
      for (let index = 0; index < 10; index += 1) await Promise.resolve();
      const until = now + ms;
      for (;;) {
        const due = [...waiting.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at);
        if (due.length === 0) break;
        const [id, timer] = due[0];
        waiting.delete(id);
        now = timer.at;
        timer.callback();
        // Let the task's promise chain settle.
        for (let index = 0; index < 5; index += 1) await Promise.resolve();
      }
      now = until;
    },
  };
}

describe("createIdleTask", () => {
  it("runs once the quiet time has passed since the last schedule", async () => {
    const timers = manualTimers();
    let runs = 0;
    const task = createIdleTask(
      () => void (runs += 1),
      () => false,
      2_000,
      timers,
    );
    task.schedule();
    await timers.advance(1_500);
    task.schedule();
    await timers.advance(1_500);
    expect(runs).toBe(0);
    await timers.advance(500);
    expect(runs).toBe(1);
    await timers.advance(10_000);
    expect(runs).toBe(1);
    expect(task.pending).toBe(false);
  });

  it("waits while the worker is busy (a run going), however long", async () => {
    const timers = manualTimers();
    let busy = true;
    let runs = 0;
    const task = createIdleTask(
      () => void (runs += 1),
      () => busy,
      2_000,
      timers,
    );
    task.schedule();
    await timers.advance(20_000);
    expect(runs).toBe(0);
    expect(task.pending).toBe(true);
    busy = false;
    await timers.advance(2_000);
    expect(runs).toBe(1);
  });

  it("runs again after the task when scheduled during it, never twice at once", async () => {
    const timers = manualTimers();
    let running = 0;
    let most = 0;
    let runs = 0;
    let finish: (() => void) | null = null;
    const task = createIdleTask(
      () =>
        new Promise<void>((resolve) => {
          running += 1;
          runs += 1;
          most = Math.max(most, running);
          finish = () => {
            running -= 1;
            resolve();
          };
        }),
      () => false,
      100,
      timers,
    );
    task.schedule();
    await timers.advance(100);
    expect(runs).toBe(1);
    task.schedule();
    await timers.advance(1_000);
    expect(runs).toBe(1);
    (finish as unknown as () => void)();
    await timers.advance(100);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });
});

describe("batchedCountStore", () => {
  it("writes in batches with a yield between them, every entry once and in order; reads pass through", async () => {
    const events: string[] = [];
    const written: Array<readonly [string, number]> = [];
    const store: TokenCountStore = {
      read: async (keys) => keys.map((key) => (key === "a" ? 1 : undefined)),
      write: async (entries) => {
        events.push(`write ${entries.length}`);
        written.push(...entries);
      },
    };
    const batched = batchedCountStore(store, 2, async () => void events.push("yield"));
    const entries = [
      ["a", 1],
      ["b", 2],
      ["c", 3],
      ["d", 4],
      ["e", 5],
    ] as const;
    await batched?.write(entries);
    expect(events).toEqual(["write 2", "yield", "write 2", "yield", "write 1"]);
    expect(written).toEqual(entries);
    expect(await batched?.read(["a", "b"])).toEqual([1, undefined]);
    expect(batchedCountStore(null)).toBeNull();
  });
});

describe("storedCountsWorthReading", () => {
  it("reads the stored counts from 100,000 characters of count texts, not for a handful of small tools", () => {
    expect(storedCountsWorthReading([])).toBe(false);
    expect(storedCountsWorthReading(["x".repeat(1_000), "y".repeat(1_000)])).toBe(false);
    expect(storedCountsWorthReading(["x".repeat(STORED_COUNTS_MINIMUM_CHARACTERS - 1)])).toBe(false);
    expect(storedCountsWorthReading(["x".repeat(STORED_COUNTS_MINIMUM_CHARACTERS - 1), "y"])).toBe(true);
    expect(storedCountsWorthReading(Array.from({ length: 400 }, () => "z".repeat(300)))).toBe(true);
  });
});

describe("createStoredCountLookup and warmUpCountTexts", () => {
  const scenarioOf = (tools: number) =>
    ({
      settings: { provider: "anthropic" },
      catalog: {
        tools: Array.from({ length: tools }, (_, index) => ({
          name: `tool_${index}`,
          description: "Looks something up. ".repeat(10),
          inputSchema: { type: "object", properties: {} },
        })),
      },
    }) as unknown as Scenario;

  /** A store of counts by text, as `PersistentCounts.load` reads it: what it found of each batch it was asked. */
  const storeHolding = (stored: ReadonlySet<string>) => {
    const loaded: string[][] = [];
    const load = async (texts: string[]) => {
      loaded.push(texts);
      return { found: texts.filter((text) => stored.has(text)).length };
    };
    return { loaded, load };
  };
  const probeOf = (catalog: Scenario["catalog"], provider: "anthropic" | "openai-responses") => {
    const step = catalog.tools.length / STORED_COUNTS_PROBE_TOOLS;
    const tools = Array.from(
      { length: STORED_COUNTS_PROBE_TOOLS },
      (_, index) => catalog.tools[Math.floor(index * step)],
    );
    return catalogCountTexts({ ...catalog, tools }, provider);
  };

  it("reads only a probe's texts of a catalog none of whose counts is stored, and renders no others", async () => {
    const { loaded, load } = storeHolding(new Set());
    const lookUp = createStoredCountLookup(load);
    // Each tool counts the reads of its description: rendering a tool's texts reads it.
    const read = new Set<number>();
    const { catalog: plain } = scenarioOf(2_000);
    const catalog = {
      ...plain,
      tools: plain.tools.map((tool, index) => {
        const { description, ...rest } = tool;
        return Object.defineProperty({ ...rest }, "description", {
          enumerable: true,
          get: () => {
            read.add(index);
            return description;
          },
        }) as typeof tool;
      }),
    };
    await lookUp(catalog, "anthropic");
    expect(read.size).toBe(STORED_COUNTS_PROBE_TOOLS);
    expect(loaded).toEqual([probeOf(catalog, "anthropic")]);
    expect(loaded[0]).toHaveLength(2 * STORED_COUNTS_PROBE_TOOLS);
  });

  it("reads every text once the probe finds a stored count, once per catalog and provider, the warm-up and the run sharing it", async () => {
    const scenario = scenarioOf(2_000);
    // The first tool's counts are stored, on both providers.
    const first = { ...scenario.catalog, tools: scenario.catalog.tools.slice(0, 1) };
    const stored = new Set([...catalogCountTexts(first, "anthropic"), ...catalogCountTexts(first, "openai-responses")]);
    const { loaded, load } = storeHolding(stored);
    const lookUp = createStoredCountLookup(load);
    const later: Array<() => void> = [];
    warmUpCountTexts(scenario, lookUp, (callback) => void later.push(callback));
    expect(loaded).toEqual([]);
    later.forEach((callback) => callback());
    await lookUp(scenario.catalog, "anthropic");
    expect(loaded).toEqual([probeOf(scenario.catalog, "anthropic"), catalogCountTexts(scenario.catalog, "anthropic")]);
    await lookUp(scenario.catalog, "anthropic");
    expect(loaded).toHaveLength(2);
    await lookUp(scenario.catalog, "openai-responses");
    expect(loaded.slice(2)).toEqual([
      probeOf(scenario.catalog, "openai-responses"),
      catalogCountTexts(scenario.catalog, "openai-responses"),
    ]);
    // Another catalog object (an edit) is looked up again; its first tool is gone, so only the probe is read.
    const edited = { ...scenario.catalog, tools: scenario.catalog.tools.slice(1) };
    await lookUp(edited, "openai-responses");
    expect(loaded.slice(4)).toEqual([probeOf(edited, "openai-responses")]);
  });

  it("warms up a parsed import's lookup on the given provider, which the run then shares", async () => {
    const { loaded, load } = storeHolding(new Set());
    const lookUp = createStoredCountLookup(load);
    const later: Array<() => void> = [];
    const { catalog } = scenarioOf(2_000);
    warmUpCatalogCountTexts(catalog, "openai-responses", lookUp, (callback) => void later.push(callback));
    later.forEach((callback) => callback());
    await lookUp(catalog, "openai-responses");
    expect(loaded).toEqual([probeOf(catalog, "openai-responses")]);
    warmUpCatalogCountTexts(scenarioOf(1_999).catalog, "anthropic", lookUp, (callback) => void later.push(callback));
    expect(later).toHaveLength(1);
  });

  it("reads a catalog of a few dozen tools whole, without a probe, once its texts are worth it", async () => {
    const { loaded, load } = storeHolding(new Set());
    const lookUp = createStoredCountLookup(load);
    const many = scenarioOf(2 * STORED_COUNTS_PROBE_TOOLS).catalog;
    const long = {
      ...many,
      tools: many.tools.map((tool) => ({ ...tool, description: "Looks something up in depth. ".repeat(100) })),
    };
    await lookUp(long, "anthropic");
    expect(loaded).toEqual([catalogCountTexts(long, "anthropic")]);
    // The same number of short tools is below the bar: no database is opened for them.
    await lookUp(many, "anthropic");
    expect(loaded).toHaveLength(1);
  });

  it("opens nothing for a catalog of many short tools, judged from the probe", async () => {
    const { loaded, load } = storeHolding(new Set());
    const lookUp = createStoredCountLookup(load);
    const short = scenarioOf(100).catalog;
    expect(storedCountsWorthReading(catalogCountTexts(short, "anthropic"))).toBe(false);
    await lookUp(short, "anthropic");
    expect(loaded).toEqual([]);
  });

  it("never rejects, and looks nothing up for a small catalog", async () => {
    const failing = createStoredCountLookup(() => Promise.reject(new Error("IndexedDB blocked")));
    await expect(failing(scenarioOf(2_000).catalog, "anthropic")).resolves.toBeUndefined();
    const { loaded, load } = storeHolding(new Set());
    const lookUp = createStoredCountLookup(load);
    await lookUp(scenarioOf(3).catalog, "anthropic");
    expect(loaded).toEqual([]);
    const later: Array<() => void> = [];
    warmUpCountTexts(scenarioOf(1_999), lookUp, (callback) => void later.push(callback));
    expect(later).toEqual([]);
  });
});
