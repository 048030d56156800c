/**
 * The panels below the fold (the three charts, the decide views) mount one at a time, each in an idle moment of its
 * own. Mounted together after the first run they made one main-thread task of 230–430 ms on an idle 2-core machine
 * (Recharts' module evaluating, three charts laying out hundreds of SVG elements each, the forced layout after it),
 * and a person stepping through the run in those seconds felt it. One at a time, each part is its own task: a panel's
 * code is loaded and evaluated first, and it mounts only at the next idle moment after that.
 */

import { whenQuiet, type BusySource } from "@/components/ui/quiet-moment";
import { engineRepliesPending } from "@/workers/engine-client";

/** One panel: `preload` fetches and evaluates its code (the same import its `next/dynamic` wrapper makes). */
export type BelowFoldSlice = { preload: () => Promise<unknown> };

/** Calls `callback` when the browser is idle; returns a function that cancels it. */
export type WhenIdle = (callback: () => void) => () => void;

/**
 * Mounts `slices` in order: for each, its preload, then an idle moment, then `mounted(count)` with how many may now
 * be shown. A preload that fails still counts as done (the panel's own wrapper shows the failure when it mounts).
 * Returns a function that stops whatever is still pending.
 */
export function mountInSlices(
  slices: readonly BelowFoldSlice[],
  whenIdle: WhenIdle,
  mounted: (count: number) => void,
): () => void {
  let stopped = false;
  let cancelIdle: (() => void) | null = null;
  const next = (index: number) => {
    if (stopped || index >= slices.length) return;
    let preloading: Promise<unknown>;
    try {
      preloading = slices[index].preload();
    } catch (error) {
      preloading = Promise.reject(error);
    }
    void preloading
      .catch(() => undefined)
      .then(() => {
        if (stopped) return;
        cancelIdle = whenIdle(() => {
          cancelIdle = null;
          if (stopped) return;
          mounted(index + 1);
          next(index + 1);
        });
      });
  };
  next(0);
  return () => {
    stopped = true;
    cancelIdle?.();
  };
}

/** The longest an idle moment is waited for: a page kept busy (a long run at 10,000 tools) still gets its panels. */
export const IDLE_TIMEOUT_MS = 2_000;

/** `requestIdleCallback` where the browser has it, else the next macrotask. */
export const browserWhenIdle: WhenIdle = (callback) => {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 0);
  return () => window.clearTimeout(timer);
};

/**
 * A quiet moment (no key press or click for a second, and no engine answer on its way: components/ui/quiet-moment.ts),
 * then an idle one: a panel mounting between two key presses of someone stepping through the requests, or beside
 * the 10,000-tool step detail the page takes in after the run, delayed the next step's numbers.
 */
export function quietThenIdleWhile(busy?: BusySource, whenIdle: WhenIdle = browserWhenIdle): WhenIdle {
  return (callback) => {
    let cancelIdle: (() => void) | null = null;
    const cancelQuiet = whenQuiet(
      () => {
        cancelIdle = whenIdle(callback);
      },
      busy ? { busy } : {},
    );
    return () => {
      cancelQuiet();
      cancelIdle?.();
    };
  };
}

/** The page's: quiet while no engine answer is pending (workers/engine-client.ts). */
export const quietThenIdle: WhenIdle = quietThenIdleWhile(engineRepliesPending);
