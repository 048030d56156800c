/**
 * A person chose a file to import: its size reaches the engine worker before its text does (reading a 10 MB file
 * takes the page ≈ 0.15 s). From a size that may hold a catalog large enough to split, the worker starts its helper
 * engine worker now: the helper's code loads while the page reads the file, and it parses the text beside the engine
 * worker (lib/workbench/engine-scheduler.ts `startHelperForText`). Started once the text arrives, the helper's code
 * could not load until the engine worker's own parse ends (a worker started from a worker loads through its parent's
 * thread), and its start-up would fall in the seconds the first request is made in.
 *
 * A hint, outside the request protocol: never answered; a wrong guess (a large file of few tools) only costs the
 * helper's start, and the parse that finds the catalog small stops it again.
 */

/** Sent to the engine worker outside the request queue; never answered. */
export type PrepareImportHint = { kind: "prepare-import"; bytes: number };

/**
 * The smallest file that may hold `minimumTools` tools: a tool's definition is rarely under 200 bytes of JSON (a name,
 * a sentence, an input schema with a property or two).
 */
export const BYTES_PER_SMALLEST_TOOL = 200;

export function isPrepareImportHint(message: unknown): message is PrepareImportHint {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { kind?: unknown }).kind === "prepare-import" &&
    typeof (message as { bytes?: unknown }).bytes === "number"
  );
}

/** Whether a file of `bytes` bytes may hold a catalog of `minimumTools` tools (the split's threshold). */
export function importMayBeLarge(bytes: number, minimumTools: number): boolean {
  return bytes >= minimumTools * BYTES_PER_SMALLEST_TOOL;
}
