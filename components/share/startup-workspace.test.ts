/**
 * The startup order, one path per test: a link in the fragment → the example named by `?example=` → the autosaved
 * work → the default example; a broken link or a damaged autosave falls through and says why.
 */
import { describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { createLocalStore, STORAGE_PREFIX, type StorageLike } from "@/lib/share/local-store";
import { encodeWorkspace } from "@/lib/share/share-link";
import { openShareFragment, plainLinkMessage, resolveStartupWorkspace, startupPlan } from "./startup-workspace";

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

  it("an autosaved unedited example opens again from its id, at its strategy and step, without decoding", async () => {
    const storage = memoryStorage();
    const store = createLocalStore(storage);
    store.saveWorkingReference({ exampleId: "github-mcp", strategyId: "stubs", stepIndex: 2, forceProvider: false });
    store.saveWorkingSelection({ strategyId: "gateway", stepIndex: 3, forceProvider: true });
    const decode = () => Promise.reject(new Error("a reference is not decoded"));
    const startup = await resolveStartupWorkspace({ hash: "", store: createLocalStore(storage), decode });
    expect(startup).toMatchObject({ source: "autosave", reference: { exampleId: "github-mcp" } });
    expect(startupPlan(startup, { id: "seed-200-tools", namedInUrl: false })).toEqual({
      open: "example",
      exampleId: "github-mcp",
      selection: { strategyId: "gateway", stepIndex: 3, forceProvider: true },
    });
    // Named in the URL, another example opens, and there is nothing to keep aside.
    expect(startupPlan(startup, { id: "seed-200-tools", namedInUrl: true })).toEqual({
      open: "example",
      exampleId: "seed-200-tools",
    });
    // A link still wins; a broken one falls back to the referenced example and says why.
    expect((await plan(linkHash, storage, false)).open).toBe("link");
    const broken = await plan("#s=1.broken!!", storage, false);
    expect(broken).toMatchObject({ open: "example", exampleId: "github-mcp", linkError: expect.any(String) });
  });

  it("an autosaved example with changed settings opens again with them; named in the URL, it is kept aside", async () => {
    const example = await loadExample("github-mcp");
    const settings = { ...example.settings, cacheMode: "off" as const, searchResultLimit: 3 };
    const storage = memoryStorage();
    const stored = createLocalStore(storage).saveWorkingReference({
      exampleId: "github-mcp",
      settings,
      strategyId: "stubs",
      stepIndex: 1,
      forceProvider: false,
    });
    // The id, the selection and the settings: a few hundred bytes, not the 117 tools.
    expect(stored.ok && stored.value.bytes).toBeLessThan(2_000);
    const startup = await resolveStartupWorkspace({ hash: "", store: createLocalStore(storage) });
    expect(startup).toMatchObject({ source: "autosave", reference: { exampleId: "github-mcp", settings } });
    expect(startupPlan(startup, { id: "seed-200-tools", namedInUrl: false })).toEqual({
      open: "example",
      exampleId: "github-mcp",
      selection: { strategyId: "stubs", stepIndex: 1, forceProvider: false, settings },
    });
    // Changed settings are work: another example named in the URL opens, and this one is kept aside first.
    expect(startupPlan(startup, { id: "weather", namedInUrl: true })).toEqual({
      open: "example",
      exampleId: "weather",
      keepAsideReference: {
        exampleId: "github-mcp",
        strategyId: "stubs",
        stepIndex: 1,
        forceProvider: false,
        settings,
      },
    });
  });

  it("damaged settings of an autosaved example open the example with its own settings and say why", async () => {
    const storage = memoryStorage();
    storage.setItem(
      `${STORAGE_PREFIX}working`,
      JSON.stringify({ savedAt: 5, exampleId: "weather", settings: "1.not-a-payload", strategyId: "full" }),
    );
    const planned = await plan("", storage, false);
    expect(planned).toEqual({
      open: "example",
      exampleId: "weather",
      autosaveError: expect.stringContaining('the settings saved with the example "weather" could not be read'),
      selection: { strategyId: "full" },
    });
  });

  it("an autosave naming an example this version does not have opens the default example and says why", async () => {
    const storage = memoryStorage();
    createLocalStore(storage).saveWorkingReference({
      exampleId: "retired-example",
      strategyId: "full",
      stepIndex: 0,
      forceProvider: false,
    });
    expect(await plan("", storage, false)).toEqual({
      open: "example",
      exampleId: "seed-200-tools",
      autosaveError: expect.stringContaining('"retired-example" is not one of'),
    });
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

describe("a broken link's words", () => {
  it("leave out the module that found the problem", async () => {
    const opening = await openShareFragment("#s=1.AAAA%3Cscript%3E");
    expect(opening?.ok).toBe(false);
    const message = opening && !opening.ok ? opening.message : "";
    expect(message).not.toMatch(/^[a-z-]+:/);
    expect(message).toContain("the link contains characters that do not belong to it");
    expect(plainLinkMessage("share: no scenario is stored under this link")).toBe(
      "no scenario is stored under this link",
    );
    expect(plainLinkMessage("share-link: share: x")).toBe("x");
    expect(plainLinkMessage("The link is fine: really")).toBe("The link is fine: really");
  });
});
