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

  it("decodes the link and the autosave with the decoder it is given (the page's share worker), same answers", async () => {
    const { decodePayload } = await import("@/lib/share/share-worker-protocol");
    const decoded: string[] = [];
    const decode = async (payload: string) => {
      decoded.push(payload);
      return decodePayload(payload);
    };
    const storage = storageWithWork();
    // A separate selection saved after the autosave applies to it, as with the page-thread decoder.
    createLocalStore(storage).saveWorkingSelection({ strategyId: "full", stepIndex: 1, forceProvider: false });
    const store = createLocalStore(storage);
    const here = store.loadWorking();
    const viaDecoder = await store.loadWorkingDecodedBy(decode);
    expect(viaDecoder).toEqual(here);
    const fromAutosave = await resolveStartupWorkspace({ hash: "", store, decode });
    expect(fromAutosave).toMatchObject({ source: "autosave", workspace: { scenario: { title: saved.title } } });
    const fromLink = await resolveStartupWorkspace({ hash: linkHash, store, decode });
    expect(fromLink).toMatchObject({ source: "link", workspace: { strategyId: "gateway" } });
    expect(decoded).toHaveLength(3);
    expect(decoded[2]).toBe(linkHash.slice("#s=".length));
    // A damaged autosave is reported by the decoder's answer, and nothing is removed from storage.
    storage.setItem(`${STORAGE_PREFIX}working`, JSON.stringify({ savedAt: 1, payload: "1.damaged" }));
    const damaged = await resolveStartupWorkspace({ hash: "", store, decode });
    expect(damaged).toMatchObject({ source: "none", autosaveError: expect.stringContaining("could not be opened") });
    expect(storage.getItem(`${STORAGE_PREFIX}working`)).toContain("1.damaged");
  });
});
