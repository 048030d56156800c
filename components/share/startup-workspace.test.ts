/**
 * The startup order, one path per test: a link in the fragment → the example named by `?example=` → the autosaved
 * work → the default example; a broken link or a damaged autosave falls through and says why.
 */
import { describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { createLocalStore, STORAGE_PREFIX, type StorageLike } from "@/lib/share/local-store";
import { encodeWorkspace } from "@/lib/share/share-link";
import { resolveStartupWorkspace, startupPlan } from "./startup-workspace";

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe("startup: link → ?example= → autosave → default", async () => {
  const linked = await loadExample("weather");
  const saved = await loadExample("learning-agent");
  const linkHash = `#s=${encodeWorkspace({ scenario: linked, strategyId: "gateway" }).payload}`;
  const storageWithWork = () => {
    const storage = memoryStorage();
    createLocalStore(storage).saveWorking({ scenario: saved, strategyId: "stubs", stepIndex: 0, forceProvider: false });
    return storage;
  };
  const plan = async (hash: string, storage: StorageLike, namedInUrl: boolean) =>
    startupPlan(await resolveStartupWorkspace({ hash, store: createLocalStore(storage) }), {
      id: "seed-200-tools",
      namedInUrl,
    });

  it("a link wins over everything, even an example named in the URL and autosaved work", async () => {
    const result = await plan(linkHash, storageWithWork(), true);
    expect(result.open).toBe("link");
    if (result.open === "link") expect(result.workspace.scenario.title).toBe(linked.title);
  });

  it("?example= wins over the autosaved work, which is kept aside", async () => {
    const result = await plan("", storageWithWork(), true);
    expect(result).toMatchObject({ open: "example", exampleId: "seed-200-tools" });
    if (result.open === "example") expect(result.keepAside?.scenario.title).toBe(saved.title);
  });

  it("the autosaved work opens when there is no link and no named example", async () => {
    const result = await plan("", storageWithWork(), false);
    expect(result.open).toBe("autosave");
    if (result.open === "autosave") expect(result.workspace.scenario.title).toBe(saved.title);
  });

  it("the default example opens when there is nothing else", async () => {
    expect(await plan("", memoryStorage(), false)).toEqual({ open: "example", exampleId: "seed-200-tools" });
  });

  it("a broken link falls back to the autosaved work and says why", async () => {
    const result = await plan("#s=1.broken!!", storageWithWork(), false);
    expect(result.open).toBe("autosave");
    if (result.open === "autosave") expect(result.linkError).toBeTruthy();
  });

  it("damaged autosaved work falls back to the default example and says why", async () => {
    const storage = memoryStorage();
    storage.setItem(`${STORAGE_PREFIX}working`, "not a workspace");
    const result = await plan("", storage, false);
    expect(result.open).toBe("example");
    if (result.open === "example") expect(result.autosaveError).toBeTruthy();
  });
});
