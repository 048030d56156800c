/**
 * The engine worker's one helper engine worker, and whether it holds anything. A helper is started for a large
 * catalog's runs, parse or example (`use`), or ahead of time as a spare (`spare`: the page has started and the person
 * is idle, or a large file is on its way, lib/workbench/import-hint.ts). Only a helper in use holds a catalog (hundreds
 * of MB at 10,000 tools), so only that one is stopped when the page moves to a small catalog; a spare holds its code
 * and tokenizer and stays for the next import. Either counts a first request's texts beside the engine worker.
 */
import type { EngineHelper } from "./engine-state";

export type HelperSlot = {
  /** Starts a helper if there is none, without putting it in use. */
  spare(): void;
  /** The helper for a large catalog (started if there is none), now in use; null if none can start. */
  use(): EngineHelper | null;
  /** The helper in use, if any: a spare has no runs, parts or catalog to ask about. */
  inUse(): EngineHelper | null;
  /** Any live helper, spare or in use, to count texts on a second thread. */
  counter(): EngineHelper | null;
  /** Stops the helper in use (or a failed one), freeing its memory; a live spare stays. */
  stop(): void;
};

export function createHelperSlot(start: () => EngineHelper | null): HelperSlot {
  let helper: EngineHelper | null = null;
  let used = false;
  return {
    spare() {
      helper ??= start();
    },
    use() {
      helper ??= start();
      used = helper !== null;
      return helper;
    },
    inUse: () => (used ? helper : null),
    counter: () => (helper && !helper.failed ? helper : null),
    stop() {
      if (!helper || (!used && !helper.failed)) return;
      helper.stop();
      helper = null;
      used = false;
    },
  };
}
