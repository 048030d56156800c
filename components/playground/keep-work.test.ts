import { describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { createLocalStore, type StorageLike } from "@/lib/share/local-store";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { keepWorkAside, plainStoreMessage, probeStorage } from "./keep-work";

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  constructor(private readonly refuse: "none" | "quota" | "security" = "none") {}
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.refuse === "quota") throw Object.assign(new Error("full"), { name: "QuotaExceededError" });
    if (this.refuse === "security") throw Object.assign(new Error("denied"), { name: "SecurityError" });
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

async function work(id = "weather"): Promise<WorkspaceState> {
  return { scenario: await loadExample(id), strategyId: "full", stepIndex: 0, forceProvider: false };
}

describe("keepWorkAside", () => {
  it("keeps edited work in the saved list under a name that says why", async () => {
    const store = createLocalStore(new MemoryStorage());
    const previous = await work();
    const outcome = keepWorkAside(store, previous, { reason: 'opening "Learning agent"', now: new Date(0) });
    expect(outcome.kind).toBe("kept");
    expect(store.list().map((entry) => entry.name)).toEqual([
      expect.stringContaining('before opening "Learning agent"'),
    ]);
  });

  it("keeps nothing for an unedited example, the same scenario, or no work at all", async () => {
    const store = createLocalStore(new MemoryStorage());
    const previous = await work();
    expect(keepWorkAside(store, previous, { reason: "x", unchanged: true }).kind).toBe("nothing-to-keep");
    expect(keepWorkAside(store, previous, { reason: "x", incoming: previous.scenario }).kind).toBe("nothing-to-keep");
    expect(keepWorkAside(store, null, { reason: "x" }).kind).toBe("nothing-to-keep");
    expect(store.list()).toEqual([]);
  });

  it("reports, in plain words, when the browser cannot keep the work", async () => {
    const full = keepWorkAside(createLocalStore(new MemoryStorage("quota")), await work(), { reason: "x" });
    expect(full).toMatchObject({ kind: "failed", code: "quota" });
    if (full.kind === "failed") expect(full.message).toMatch(/^The browser's storage is full/);
    const blocked = keepWorkAside(createLocalStore(null), await work(), { reason: "x" });
    expect(blocked).toMatchObject({ kind: "failed", code: "unavailable" });
  });
});

describe("probeStorage", () => {
  it("tells blocked storage from full storage", () => {
    expect(probeStorage(new MemoryStorage())).toBe("available");
    expect(probeStorage(new MemoryStorage("quota"))).toBe("full");
    expect(probeStorage(new MemoryStorage("security"))).toBe("blocked");
    expect(probeStorage(null)).toBe("blocked");
  });

  it("turns a store message into a sentence", () => {
    expect(plainStoreMessage("local-store: the saved data is damaged")).toBe("The saved data is damaged.");
  });
});
