import { renderInLocale } from "@/components/i18n/render-in-locale";
import { describe, expect, it } from "vitest";
import { createPlaygroundStore } from "@/state/playground-store";
import { PERSISTENCE } from "@/state/persistence";
import type { ScenarioSettings } from "@/lib/scenario/types";
import {
  autosaveView,
  createAutosaveStatusSource,
  useAutosaveView,
  type AutosaveStatusSource,
} from "./autosave-status";

describe("autosave status: kept by the autosave, read by the header", () => {
  it("notifies subscribers of each new status, once, and stops after unsubscribing", () => {
    const source = createAutosaveStatusSource();
    expect(source.get()).toEqual({ state: "idle" });
    const seen: string[] = [];
    const unsubscribe = source.subscribe(() => seen.push(source.get().state));
    const pending = { state: "pending" } as const;
    source.set(pending);
    source.set(pending);
    source.set({ state: "saved", savedAt: 5, bytes: 120 });
    unsubscribe();
    source.set({ state: "idle" });
    expect(seen).toEqual(["pending", "saved"]);
  });

  it("shows a store error as a sentence with its code, the same view object for the same status", () => {
    const status = {
      state: "error",
      error: { code: "quota", message: "local-store: the browser's storage is full" },
    } as const;
    const view = autosaveView(status);
    expect(view).toEqual({ state: "error", message: "The browser's storage is full.", code: "quota" });
    expect(autosaveView(status)).toBe(view);
    const saved = { state: "saved", savedAt: 1, bytes: 2 } as const;
    expect(autosaveView(saved)).toBe(saved);
  });

  it("is read through a subscription: a component shows the source's current status", () => {
    const source = createAutosaveStatusSource();
    function Status({ from }: { from: AutosaveStatusSource }) {
      const view = useAutosaveView(from);
      return <span data-state={view.state}>{view.state === "error" ? view.message : ""}</span>;
    }
    expect(renderInLocale(<Status from={source} />)).toBe('<span data-state="idle"></span>');
    source.set({ state: "error", error: { code: "unavailable", message: "local-store: storage is blocked" } });
    expect(renderInLocale(<Status from={source} />)).toBe('<span data-state="error">Storage is blocked.</span>');
  });

  it("is not copied into the page's store", () => {
    const store = createPlaygroundStore({ settings: {} as ScenarioSettings });
    expect(Object.keys(store.getState())).not.toContain("autosave");
    expect(Object.keys(PERSISTENCE)).not.toContain("autosave");
  });
});
