/**
 * The playground page's start-up, in one place: called once, as the page first renders in the browser (before React
 * has hydrated the rest of it), never when a module loads. It
 * - starts the engine worker, so its code (the engine and the 1 MB o200k tokenizer) downloads and compiles while the
 *   page hydrates, and the example the address names starts building in it (workers/engine-client.ts);
 * - holds Monaco until the first run has ended and the person has paused (or reaches for an editor), so its code
 *   and editors do not take the cores from the engine worker's start and run (components/ui/monaco-start-gate.ts,
 *   quiet-moment.ts);
 * - loads the local store's code when the start-up will read the autosave or a link through it.
 * What it returns is what the page's provider needs: the engine client, the storage, and the call that says the
 * first run has ended.
 */
import { browserStorage, loadBrowserLocalStore } from "@/components/share/browser-storage";
import { holdMonacoUntil } from "@/components/ui/monaco-start-gate";
import { whenQuiet } from "@/components/ui/quiet-moment";
import { startupReadsLocalStore } from "@/lib/share/storage-keys";
import type { PlaygroundServices } from "@/state/playground-provider";
import {
  EngineClient,
  engineRepliesPending,
  engineWorkerAnswered,
  prewarmEngineWorker,
  runAfterPaint,
  takeEngineWorker,
} from "@/workers/engine-client";

let started: PlaygroundServices | null = null;

/** The page's services, starting them the first time (browser only: on the server it starts nothing). */
export function startPlaygroundPage(): PlaygroundServices {
  if (started) return started;
  const services: PlaygroundServices = {
    engineClient: () => new EngineClient(runAfterPaint(takeEngineWorker())),
    // Null when storage is blocked (privacy settings, a sandboxed frame): reading `window.localStorage` then throws.
    storage: () => browserStorage() ?? undefined,
    firstRunEnded: () => {},
  };
  if (typeof window === "undefined") return services;
  started = services;
  prewarmEngineWorker();
  holdMonacoUntil(
    new Promise<void>((resolve) => {
      let ended = false;
      services.firstRunEnded = () => {
        if (ended) return;
        ended = true;
        // Counted from the run's end, and only while no engine answer is pending (the step detail and the tool
        // counts asked for at the run's end: tens of megabytes at 10,000 tools).
        whenQuiet(resolve, { busy: engineRepliesPending });
      };
      // No worker, no run: nothing to wait for.
      engineWorkerAnswered().catch(() => resolve());
    }),
  );
  // The start-up reads the autosave and links through the local store, whose code loads on first use: start now when
  // there is one to read (components/share/use-share-links.ts skips the store on a first visit).
  if (startupReadsLocalStore(window.location.hash, browserStorage())) void loadBrowserLocalStore();
  return services;
}
