/**
 * A moment when the person is not pressing keys or clicking: work that makes long main-thread tasks and that nobody
 * is waiting for (Monaco's code evaluating after the first run, the charts below the fold mounting) waits for one,
 * so it does not land between two key presses of someone stepping through the requests. Idle callbacks alone do
 * not: the browser is idle between two presses, and a 300–500 ms task started there delays the next step's numbers.
 * Nor while an engine reply is on its way (`busy`): at 10,000 tools the step detail
 * and the tool counts asked for at the run's end arrive as tens of megabytes for the page to take in, and a quiet
 * second counted across them ended as the person started stepping. Bounded: after `atMostMs` the work runs anyway.
 */

export type InputSource = {
  addEventListener(type: string, listener: () => void, options?: { capture?: boolean; passive?: boolean }): void;
  removeEventListener(type: string, listener: () => void, options?: { capture?: boolean }): void;
};

export type QuietTimers = {
  set(callback: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
};

/**
 * Something that may be busy for the page (engine replies pending: workers/engine-client.ts `engineRepliesPending`):
 * the quiet time counts only while it is not, and starts again from nought once it is no longer busy.
 */
export type BusySource = {
  busy(): boolean;
  /** Calls `listener` whenever `busy()` may have changed; returns a function that stops it. */
  subscribe(listener: () => void): () => void;
};

/** How long without a key press or click counts as a quiet moment. */
export const QUIET_MS = 1_000;
/** The longest a piece of work waits for one. */
export const QUIET_AT_MOST_MS = 10_000;

const INPUT_EVENTS = ["keydown", "pointerdown"] as const;

const browserTimers: QuietTimers = {
  set: (callback, delayMs) => setTimeout(callback, delayMs),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Calls `callback` once `quietMs` have passed without a key press or click on `source` and without `busy` being
 * busy (counted from now, or from when it was last busy), or after `atMostMs` whatever happens. Returns a function
 * that cancels it.
 */
export function whenQuiet(
  callback: () => void,
  options: {
    quietMs?: number;
    atMostMs?: number;
    source?: InputSource;
    timers?: QuietTimers;
    busy?: BusySource;
  } = {},
): () => void {
  const quietMs = options.quietMs ?? QUIET_MS;
  const timers = options.timers ?? browserTimers;
  const source = options.source ?? (typeof window === "undefined" ? null : window);
  let done = false;
  let quietTimer: unknown = null;
  const finish = () => {
    if (done) return;
    cancel();
    callback();
  };
  const busy = options.busy;
  const restart = () => {
    if (done) return;
    if (quietTimer !== null) timers.clear(quietTimer);
    // While busy nothing counts; the busy source's next change starts the count again.
    quietTimer = busy?.busy() ? null : timers.set(finish, quietMs);
  };
  const latest = timers.set(finish, options.atMostMs ?? QUIET_AT_MOST_MS);
  INPUT_EVENTS.forEach((type) => source?.addEventListener(type, restart, { capture: true, passive: true }));
  const unsubscribe = busy?.subscribe(restart);
  restart();
  function cancel() {
    done = true;
    if (quietTimer !== null) timers.clear(quietTimer);
    timers.clear(latest);
    INPUT_EVENTS.forEach((type) => source?.removeEventListener(type, restart, { capture: true }));
    unsubscribe?.();
  }
  return cancel;
}

/** `whenQuiet` as a promise (never rejects). */
export function quietMoment(options?: Parameters<typeof whenQuiet>[1]): Promise<void> {
  return new Promise((resolve) => void whenQuiet(resolve, options));
}
