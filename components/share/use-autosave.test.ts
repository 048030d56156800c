/**
 * What the autosave writes: an unedited example as its id and selection (the encoder never runs), a changed
 * scenario compressed whole (by the encoder), a step change as the selection alone; and which saves wait for a run.
 */
import { describe, expect, it, vi } from "vitest";
import { loadExample } from "@/lib/examples";
import { createLocalStore, STORAGE_PREFIX, type StorageLike } from "@/lib/share/local-store";
import { encodeWorkspace } from "@/lib/share/share-link";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { saveEncodesScenario, saveWorkspace, saveWorkspaceNow } from "./use-autosave";

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe("autosave: what is written", async () => {
  const example = await loadExample("learning-agent");
  const snapshot: WorkspaceState = { scenario: example, strategyId: "stubs", stepIndex: 2, forceProvider: false };
  const encoder = () => ({
    encode: vi.fn(
      async (workspace: Parameters<typeof encodeWorkspace>[0]) => encodeWorkspace(workspace, "persist").payload,
    ),
    decode: vi.fn(async () => null),
    example: vi.fn(async () => null),
  });
  const current = () => true;

  it("saves an unedited example as its id and selection, without encoding the scenario", async () => {
    const storage = memoryStorage();
    const store = createLocalStore(storage);
    const worker = encoder();
    const saved = {};
    const result = await saveWorkspace(store, snapshot, saved, "learning-agent", worker, current);
    expect(result).toMatchObject({ ok: true, value: { bytes: expect.any(Number) } });
    if (!result?.ok) throw new Error("not saved");
    expect(result.value.bytes).toBeLessThan(150);
    expect(worker.encode).not.toHaveBeenCalled();
    expect(createLocalStore(storage).loadWorkingReference()).toEqual({
      exampleId: "learning-agent",
      strategyId: "stubs",
      stepIndex: 2,
      forceProvider: false,
    });
    // A step later: the selection alone, against the reference.
    await saveWorkspace(store, { ...snapshot, stepIndex: 4 }, saved, "learning-agent", worker, current);
    expect(storage.map.has(`${STORAGE_PREFIX}working-selection`)).toBe(true);
    expect(createLocalStore(storage).loadWorkingReference()).toMatchObject({ stepIndex: 4 });
    expect(worker.encode).not.toHaveBeenCalled();
  });

  it("saves an example edited only in its settings as its id, the selection and the settings, never encoding the scenario", async () => {
    const storage = memoryStorage();
    const store = createLocalStore(storage);
    const worker = encoder();
    const saved = {};
    const settings = { ...example.settings, cacheMode: "off" as const, minutesBetweenTurns: 9 };
    const changed: WorkspaceState = { ...snapshot, scenario: { ...example, settings } };
    const result = await saveWorkspace(store, changed, saved, "learning-agent", worker, current, true);
    if (!result?.ok) throw new Error("not saved");
    // A few hundred bytes: the settings, compressed, without the catalog or the conversation.
    expect(result.value.bytes).toBeLessThan(1_000);
    expect(encodeWorkspace({ scenario: changed.scenario }, "persist").payload.length).toBeGreaterThan(
      result.value.bytes * 3,
    );
    expect(worker.encode).not.toHaveBeenCalled();
    const reference = createLocalStore(storage).loadWorkingReference();
    expect(reference).toMatchObject({ exampleId: "learning-agent", strategyId: "stubs", stepIndex: 2 });
    const decoded = (await import("@/lib/share/share-worker-protocol")).decodePayload(reference?.settingsPayload ?? "");
    expect(decoded.ok && decoded.workspace.scenario.settings).toEqual(settings);
    // As the page is hidden: the same record, at once.
    const hidden = memoryStorage();
    saveWorkspaceNow(createLocalStore(hidden), changed, {}, "learning-agent", true);
    expect(createLocalStore(hidden).loadWorkingReference()?.settingsPayload).toBe(reference?.settingsPayload);
    // The settings put back as the example has them: the id alone again.
    await saveWorkspace(store, snapshot, saved, "learning-agent", worker, current, false);
    expect(createLocalStore(storage).loadWorkingReference()).toEqual({
      exampleId: "learning-agent",
      strategyId: "stubs",
      stepIndex: 2,
      forceProvider: false,
    });
  });

  it("saves an edited scenario whole through the encoder, replacing the reference; undone, the reference again", async () => {
    const storage = memoryStorage();
    const store = createLocalStore(storage);
    const worker = encoder();
    const saved = {};
    await saveWorkspace(store, snapshot, saved, "learning-agent", worker, current);
    const edited = { ...snapshot, scenario: { ...example, turns: example.turns.slice(0, 1) } };
    const result = await saveWorkspace(store, edited, saved, null, worker, current);
    expect(result?.ok).toBe(true);
    expect(worker.encode).toHaveBeenCalledTimes(1);
    expect(createLocalStore(storage).loadWorkingReference()).toBeNull();
    const whole = createLocalStore(storage).loadWorking();
    expect(whole.ok && whole.value?.workspace.scenario.turns).toHaveLength(1);
    const undone = { ...snapshot, scenario: { ...example } };
    await saveWorkspace(store, undone, saved, "learning-agent", worker, current);
    expect(worker.encode).toHaveBeenCalledTimes(1);
    expect(createLocalStore(storage).loadWorkingReference()).toMatchObject({ exampleId: "learning-agent" });
  });

  it("as the page hides, saves the same way at once on this thread", () => {
    const storage = memoryStorage();
    const store = createLocalStore(storage);
    expect(saveWorkspaceNow(store, snapshot, {}, "learning-agent").ok).toBe(true);
    expect(createLocalStore(storage).loadWorkingReference()).toMatchObject({ exampleId: "learning-agent" });
    expect(saveWorkspaceNow(store, snapshot, {}, null).ok).toBe(true);
    expect(createLocalStore(storage).loadWorkingReference()).toBeNull();
    const whole = createLocalStore(storage).loadWorking();
    expect(whole.ok && whole.value?.workspace.scenario.title).toBe(example.title);
  });

  it("only a save that compresses a changed scenario waits for the run", () => {
    expect(saveEncodesScenario(snapshot, {}, null)).toBe(true);
    expect(saveEncodesScenario(snapshot, {}, "learning-agent")).toBe(false);
    expect(saveEncodesScenario({ ...snapshot, stepIndex: 5 }, { scenario: example }, null)).toBe(false);
    // The page replaces a part on every edit: a new turns list is a changed scenario.
    expect(saveEncodesScenario(snapshot, { scenario: { ...example, turns: [...example.turns] } }, null)).toBe(true);
  });

  it("a save that is no longer the newest when the encoder answers writes nothing", async () => {
    const storage = memoryStorage();
    const result = await saveWorkspace(createLocalStore(storage), snapshot, {}, null, encoder(), () => false);
    expect(result).toBeNull();
    expect(storage.map.size).toBe(0);
  });
});
