/**
 * A person chose a file to import: its size reaches the engine worker before its text does (reading a 10 MB file
 * takes the page ≈ 0.15 s). From a size that may hold a catalog large enough to split, the worker starts its helper
 * engine worker now: the helper's code loads while the page reads the file, ready to count half of the first request
 * and to take the catalog for its strategies (lib/workbench/engine-scheduler.ts). Started once the text arrives, the helper's code
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

/**
 * The page has finished starting and the person is quiet (or is reaching for a file): the worker starts its helper
 * engine worker now, as a spare with no catalog, so an import that comes finds its second thread loaded. Started by
 * the import itself, the helper's code and tokenizer (≈ 1.1 s of a core) loaded while the engine worker read and
 * parsed the file and the page took the catalog in: three busy threads on two cores, and the first request of a
 * 10,000-tool import ≈ 0.3 s later (docs/PERFORMANCE.md). A spare also counts the first request of any catalog from a
 * few hundred tools (lib/tokens/count-in-parallel.ts), where a count worker would load a tokenizer of its own then.
 * It holds no catalog (≈ 12 MB of heap), so a move to a small catalog does not stop it (lib/workbench/helper-slot.ts).
 * A hint: never answered.
 */
export type PrepareHelperHint = { kind: "prepare-helper" };

export function isPrepareHelperHint(message: unknown): message is PrepareHelperHint {
  return typeof message === "object" && message !== null && (message as { kind?: unknown }).kind === "prepare-helper";
}

/**
 * What a worker knows of its device: `navigator.hardwareConcurrency`, and `navigator.deviceMemory` (GB, rounded down
 * to a power of two; Chromium only, absent elsewhere).
 */
export type DeviceCapacity = { hardwareConcurrency?: number; deviceMemory?: number };

/** Below this much memory (where the browser says) a spare engine worker is not worth keeping. */
export const SPARE_HELPER_MINIMUM_GIGABYTES = 4;

/**
 * Whether a spare helper is worth starting on this device: a second core to run it on, and memory to spare where the
 * browser reports it. On one core it could only take turns with the engine worker; an import still starts one.
 */
export function spareHelperWorthStarting({ hardwareConcurrency, deviceMemory }: DeviceCapacity): boolean {
  if (hardwareConcurrency === undefined || hardwareConcurrency < 2) return false;
  return deviceMemory === undefined || deviceMemory >= SPARE_HELPER_MINIMUM_GIGABYTES;
}
