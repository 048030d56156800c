/** Re-runs and re-parses wait this long after the last keystroke. */
export const TYPING_DEBOUNCE_MS = 250;

/** Actions by key, each waiting for a pause: a newer action of a key replaces the one still waiting. */
export function createDebouncer() {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    debounce(key: string, action: () => void, delay = TYPING_DEBOUNCE_MS): void {
      clearTimeout(timers.get(key));
      timers.set(key, setTimeout(action, delay));
    },
    cancelAll(): void {
      timers.forEach((timer) => clearTimeout(timer));
    },
  };
}

export type Debouncer = ReturnType<typeof createDebouncer>;
