/**
 * A macrotask boundary: resolves in a task of its own (a zero-delay timer), so what the browser or Node queued
 * meanwhile (input, a frame, a worker's message) runs first.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
