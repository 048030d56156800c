/**
 * The persistence table decides what reaches a link: the share link is built from `selectWorkspaceFields`, which
 * reads exactly the keys the table marks "share". A secret planted in every key marked "none" never appears in
 * the link, and marking a key "none" removes it from what is shared.
 */
import { describe, expect, it } from "vitest";
import { workspaceSnapshot } from "@/components/share/workspace-snapshot";
import { loadExample } from "@/lib/examples";
import { decodeSharePayload, encodeWorkspace } from "@/lib/share/share-link";
import { keysWith, PERSISTENCE } from "./persistence";
import { createPlaygroundStore } from "./playground-store";
import { selectWorkspaceFields } from "./selectors";

const CANARY = "sk-ant-CANARY-never-in-a-link";

describe("what reaches a share link", async () => {
  const scenario = await loadExample("weather");
  const store = createPlaygroundStore({ settings: scenario.settings });
  store.getState().loadScenario({
    meta: { id: scenario.id, title: scenario.title },
    catalog: scenario.catalog,
    catalogVersion: 1,
    catalogText: JSON.stringify(scenario.catalog),
    turns: scenario.turns,
    settings: scenario.settings,
  });
  // Every key the table marks "none" holds the canary (whatever its type: the link must not carry it at all).
  const planted = Object.fromEntries(keysWith("none").map((key) => [key, { secret: CANARY, text: CANARY }]));
  store.setState(planted as never);
  const state = store.getState();

  it("the selector reads exactly the keys marked share", () => {
    const fields = selectWorkspaceFields(state);
    expect(Object.keys(fields).sort()).toEqual([...keysWith("share"), "catalogVersion"].sort());
    expect(keysWith("none").length).toBeGreaterThan(10);
  });

  it("a secret in every key marked none never reaches the link text or payload", () => {
    const fields = { ...selectWorkspaceFields(state), catalogVersion: 1 };
    const encoded = encodeWorkspace(workspaceSnapshot(fields));
    expect(encoded.text).not.toContain("CANARY");
    const decoded = decodeSharePayload(encoded.payload);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(decoded.text).not.toContain("CANARY");
    // The shared keys do reach it (so the check above is not vacuous).
    expect(encoded.text).toContain(scenario.catalog.tools[0].name);
  });

  it("a key's row in the table is what decides: the same secret in a shared key would reach the link", () => {
    expect(PERSISTENCE.scenarioMeta).toBe("share");
    store.setState({ scenarioMeta: { id: "x", title: CANARY } });
    const fields = selectWorkspaceFields(store.getState());
    expect(encodeWorkspace(workspaceSnapshot(fields)).text).toContain(CANARY);
  });
});
