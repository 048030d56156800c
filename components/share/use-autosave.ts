"use client";
/**
 * Autosaves the working scenario to this browser, debounced, and once more when the page is hidden (tab closed or
 * switched), so a reload brings the work back. Storage errors (quota) are returned for display, never thrown.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { LocalStore } from "@/lib/share/local-store";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { createAutosaveStatusSource, type AutosaveStatus, type AutosaveStatusSource } from "./autosave-status";
import { browserLocalStore } from "./browser-storage";

export type { AutosaveStatus };

export const AUTOSAVE_DELAY_MS = 1_000;

type Scenario = WorkspaceState["scenario"];

/** The scenario parts the page replaces on every edit; equal parts mean only the selection (strategy, step) moved. */
function sameScenario(left: Scenario | undefined, right: Scenario | undefined): boolean {
  return (
    left !== undefined &&
    right !== undefined &&
    left.catalog === right.catalog &&
    left.turns === right.turns &&
    left.settings === right.settings &&
    left.id === right.id &&
    left.title === right.title &&
    left.description === right.description
  );
}

/**
 * Saves `snapshot`: the whole scenario when it changed since `saved`, else only the selection (a few bytes, so
 * stepping through a 10,000-tool run never compresses the catalog again).
 */
function save(store: LocalStore, snapshot: Partial<WorkspaceState>, saved: { scenario?: Scenario }) {
  if (sameScenario(saved.scenario, snapshot.scenario)) {
    const selection = store.saveWorkingSelection({
      strategyId: snapshot.strategyId,
      stepIndex: snapshot.stepIndex,
      forceProvider: snapshot.forceProvider,
    } as Parameters<LocalStore["saveWorkingSelection"]>[0]);
    if (selection.ok || selection.error.code !== "not-found") return selection;
  }
  const result = store.saveWorking(snapshot);
  if (result.ok) saved.scenario = snapshot.scenario;
  return result;
}

/**
 * `snapshot` is the current workspace, or null while there is nothing worth saving (still loading). Pass a
 * memoised object (a new object only when the scenario, strategy or step changed), so each change saves once.
 * The status goes to `options.status` (the page's source, which the header reads) and is returned.
 */
export function useAutosave(
  snapshot: Partial<WorkspaceState> | null,
  options: { delayMs?: number; store?: LocalStore; status?: AutosaveStatusSource } = {},
): AutosaveStatus {
  const [ownSource] = useState(createAutosaveStatusSource);
  const source = options.status ?? ownSource;
  const status = useSyncExternalStore(source.subscribe, source.get, source.get);
  const setStatus = source.set;
  const latest = useRef<{ snapshot: Partial<WorkspaceState> | null; dirty: boolean }>({ snapshot: null, dirty: false });
  const saved = useRef<{ scenario?: Scenario }>({});
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const store = options.store;

  useEffect(() => {
    if (!snapshot?.scenario) return;
    latest.current = { snapshot, dirty: true };
    const started = setTimeout(() => setStatus({ state: "pending" }), 0);
    const timer = setTimeout(() => {
      latest.current.dirty = false;
      const result = save(store ?? browserLocalStore(), snapshot, saved.current);
      setStatus(result.ok ? { state: "saved", ...result.value } : { state: "error", error: result.error });
    }, delayMs);
    return () => {
      clearTimeout(started);
      clearTimeout(timer);
    };
  }, [snapshot, delayMs, store, setStatus]);

  useEffect(() => {
    const flush = () => {
      const { snapshot: pending, dirty } = latest.current;
      if (!dirty || !pending?.scenario) return;
      latest.current.dirty = false;
      save(store ?? browserLocalStore(), pending, saved.current);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [store]);

  return status;
}
