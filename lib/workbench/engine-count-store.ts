/**
 * When and how an engine worker writes the token counts it keeps across visits (lib/tokens/persistent-counts.ts).
 *
 * Writing is the worker's own CPU: hashing each counted text into its key and one IndexedDB `put` per count. At
 * 10,000 tools the helper engine worker spent ≈ 1.4 s of a 10 s run on it, between its strategies, on the critical
 * path of "all strategies" (session 10's idle profile, docs/PERFORMANCE.md). So the counts are written once the
 * worker has had nothing to do for a while, never during a run, and in batches with a macrotask between them, so a
 * message that arrives meanwhile (a step detail the page asks for) waits for one batch, not for the whole write.
 */
import type { TokenCountStore } from "../tokens/persistent-counts";

/** Quiet time before the counts are written: the page's requests after a run come in bursts (step, detail, next). */
export const COUNT_SAVE_IDLE_MS = 2_000;
/** Counts per IndexedDB transaction; ≈ 50 ms of `put`s in Chromium on the 2-core machine. */
export const COUNT_SAVE_BATCH = 1_000;

type Timers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * `task` run `idleMs` after the last `schedule()`, and only when `isBusy()` is false then (otherwise it waits
 * another `idleMs`). One task at a time: a schedule during the task runs it again afterwards.
 */
export function createIdleTask(
  task: () => Promise<unknown> | void,
  isBusy: () => boolean,
  idleMs: number = COUNT_SAVE_IDLE_MS,
  timers: Timers = realTimers,
) {
  let timer: unknown = null;
  let running: Promise<unknown> | null = null;
  let again = false;

  function fire(): void {
    timer = null;
    if (isBusy() || running) {
      if (running) again = true;
      else timer = timers.setTimeout(fire, idleMs);
      return;
    }
    running = Promise.resolve()
      .then(task)
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule();
        }
      });
  }

  function schedule(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(fire, idleMs);
  }

  return {
    schedule,
    /** True while a task waits for its quiet time or runs (tests). */
    get pending(): boolean {
      return timer !== null || running !== null;
    },
  };
}

/** `store` with its writes cut into batches of `batchSize`, a macrotask between two batches. */
export function batchedCountStore(
  store: TokenCountStore | null,
  batchSize: number = COUNT_SAVE_BATCH,
  yieldToEvents: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): TokenCountStore | null {
  if (!store) return null;
  return {
    read: (keys) => store.read(keys),
    async write(entries) {
      for (let start = 0; start < entries.length; start += batchSize) {
        if (start > 0) await yieldToEvents();
        await store.write(entries.slice(start, start + batchSize));
      }
    },
  };
}
