"use client";
/**
 * Autosaves the working scenario to this browser, debounced, and once more when the page is hidden (tab closed or
 * switched), so a reload brings the work back. Storage errors (quota) are returned for display, never thrown.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { LocalStore } from "@/lib/share/local-store";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { createAutosaveStatusSource, type AutosaveStatus, type AutosaveStatusSource } from "./autosave-status";
import { loadBrowserLocalStore, loadedBrowserLocalStore } from "./browser-storage";
import { browserWorkspaceEncoder, type WorkspaceEncoder } from "@/workers/share-encode-client";

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

type SaveResult = ReturnType<LocalStore["saveWorking"]>;

/** The selection alone when the scenario is the one saved last (a few bytes), else null: the scenario must be saved. */
function saveSelection(store: LocalStore, snapshot: Partial<WorkspaceState>, saved: { scenario?: Scenario }) {
  if (!sameScenario(saved.scenario, snapshot.scenario)) return null;
  const selection = store.saveWorkingSelection({
    strategyId: snapshot.strategyId,
    stepIndex: snapshot.stepIndex,
    forceProvider: snapshot.forceProvider,
  } as Parameters<LocalStore["saveWorkingSelection"]>[0]);
  return selection.ok || selection.error.code !== "not-found" ? selection : null;
}

/**
 * The example's id and the selection, when `exampleId` names the example the snapshot equals (apart from its
 * settings when `settingsEdited`: they are saved too): a few bytes instead of the scenario (at 10,000 tools, 15 MB
 * compressed in the share worker while the engine ran).
 */
function saveReference(
  store: LocalStore,
  snapshot: Partial<WorkspaceState>,
  saved: { scenario?: Scenario },
  exampleId: string,
  settingsEdited: boolean,
): SaveResult {
  const result = store.saveWorkingReference({
    exampleId,
    ...(settingsEdited && snapshot.scenario ? { settings: snapshot.scenario.settings } : {}),
    strategyId: snapshot.strategyId,
    stepIndex: snapshot.stepIndex,
    forceProvider: snapshot.forceProvider,
  } as Parameters<LocalStore["saveWorkingReference"]>[0]);
  if (result.ok) saved.scenario = snapshot.scenario;
  return result;
}

/**
 * Whether saving `snapshot` compresses its scenario (the scenario changed since the last save and is no unedited
 * example): such a save waits while a run goes, so the share worker does not take a core from the engine.
 */
export function saveEncodesScenario(
  snapshot: Partial<WorkspaceState>,
  saved: { scenario?: Scenario },
  exampleId: string | null,
): boolean {
  return exampleId === null && !sameScenario(saved.scenario, snapshot.scenario);
}

/**
 * Saves `snapshot`: the example's id when `exampleId` names one (with the settings when `settingsEdited`: the work
 * is the example with changed settings), else the whole scenario when it changed since `saved`, else only the
 * selection (a few bytes, so stepping through a 10,000-tool run never compresses the catalog again). The scenario
 * is encoded by `encoder` (a worker: at 10,000 tools that is about a second of work) when there is one;
 * `isCurrent` says, once it has answered, whether this save is still the newest (a later one, or the save as the page
 * is hidden, wins).
 */
export async function saveWorkspace(
  store: LocalStore,
  snapshot: Partial<WorkspaceState>,
  saved: { scenario?: Scenario },
  exampleId: string | null,
  encoder: WorkspaceEncoder | null,
  isCurrent: () => boolean,
  settingsEdited = false,
): Promise<SaveResult | null> {
  const selection = saveSelection(store, snapshot, saved);
  if (selection) return selection;
  if (exampleId !== null) return saveReference(store, snapshot, saved, exampleId, settingsEdited);
  const payload =
    encoder && snapshot.scenario ? await encoder.encode({ ...snapshot, scenario: snapshot.scenario }) : null;
  if (!isCurrent()) return null;
  const result = payload !== null ? store.saveWorkingPayload(payload) : store.saveWorking(snapshot);
  if (result.ok) saved.scenario = snapshot.scenario;
  return result;
}

/** `saveWorkspace` on this thread, at once: for the page being hidden or closed, when nothing may wait. */
export function saveWorkspaceNow(
  store: LocalStore,
  snapshot: Partial<WorkspaceState>,
  saved: { scenario?: Scenario },
  exampleId: string | null,
  settingsEdited = false,
): SaveResult {
  const selection = saveSelection(store, snapshot, saved);
  if (selection) return selection;
  if (exampleId !== null) return saveReference(store, snapshot, saved, exampleId, settingsEdited);
  const result = store.saveWorking(snapshot);
  if (result.ok) saved.scenario = snapshot.scenario;
  return result;
}

/**
 * `snapshot` is the current workspace, or null while there is nothing worth saving (still loading). Pass a
 * memoised object (a new object only when the scenario, strategy or step changed), so each change saves once.
 * `options.exampleId` names the built-in example the snapshot still equals (saved as its id), null otherwise;
 * while `options.running` a save that would compress the scenario waits for the run to end (the page being hidden
 * still saves at once). The status goes to `options.status` (the page's source, which the header reads) and is
 * returned.
 */
export function useAutosave(
  snapshot: Partial<WorkspaceState> | null,
  options: {
    delayMs?: number;
    store?: LocalStore;
    status?: AutosaveStatusSource;
    encoder?: WorkspaceEncoder | null;
    exampleId?: string | null;
    /** The work is example `exampleId` with changed settings: they are saved with its id. */
    exampleSettingsEdited?: boolean;
    running?: boolean;
  } = {},
): AutosaveStatus {
  const [ownSource] = useState(createAutosaveStatusSource);
  const source = options.status ?? ownSource;
  const status = useSyncExternalStore(source.subscribe, source.get, source.get);
  const setStatus = source.set;
  const latest = useRef<{
    snapshot: Partial<WorkspaceState> | null;
    dirty: boolean;
    exampleId: string | null;
    settingsEdited: boolean;
  }>({
    snapshot: null,
    dirty: false,
    exampleId: null,
    settingsEdited: false,
  });
  const saved = useRef<{ scenario?: Scenario }>({});
  /** Bumped by every save; an encoded save that is no longer the newest when its payload arrives is dropped. */
  const generation = useRef(0);
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const store = options.store;
  const injectedEncoder = options.encoder;
  const exampleId = options.exampleId ?? null;
  const settingsEdited = exampleId !== null && (options.exampleSettingsEdited ?? false);
  const running = options.running ?? false;

  useEffect(() => {
    if (!snapshot?.scenario) return;
    // Saved already (the effect runs again when a run starts or ends): nothing to do.
    if (
      latest.current.snapshot === snapshot &&
      latest.current.exampleId === exampleId &&
      latest.current.settingsEdited === settingsEdited &&
      !latest.current.dirty
    )
      return;
    latest.current = { snapshot, dirty: true, exampleId, settingsEdited };
    // Compressing a changed scenario waits for the run to end; this effect runs again then.
    const afterRun = running && saveEncodesScenario(snapshot, saved.current, exampleId);
    const started = setTimeout(() => setStatus(afterRun ? { state: "pending", afterRun } : { state: "pending" }), 0);
    if (afterRun) return () => clearTimeout(started);
    const timer = setTimeout(async () => {
      const target = store ?? (await loadBrowserLocalStore());
      // A newer change (or the page being hidden) took over while the store's code loaded.
      if (latest.current.snapshot !== snapshot || !latest.current.dirty) return;
      // Still dirty while the worker encodes: if the page is hidden meanwhile, the save as it hides writes it.
      const mine = ++generation.current;
      // The worker starts on the first save that compresses a scenario, not with the page (nor for an example's id).
      const encoder = !saveEncodesScenario(snapshot, saved.current, exampleId)
        ? null
        : injectedEncoder === undefined
          ? browserWorkspaceEncoder()
          : injectedEncoder;
      const result = await saveWorkspace(
        target,
        snapshot,
        saved.current,
        exampleId,
        encoder,
        () => generation.current === mine,
        settingsEdited,
      );
      if (!result) return;
      if (latest.current.snapshot === snapshot) latest.current.dirty = false;
      setStatus(result.ok ? { state: "saved", ...result.value } : { state: "error", error: result.error });
    }, delayMs);
    return () => {
      clearTimeout(started);
      clearTimeout(timer);
    };
  }, [snapshot, exampleId, settingsEdited, running, delayMs, store, setStatus, injectedEncoder]);

  useEffect(() => {
    const flush = () => {
      const { snapshot: pending, dirty, exampleId: pendingExampleId, settingsEdited: pendingSettings } = latest.current;
      if (!dirty || !pending?.scenario) return;
      const target = store ?? loadedBrowserLocalStore();
      if (!target) return;
      latest.current.dirty = false;
      generation.current += 1;
      saveWorkspaceNow(target, pending, saved.current, pendingExampleId, pendingSettings);
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
