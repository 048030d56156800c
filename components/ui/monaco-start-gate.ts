/**
 * When Monaco's code may start loading on the playground. The engine worker's start is a chain of synchronous chunk
 * loads (Turbopack loads a worker's chunks with `importScripts`, one after another), the 2 MB o200k tokenizer among
 * them, and every chunk is compressed by the server as it is sent. Monaco's chunks (≈ 2.5 MB in four stages) asked
 * for at the same moment were served, compressed and evaluated beside it, and the worker's tokenizer chunk took 4 s
 * to arrive in a start-up profile (docs/PERFORMANCE.md, session 8). So the page lets the worker answer first — its
 * code is then loaded — and Monaco waits for that, never longer than `atMostMs`: an editor is only ever late, never
 * missing.
 */

/** The longest Monaco waits for the engine worker. */
export const MONACO_WAITS_AT_MOST_MS = 4_000;

let gate: Promise<void> = Promise.resolve();

/** Monaco's code starts loading once `ready` settles (either way), or after `atMostMs`, whichever comes first. */
export function holdMonacoUntil(ready: Promise<unknown>, atMostMs = MONACO_WAITS_AT_MOST_MS): void {
  gate = Promise.race([
    ready.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, atMostMs)),
  ]);
}

/** Resolves when Monaco's code may start loading (at once unless a page held it). */
export function monacoMayStart(): Promise<void> {
  return gate;
}
