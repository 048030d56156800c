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
