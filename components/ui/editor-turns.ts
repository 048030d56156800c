/**
 * Monaco editors are created one per main-thread task. Creating one measures the editor font (a forced layout of
 * the whole page), builds its view and tokenises the visible lines; two created in the same task (the request
 * viewer and the catalog editor both wait for Monaco's code, and both start when it arrives) made one long task of
 * start-up. An editor asks for a turn, is created when it gets it, and hands the turn on once it has mounted (or
 * is gone); the next editor then gets it in a later task.
 */

export type TurnTimers = {
  /** Runs `callback` in a later task. */
  later(callback: () => void, delayMs: number): () => void;
};

export type TurnQueue = {
  /**
   * Asks for a turn: `grant` is called when it is this caller's (at once when nobody holds it). Returns `done`, to
   * call when the editor has mounted or unmounted: it hands the turn on, or leaves the queue when still waiting.
   */
  request(grant: () => void): () => void;
};

/** A holder that never calls `done` (its editor failed to load) gives the turn up after this long. */
export const MAX_TURN_MS = 5_000;

export function createTurnQueue(timers: TurnTimers, maxTurnMs = MAX_TURN_MS): TurnQueue {
  type Waiter = { grant: () => void; finished: boolean };
  const waiting: Waiter[] = [];
  let holder: { waiter: Waiter; cancelTimeout: () => void } | null = null;

  function handOn(): void {
    const next = waiting.shift();
    if (!next) return;
    holder = { waiter: next, cancelTimeout: timers.later(() => release(next), maxTurnMs) };
    next.grant();
  }

  function release(waiter: Waiter): void {
    if (waiter.finished) return;
    waiter.finished = true;
    const position = waiting.indexOf(waiter);
    if (position >= 0) {
      waiting.splice(position, 1);
      return;
    }
    if (holder?.waiter !== waiter) return;
    holder.cancelTimeout();
    holder = null;
    // The next editor is created in a later task, not in the one that just created this one.
    timers.later(() => {
      if (holder === null) handOn();
    }, 0);
  }

  return {
    request(grant) {
      const waiter: Waiter = { grant, finished: false };
      waiting.push(waiter);
      if (holder === null && waiting.length === 1) handOn();
      return () => release(waiter);
    },
  };
}

/** The page's queue: every LazyEditor and LazyDiffEditor takes its turn here. */
export const editorTurns = createTurnQueue({
  later(callback, delayMs) {
    const timer = setTimeout(callback, delayMs);
    return () => clearTimeout(timer);
  },
});
