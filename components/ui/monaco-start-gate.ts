/**
 * When Monaco's code may start loading on the playground. Monaco is the page's heaviest start: ≈ 2.5 MB of code
 * evaluated in four stages, then each editor created (services, font measuring). At 10,000 tools that is ≈ 5 s of
 * the page's thread while the two engine workers run the strategies on the same two cores, and for the small
 * examples Monaco's chunks would be served and evaluated beside the engine worker's own chain of synchronous chunk
 * loads (the 2 MB o200k tokenizer among them, which took 4 s to arrive in a loaded profile).
 * So the playground holds Monaco until its first run has ended, and never longer than `atMostMs`; the editors show
 * their text meanwhile (components/ui/monaco-lazy.tsx), and a person who reaches for one (pointer, focus, key)
 * releases Monaco at once: an editor is only ever late, never missing.
 */

/** The longest Monaco waits for the playground's first run. */
export const MONACO_WAITS_AT_MOST_MS = 30_000;

let gate: Promise<void> = Promise.resolve();
let releaseNow: () => void = () => {};
let held = false;
const listeners = new Set<() => void>();

function setHeld(value: boolean): void {
  held = value;
  listeners.forEach((listener) => listener());
}

/** Monaco's code starts loading once `ready` settles (either way), or after `atMostMs`, or on `releaseMonaco()`. */
export function holdMonacoUntil(ready: Promise<unknown>, atMostMs = MONACO_WAITS_AT_MOST_MS): void {
  setHeld(true);
  let released!: () => void;
  const manual = new Promise<void>((resolve) => (released = resolve));
  releaseNow = released;
  gate = Promise.race([
    ready.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, atMostMs)),
    manual,
  ]).then(() => setHeld(false));
}

/** A person reached for an editor: Monaco loads now, whatever holds it. */
export function releaseMonaco(): void {
  releaseNow();
}

/** Whether Monaco is still held (the editors show their text as plain text meanwhile). */
export function monacoHeld(): boolean {
  return held;
}

/** Calls `listener` when Monaco stops (or starts) being held; returns the unsubscribe. */
export function subscribeMonacoHeld(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves when Monaco's code may start loading (at once unless a page held it). */
export function monacoMayStart(): Promise<void> {
  return gate;
}
