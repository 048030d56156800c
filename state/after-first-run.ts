/**
 * Work the page owes the startup but that must not share the cores with the engine worker's first run: it waits
 * until that run has ended (finished or failed, `firstRunEnded`), then one macrotask more, so the run's result is
 * painted first. The `?example=` clean-up of the address is such work: Chromium treats `history.replaceState` as a
 * same-document navigation, marks the tab as loading and fetches and parses the SVG favicon again, on the page's
 * thread and in the browser process, which would land inside weather's ≈ 0.1 s run.
 */
import type { PlaygroundStore } from "./playground-store";

type RunEndSource = Pick<PlaygroundStore, "getState" | "subscribe">;

/** Calls `action` a macrotask after the first run has ended (or after one macrotask if it already has). Returns a cancel. */
export function afterFirstRunEnded(
  store: RunEndSource,
  action: () => void,
  later: (callback: () => void) => void = (callback) => void setTimeout(callback, 0),
): () => void {
  let cancelled = false;
  let unsubscribe: (() => void) | null = null;
  const schedule = () => {
    unsubscribe?.();
    unsubscribe = null;
    later(() => {
      if (!cancelled) action();
    });
  };
  if (store.getState().firstRunEnded) schedule();
  else
    unsubscribe = store.subscribe((state) => {
      if (state.firstRunEnded && unsubscribe) schedule();
    });
  return () => {
    cancelled = true;
    unsubscribe?.();
    unsubscribe = null;
  };
}

/**
 * Whether the autosave waits for the first run's end: only while the work is an unedited example, saved as its id,
 * which holds nothing the person made (and with `?example=`, the address names it until that run's end). Its
 * "saving…" status would otherwise be rendered and painted inside a small example's run. Any edit, settings included,
 * is saved as before, run or not.
 */
export function autosaveWaitsForFirstRun(
  firstRunEnded: boolean,
  exampleReference: { exampleId: string; settingsEdited: boolean } | null,
): boolean {
  return !firstRunEnded && exampleReference !== null && !exampleReference.settingsEdited;
}
