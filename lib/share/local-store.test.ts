import { describe, expect, it } from "vitest";
import { loadExample } from "../examples";
import { serializeScenario } from "../scenario/serialize-scenario";
import { createLocalStore, STORAGE_PREFIX, type StorageLike } from "./local-store";
import type { WorkspaceState } from "../persistence/state-keys";

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  constructor(private readonly quotaChars = Number.POSITIVE_INFINITY) {}
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce((sum, [itemKey, item]) => sum + (itemKey === key ? 0 : item.length), 0);
    if (used + value.length > this.quotaChars)
      throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

async function workspace(id = "weather"): Promise<WorkspaceState> {
  return {
    scenario: await loadExample(id),
    strategyId: "gateway",
    stepIndex: 2,
    forceProvider: false,
    providerKeys: { anthropic: "sk-ant-KEEP-OUT-OF-DISK" },
  };
}

describe("local store", () => {
  it("autosaves the working scenario and brings it back, without API keys", async () => {
    const storage = new MemoryStorage();
    const store = createLocalStore(storage, { now: () => 1000 });
    const state = await workspace();
    expect(store.loadWorking()).toEqual({ ok: true, value: null });
    expect(store.saveWorking(state).ok).toBe(true);
    const loaded = store.loadWorking();
    if (!loaded.ok || !loaded.value) throw new Error("not loaded");
    expect(serializeScenario(loaded.value.workspace.scenario)).toBe(serializeScenario(state.scenario));
    expect(loaded.value.workspace).toMatchObject({ strategyId: "gateway", stepIndex: 2 });
    expect(loaded.value.savedAt).toBe(1000);
    expect([...storage.items.values()].join("")).not.toContain("KEEP-OUT");
  });

  it("saves a step or strategy change as a few bytes apart from the scenario, and brings it back", async () => {
    const storage = new MemoryStorage();
    let clock = 1000;
    const store = createLocalStore(storage, { now: () => clock++ });
    const state = await workspace();
    expect(store.saveWorkingSelection({ strategyId: "full", stepIndex: 1, forceProvider: false })).toMatchObject({
      ok: false,
      error: { code: "not-found" },
    });
    expect(store.saveWorking(state).ok).toBe(true);
    const scenarioRecord = storage.items.get(`${STORAGE_PREFIX}working`);
    const selection = store.saveWorkingSelection({ strategyId: "stubs", stepIndex: 4, forceProvider: true });
    if (!selection.ok) throw new Error("selection not saved");
    expect(selection.value.bytes).toBeLessThan(100);
    expect(storage.items.get(`${STORAGE_PREFIX}working`)).toBe(scenarioRecord);
    const loaded = store.loadWorking();
    if (!loaded.ok || !loaded.value) throw new Error("not loaded");
    expect(loaded.value.workspace).toMatchObject({ strategyId: "stubs", stepIndex: 4, forceProvider: true });
    expect(serializeScenario(loaded.value.workspace.scenario)).toBe(serializeScenario(state.scenario));
    // A later whole save carries its own selection; the separate one no longer applies.
    expect(store.saveWorking({ ...state, stepIndex: 1 }).ok).toBe(true);
    const reloaded = createLocalStore(storage).loadWorking();
    if (!reloaded.ok || !reloaded.value) throw new Error("not loaded");
    expect(reloaded.value.workspace).toMatchObject({ strategyId: "gateway", stepIndex: 1, forceProvider: false });
  });

  it("ignores a separate selection that belongs to another save or is not well formed", async () => {
    const storage = new MemoryStorage();
    const store = createLocalStore(storage, { now: () => 5000 });
    expect(store.saveWorking(await workspace()).ok).toBe(true);
    storage.setItem(`${STORAGE_PREFIX}working-selection`, JSON.stringify({ workingSavedAt: 4999, stepIndex: 7 }));
    const other = store.loadWorking();
    expect(other.ok && other.value?.workspace.stepIndex).toBe(2);
    storage.setItem(
      `${STORAGE_PREFIX}working-selection`,
      JSON.stringify({ workingSavedAt: 5000, strategyId: "no-such-strategy", stepIndex: -1, forceProvider: "yes" }),
    );
    const malformed = store.loadWorking();
    expect(malformed.ok && malformed.value?.workspace).toMatchObject({ strategyId: "gateway", stepIndex: 2 });
    storage.setItem(`${STORAGE_PREFIX}working-selection`, "{not json");
    expect(store.loadWorking().ok).toBe(true);
  });

  it("saves an unedited example as its id and selection, never its scenario, and brings them back", async () => {
    const storage = new MemoryStorage();
    let clock = 1000;
    const store = createLocalStore(storage, { now: () => clock++ });
    expect(store.loadWorkingReference()).toBeNull();
    const saved = store.saveWorkingReference({
      exampleId: "synthetic-10000",
      strategyId: "stubs",
      stepIndex: 3,
      forceProvider: true,
    });
    if (!saved.ok) throw new Error("reference not saved");
    expect(saved.value.bytes).toBeLessThan(150);
    expect(saved.value.bytes).toBe(storage.items.get(`${STORAGE_PREFIX}working`)?.length);
    const reopened = createLocalStore(storage);
    expect(reopened.loadWorkingReference()).toEqual({
      exampleId: "synthetic-10000",
      strategyId: "stubs",
      stepIndex: 3,
      forceProvider: true,
    });
    // Not a scenario: the scenario readers find nothing to decode, so nothing is kept aside or reported damaged.
    expect(reopened.loadWorking()).toEqual({ ok: true, value: null });
    expect(await reopened.loadWorkingDecodedBy(() => Promise.reject(new Error("not called")))).toEqual({
      ok: true,
      value: null,
    });
    // Stepping afterwards writes the selection apart, as for a whole save.
    expect(store.saveWorkingSelection({ strategyId: "full", stepIndex: 1, forceProvider: false }).ok).toBe(true);
    expect(createLocalStore(storage).loadWorkingReference()).toMatchObject({ strategyId: "full", stepIndex: 1 });
    // An edit saves the scenario whole: the reference is gone, and so is the selection written after it.
    expect(store.saveWorking(await workspace()).ok).toBe(true);
    expect(createLocalStore(storage).loadWorkingReference()).toBeNull();
    const whole = createLocalStore(storage).loadWorking();
    expect(whole.ok && whole.value?.workspace).toMatchObject({ strategyId: "gateway", stepIndex: 2 });
    // And back to the example: the whole save and its separate selection are replaced.
    expect(store.saveWorkingSelection({ strategyId: "stubs", stepIndex: 4, forceProvider: false }).ok).toBe(true);
    expect(
      store.saveWorkingReference({ exampleId: "weather", strategyId: "full", stepIndex: 0, forceProvider: false }).ok,
    ).toBe(true);
    expect(storage.items.has(`${STORAGE_PREFIX}working-selection`)).toBe(false);
    expect(createLocalStore(storage).loadWorkingReference()).toEqual({
      exampleId: "weather",
      strategyId: "full",
      stepIndex: 0,
      forceProvider: false,
    });
  });

  it("trusts no stored reference: a malformed id is no reference, malformed selection fields are dropped", () => {
    const storage = new MemoryStorage();
    const store = createLocalStore(storage);
    for (const exampleId of ["", "../../etc", "Weather", 7, "x".repeat(101)]) {
      storage.setItem(`${STORAGE_PREFIX}working`, JSON.stringify({ savedAt: 1, exampleId }));
      expect(store.loadWorkingReference()).toBeNull();
    }
    storage.setItem(
      `${STORAGE_PREFIX}working`,
      JSON.stringify({ savedAt: 1, exampleId: "weather", strategyId: "nope", stepIndex: 1.5, forceProvider: "yes" }),
    );
    expect(store.loadWorkingReference()).toEqual({ exampleId: "weather" });
    // Settings are a payload string of bounded length (decoded and checked by the startup), or nothing.
    for (const settings of [{ cacheMode: "off" }, 7, "x".repeat(100_001)]) {
      storage.setItem(`${STORAGE_PREFIX}working`, JSON.stringify({ savedAt: 1, exampleId: "weather", settings }));
      expect(store.loadWorkingReference()).toEqual({ exampleId: "weather" });
    }
    storage.setItem(
      `${STORAGE_PREFIX}working`,
      JSON.stringify({ savedAt: 1, exampleId: "weather", settings: "1.abc" }),
    );
    expect(store.loadWorkingReference()).toEqual({ exampleId: "weather", settingsPayload: "1.abc" });
    storage.setItem(`${STORAGE_PREFIX}working`, "{not json");
    expect(store.loadWorkingReference()).toBeNull();
  });

  it("reports a storage that refuses a reference instead of throwing", () => {
    const full = new MemoryStorage(0);
    expect(
      createLocalStore(full).saveWorkingReference({
        exampleId: "weather",
        strategyId: "full",
        stepIndex: 0,
        forceProvider: false,
      }),
    ).toMatchObject({ ok: false, error: { code: "quota" } });
    expect(
      createLocalStore(null).saveWorkingReference({
        exampleId: "weather",
        strategyId: "full",
        stepIndex: 0,
        forceProvider: false,
      }),
    ).toMatchObject({ ok: false, error: { code: "unavailable" } });
    expect(full.items.size).toBe(0);
  });

  it("opens, renames, duplicates and deletes saved scenarios", async () => {
    let clock = 0;
    let counter = 0;
    const store = createLocalStore(new MemoryStorage(), { now: () => ++clock, newId: () => `id-${++counter}` });
    const first = store.saveAs("  Weather   demo ", await workspace());
    expect(first).toMatchObject({ ok: true, value: { id: "id-1", name: "Weather demo", toolCount: 2 } });
    store.saveAs("Learning", await workspace("learning-agent"));
    expect(store.list().map((entry) => entry.name)).toEqual(["Learning", "Weather demo"]);

    expect(store.rename("id-1", "Renamed")).toMatchObject({ ok: true, value: { name: "Renamed" } });
    expect(store.duplicate("id-1")).toMatchObject({ ok: true, value: { id: "id-3", name: "Renamed (copy)" } });
    const opened = store.open("id-3");
    expect(opened.ok && opened.value.workspace.scenario.catalog.tools.length).toBe(2);

    expect(store.remove("id-1").ok).toBe(true);
    expect(store.list().map((entry) => entry.id)).toEqual(["id-3", "id-2"]);
    expect(store.open("id-1")).toMatchObject({ ok: false, error: { code: "not-found" } });
    expect(store.rename("id-2", "   ")).toMatchObject({ ok: false, error: { code: "invalid-name" } });
  });

  it("keeps work aside once: the same scenario again answers with the entry already saved", async () => {
    let counter = 0;
    const store = createLocalStore(new MemoryStorage(), { newId: () => `id-${++counter}` });
    const first = store.keepAside("Before the link", await workspace());
    expect(first).toMatchObject({ ok: true, value: { id: "id-1", name: "Before the link" } });
    // Another step of the same scenario is the same work: nothing new is written.
    expect(store.keepAside("Again", { ...(await workspace()), stepIndex: 0 })).toMatchObject({
      ok: true,
      value: { id: "id-1" },
    });
    const edited = await workspace();
    edited.scenario = { ...edited.scenario, turns: edited.scenario.turns.slice(0, 1) };
    expect(store.keepAside("Edited", edited)).toMatchObject({ ok: true, value: { id: "id-2", name: "Edited" } });
    expect(store.list()).toHaveLength(2);
  });

  it("reports a full storage instead of throwing, and keeps what was there", async () => {
    const storage = new MemoryStorage(3_000);
    const store = createLocalStore(storage);
    expect(store.saveWorking(await workspace()).ok).toBe(true);
    const before = new Map(storage.items);
    const result = store.saveWorking(await workspace("learning-agent"));
    expect(result).toMatchObject({
      ok: false,
      error: { code: "quota", message: expect.stringContaining("storage is full") },
    });
    expect(storage.items).toEqual(before);
    expect(store.saveAs("big", await workspace("learning-agent"))).toMatchObject({
      ok: false,
      error: { code: "quota" },
    });
    expect(store.list()).toEqual([]);
  });

  it("survives missing, throwing and damaged storage", async () => {
    expect(createLocalStore(null).saveWorking(await workspace())).toMatchObject({
      ok: false,
      error: { code: "unavailable" },
    });
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
      removeItem: () => undefined,
    };
    expect(createLocalStore(throwing).list()).toEqual([]);
    expect(createLocalStore(throwing).loadWorking()).toEqual({ ok: true, value: null });
    const damaged = new MemoryStorage();
    damaged.setItem(`${STORAGE_PREFIX}working`, '{"payload":"1.AAAA"}');
    damaged.setItem(`${STORAGE_PREFIX}saved-index`, "{not json");
    const store = createLocalStore(damaged);
    expect(store.loadWorking()).toMatchObject({ ok: false, error: { code: "corrupt" } });
    expect(store.list()).toEqual([]);
  });
});
