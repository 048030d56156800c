/**
 * Where each piece of state may go, declared once per key. The type requires every data key of the store, so a
 * new field cannot silently leak into a share link or localStorage: whoever adds it must decide here.
 *   "local": kept in this browser (preferences);
 *   "share": part of the scenario a share link carries;
 *   "none":  never leaves the page (worker answers, transient UI, anything secret).
 */
import type { PlaygroundState } from "./playground-store";

export type Persistence = "local" | "share" | "none";

type DataKey = {
  [K in keyof PlaygroundState]: PlaygroundState[K] extends (...args: never[]) => unknown ? never : K;
}[keyof PlaygroundState];

export const PERSISTENCE = {
  scenarioMeta: "share",
  catalogText: "none",
  lastValidCatalog: "share",
  catalogVersion: "none",
  catalogArriving: "none",
  toolDraft: "none",
  turns: "share",
  settings: "share",
  forceProvider: "share",
  strategyId: "share",
  stepIndex: "share",
  selectedTool: "none",
  runs: "none",
  runRequestId: "none",
  running: "none",
  runStartedAt: "none",
  runProgress: "none",
  runSoFar: "none",
  runsOf: "none",
  timingMs: "none",
  runError: "none",
  catalogCheck: "none",
  toolTokens: "none",
  detail: "none",
  detailRunRequestId: "none",
  detailError: "none",
  // A live transcript carries what a real provider answered: it is shown, never stored or shared.
  liveRun: "none",
  prebuilt: "none",
  runsPrebuilt: "none",
  firstRunEnded: "none",
  runsEnded: "none",
  theme: "local",
  runTab: "local",
  sidePanel: "local",
  catalogFilter: "none",
  helpOpen: "none",
  tourOpen: "none",
  openDialog: "none",
  workspaceNotice: "none",
  // Live mode spends a key: a reload or a link must never start in it.
  runMode: "none",
  // Derived from the example files on every opening; the tour's flag is about this visit only.
  exampleOrigin: "none",
  tourWorkspace: "none",
} as const satisfies Record<DataKey, Persistence>;

/** The store keys the table marks "share": what a link, autosave and the saved list are built from. */
export type SharedKey = { [K in DataKey]: (typeof PERSISTENCE)[K] extends "share" ? K : never }[DataKey];

const LOCAL_STORAGE_KEY = "tool-disclosure-playground:preferences";

export function keysWith<P extends Persistence>(
  persistence: P,
): Array<{ [K in DataKey]: (typeof PERSISTENCE)[K] extends P ? K : never }[DataKey]> {
  return (Object.keys(PERSISTENCE) as DataKey[]).filter((key) => PERSISTENCE[key] === persistence) as never;
}

/** The "local" keys of `state`, for localStorage. */
export function localPreferences(state: PlaygroundState): Partial<PlaygroundState> {
  return Object.fromEntries(keysWith("local").map((key) => [key, state[key]]));
}

export function readLocalPreferences(storage: Pick<Storage, "getItem">): Partial<PlaygroundState> {
  try {
    const raw = storage.getItem(LOCAL_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const allowed = new Set<string>(keysWith("local"));
    return Object.fromEntries(Object.entries(parsed).filter(([key]) => allowed.has(key))) as Partial<PlaygroundState>;
  } catch {
    return {};
  }
}

export function writeLocalPreferences(storage: Pick<Storage, "setItem">, state: PlaygroundState): void {
  try {
    storage.setItem(LOCAL_STORAGE_KEY, JSON.stringify(localPreferences(state)));
  } catch {
    // Storage full or disabled (private mode): preferences are a convenience, the page works without them.
  }
}
