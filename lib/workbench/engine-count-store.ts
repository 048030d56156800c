/**
 * When and how an engine worker writes the token counts it keeps across visits (lib/tokens/persistent-counts.ts).
 *
 * Writing is the worker's own CPU: hashing each counted text into its key and one IndexedDB `put` per count. At
 * 10,000 tools that is ≈ 1.4 s of the helper engine worker's 10 s run when done between its strategies, on the
 * critical path of "all strategies" (an idle profile). So the counts are written once the
 * worker has had nothing to do for a while, never during a run, and in batches with a macrotask between them, so a
 * message that arrives meanwhile (a step detail the page asks for) waits for one batch, not for the whole write.
 */
import { nextTask } from "../core/next-task";
import { catalogCountTexts } from "../engine/catalog-count-texts";
import type { Catalog } from "../core/catalog";
import type { Scenario } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import type { LoadedCounts, TokenCountStore } from "../tokens/persistent-counts";
import { SPLIT_DEFAULTS } from "./engine-scheduler";

/** Quiet time before the counts are written: the page's requests after a run come in bursts (step, detail, next). */
export const COUNT_SAVE_IDLE_MS = 2_000;
/** Counts per IndexedDB transaction; ≈ 50 ms of `put`s in Chromium on the 2-core machine. */
export const COUNT_SAVE_BATCH = 1_000;

/**
 * Below this many characters of count texts a run does not read the stored counts: counting them (≈ 4 M characters
 * a second in Chromium) costs less than opening IndexedDB and reading, which on a first visit also creates the
 * database. Two to a few dozen tools are well below it (the weather example's texts are ≈ 2,000 characters); the
 * 117-tool GitHub catalog is above it.
 */
export const STORED_COUNTS_MINIMUM_CHARACTERS = 100_000;

/** Whether reading the stored counts of `texts` can save more than it costs (see STORED_COUNTS_MINIMUM_CHARACTERS). */
export function storedCountsWorthReading(texts: readonly string[]): boolean {
  let characters = 0;
  for (const text of texts) {
    characters += text.length;
    if (characters >= STORED_COUNTS_MINIMUM_CHARACTERS) return true;
  }
  return false;
}

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
  yieldToEvents: () => Promise<void> = nextTask,
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

/** Tools whose count texts are looked up first: when none of theirs is stored, the catalog is taken as new. */
export const STORED_COUNTS_PROBE_TOOLS = 16;

/**
 * The stored-count lookup of a run's count texts (PersistentCounts.load of catalogCountTexts), done once per catalog
 * and provider: the warm-up after a large example's load and the run's `beforeRun` share it, so the run does not
 * render and hash 20,000 texts (15 MB at 10,000 tools) a second time. Small catalogs look nothing up
 * (storedCountsWorthReading).
 *
 * A catalog of many tools is probed first with the texts of `STORED_COUNTS_PROBE_TOOLS` tools spread over it: a
 * catalog opened here for the first time (a person's import) has none stored, and rendering every tool's four texts
 * only to find that out cost each worker ≈ 0.2–0.4 s of a 10,000-tool import (scripts/profile-import-workers.ts):
 * before the first request on one, and before its own strategies on the other, whose searches never render most of
 * those definitions. A probe whose texts the memo already holds (the build's counts of an
 * example) reads nothing and ends the lookup too: the counts are already here. Never rejects.
 */
export function createStoredCountLookup(load: (texts: string[]) => Promise<Pick<LoadedCounts, "found">>) {
  let last: { catalog: Catalog; provider: ProviderId; done: Promise<void> } | null = null;
  return (catalog: Catalog, provider: ProviderId): Promise<void> => {
    if (last?.catalog === catalog && last.provider === provider) return last.done;
    const done = lookUpStoredCounts(catalog, provider, load).catch(() => undefined);
    last = { catalog, provider, done };
    return done;
  };
}

async function lookUpStoredCounts(
  catalog: Catalog,
  provider: ProviderId,
  load: (texts: string[]) => Promise<Pick<LoadedCounts, "found">>,
): Promise<void> {
  const { tools } = catalog;
  if (tools.length > 2 * STORED_COUNTS_PROBE_TOOLS) {
    const step = tools.length / STORED_COUNTS_PROBE_TOOLS;
    const probe = Array.from({ length: STORED_COUNTS_PROBE_TOOLS }, (_, index) => tools[Math.floor(index * step)]);
    const probeTexts = catalogCountTexts({ ...catalog, tools: probe }, provider);
    // The whole catalog's texts, estimated from the probe's: a catalog below the bar opens no database at all.
    const characters = probeTexts.reduce((sum, text) => sum + text.length, 0) * step;
    if (characters < STORED_COUNTS_MINIMUM_CHARACTERS) return;
    if ((await load(probeTexts)).found === 0) return;
  }
  const texts = catalogCountTexts(catalog, provider);
  if (storedCountsWorthReading(texts)) await load(texts);
}

/**
 * After a large example is loaded: in the next macrotask (once its answer is posted), its stored-count lookup
 * (createStoredCountLookup), while the page takes the example in and before it asks for the run. At 10,000 tools
 * it is ≈ 0.5–0.75 s, which inside each worker's `beforeRun` would sit on the critical path of the first run. A small catalog is left alone (its run starts at once and looks up nothing).
 */
export function warmUpCountTexts(
  scenario: Scenario,
  lookUp: (catalog: Catalog, provider: ProviderId) => Promise<void>,
  later: (callback: () => void) => void = (callback) => void setTimeout(callback, 0),
): void {
  warmUpCatalogCountTexts(scenario.catalog, scenario.settings.provider, lookUp, later);
}

/**
 * The same for a catalog without its scenario: a person's large import, once the parse's answer is posted (the run
 * sent behind it then finds the lookup under way). `provider` is the latest run's (an import keeps the page's
 * settings); a run on another provider looks its own counts up in `beforeRun`.
 */
export function warmUpCatalogCountTexts(
  catalog: Catalog,
  provider: ProviderId,
  lookUp: (catalog: Catalog, provider: ProviderId) => Promise<void>,
  later: (callback: () => void) => void = (callback) => void setTimeout(callback, 0),
): void {
  if (catalog.tools.length < SPLIT_DEFAULTS.minimumTools) return;
  later(() => void lookUp(catalog, provider));
}
