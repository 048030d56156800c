import { describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { createLocalStore, type StorageLike } from "@/lib/share/local-store";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { encodeWorkspace } from "@/lib/share/share-link";
import { decodePayload } from "@/lib/share/share-worker-protocol";
import { keepWorkAside, keepWorkAsideWith, plainStoreMessage, probeStorage } from "./keep-work";

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

describe("keepWorkAsideWith (the share worker compresses)", () => {
  /** A codec standing in for the share worker: the same functions, counted; `encode` may decline (null). */
  function codec(declineEncode = false) {
    const calls = { encode: 0, decode: 0 };
    return {
      calls,
      encode: async (state: Parameters<typeof encodeWorkspace>[0]) => {
        calls.encode += 1;
        return declineEncode ? null : encodeWorkspace(state, "persist").payload;
      },
      decode: async (payload: string) => {
        calls.decode += 1;
        return decodePayload(payload);
      },
    };
  }

  it("keeps the same entries as keepWorkAside, compressing and comparing through the codec", async () => {
    const storage = new MemoryStorage();
    const store = createLocalStore(storage, { now: () => 7, newId: () => "same-id" });
    const previous = await work();
    const incoming = (await work("learning-agent")).scenario;
    const viaCodec = codec();
    const outcome = await keepWorkAsideWith(store, previous, { incoming, reason: "x", now: new Date(0) }, viaCodec);
    expect(outcome.kind).toBe("kept");
    expect(viaCodec.calls).toEqual({ encode: 2, decode: 0 });
    const pageStorage = new MemoryStorage();
    const pageStore = createLocalStore(pageStorage, { now: () => 7, newId: () => "same-id" });
    expect(keepWorkAside(pageStore, previous, { incoming, reason: "x", now: new Date(0) })).toEqual(outcome);
    expect([...storage.items]).toEqual([...pageStorage.items]);
    // Kept once: the same work again finds its entry (decoded through the codec) and writes nothing.
    const again = codec();
    expect(await keepWorkAsideWith(store, previous, { incoming, reason: "y" }, again)).toEqual(outcome);
    expect(again.calls.decode).toBe(1);
    expect(store.list()).toHaveLength(1);
  });

  it("keeps nothing for the same scenario or unedited work, and encodes here when the codec cannot", async () => {
    const store = createLocalStore(new MemoryStorage());
    const previous = await work();
    const unused = codec();
    expect((await keepWorkAsideWith(store, previous, { reason: "x", incoming: previous.scenario }, unused)).kind).toBe(
      "nothing-to-keep",
    );
    expect((await keepWorkAsideWith(store, previous, { reason: "x", unchanged: true }, unused)).kind).toBe(
      "nothing-to-keep",
    );
    expect(unused.calls).toEqual({ encode: 0, decode: 0 });
    const declining = codec(true);
    expect((await keepWorkAsideWith(store, previous, { reason: "x" }, declining)).kind).toBe("kept");
    const opened = store.open(store.list()[0].id);
    expect(opened.ok && opened.value.workspace.scenario.title).toBe(previous.scenario.title);
  });

  it("reports a storage that refuses, like keepWorkAside", async () => {
    const full = await keepWorkAsideWith(
      createLocalStore(new MemoryStorage("quota")),
      await work(),
      { reason: "x" },
      codec(),
    );
    expect(full).toMatchObject({ kind: "failed", code: "quota" });
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
