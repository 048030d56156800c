/**
 * An example the engine worker starts building before the page asks for it. The page's script starts the worker
 * before React hydrates (workers/engine-client.ts `prewarmEngineWorker`); when the address names an example
 * (`?example=synthetic-10000`) it also sends this hint, and the worker generates the example (2–3 s of CPU at
 * 10,000 tools) while the page hydrates, instead of after the page's `load-example` arrives.
 *
 * It is a hint, not a request: nothing answers it, a wrong guess only costs the work, and `load-example` stays the
 * one message that adopts a catalog (lib/workbench/engine-handler.ts).
 */
import type { Scenario } from "../scenario/types";

/** Sent to the engine worker outside the request queue; never answered. */
export type PrepareExampleHint = { kind: "prepare-example"; exampleId: string };

export function isPrepareExampleHint(message: unknown): message is PrepareExampleHint {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { kind?: unknown }).kind === "prepare-example" &&
    typeof (message as { exampleId?: unknown }).exampleId === "string"
  );
}

/**
 * The hint for a page at `search` + `hash` (the address's `?…` and `#…`): the example `?example=` names, unless the
 * address has a fragment, where a link may open instead of it (components/share/startup-workspace.ts: a link wins
 * over the example, the example over the autosave).
 */
export function prepareExampleHintFor(search: string, hash: string): PrepareExampleHint | null {
  const exampleId = new URLSearchParams(search).get("example");
  return exampleId && hash.length <= 1 ? { kind: "prepare-example", exampleId } : null;
}

export type PreparedExamples = {
  /** Starts loading `exampleId` now (once per id until it is taken). */
  prepare(exampleId: string): void;
  /**
   * The example, from the load `prepare` started when there is one (each prepared load is used once, so two loads
   * never share one scenario object), else loaded now. A prepared load that failed is retried, so the caller sees
   * the loader's own error.
   */
  load(exampleId: string): Promise<Scenario>;
};

export function createPreparedExamples(loadExample: (exampleId: string) => Promise<Scenario>): PreparedExamples {
  const prepared = new Map<string, Promise<Scenario | undefined>>();
  return {
    prepare(exampleId) {
      if (prepared.has(exampleId)) return;
      // Caught here: an unknown id in the address is the page's to report, when (and if) it asks for the example.
      prepared.set(
        exampleId,
        loadExample(exampleId).catch(() => undefined),
      );
    },
    async load(exampleId) {
      const early = prepared.get(exampleId);
      prepared.delete(exampleId);
      const scenario = early === undefined ? undefined : await early;
      return scenario ?? loadExample(exampleId);
    },
  };
}
