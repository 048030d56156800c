"use client";
/**
 * One store and one engine worker per mounted page, created in a context provider as the zustand Next.js guide
 * recommends (a module-global store would be shared between requests on the server).
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { createAutosaveStatusSource, type AutosaveStatusSource } from "@/components/share/autosave-status";
import { browserStorage, loadBrowserLocalStore } from "@/components/share/browser-storage";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import { startupReadsLocalStore } from "@/lib/share/storage-keys";
import type { FirstView } from "@/lib/workbench/opening";
import { holdMonacoUntil } from "@/components/ui/monaco-start-gate";
import { whenQuiet } from "@/components/ui/quiet-moment";
import {
  EngineClient,
  engineRepliesPending,
  engineWorkerAnswered,
  prewarmEngineWorker,
  runAfterPaint,
  takeEngineWorker,
} from "./engine-client";
import { firstViewState } from "./first-view-state";
import { createPlaygroundController, type PlaygroundController } from "./playground-controller";
import { createPlaygroundStore, type PlaygroundState, type PlaygroundStore } from "./playground-store";

// Module scope on purpose: this runs when the page's script loads, so the worker starts while the page hydrates.
prewarmEngineWorker();
// Monaco loads once the first run has ended and the person has not pressed a key or clicked for a moment (or when
// they reach for an editor): its code and editors no longer take the cores from the engine worker's start and run,
// nor land between two key presses of someone stepping (components/ui/monaco-start-gate.ts, quiet-moment.ts).
let firstRunEnded: () => void = () => {};
if (typeof window !== "undefined")
  holdMonacoUntil(
    new Promise<void>((resolve) => {
      let ended = false;
      firstRunEnded = () => {
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
// The startup reads the autosave and links through the local store, whose code loads on first use: start now when
// there is one to read (components/share/use-share-links.ts skips the store on a first visit).
if (typeof window !== "undefined" && startupReadsLocalStore(window.location.hash, browserStorage()))
  void loadBrowserLocalStore();

const StoreContext = createContext<PlaygroundStore | null>(null);
const ControllerContext = createContext<PlaygroundController | null>(null);
const AutosaveStatusContext = createContext<AutosaveStatusSource | null>(null);

/**
 * What the page opens first is decided by components/playground/workspace-session (link, URL example, autosave).
 * `firstView`, when given, is the example's build-time first screen the server rendered: the store starts from it.
 */
export function PlaygroundProvider({ children, firstView }: { children: ReactNode; firstView?: FirstView | null }) {
  const [store] = useState(() =>
    createPlaygroundStore({
      settings: DEFAULT_SETTINGS,
      ...(firstView ? { overrides: firstViewState(firstView) } : {}),
    }),
  );
  const [controller, setController] = useState<PlaygroundController | null>(null);
  // The autosave's status lives with the autosave, not in the store: the session writes it, the header reads it.
  const [autosaveStatus] = useState(createAutosaveStatusSource);

  useEffect(() => {
    if (store.getState().firstRunEnded) firstRunEnded();
    return store.subscribe((state) => {
      if (state.firstRunEnded) firstRunEnded();
    });
  }, [store]);

  useEffect(() => {
    const created = createPlaygroundController(store, new EngineClient(runAfterPaint(takeEngineWorker())), {
      // Null when storage is blocked (privacy settings, a sandboxed frame): reading `window.localStorage` then throws.
      storage: browserStorage() ?? undefined,
      root: document.documentElement,
    });
    setController(created);
    return () => created.dispose();
  }, [store]);

  return (
    <StoreContext.Provider value={store}>
      <ControllerContext.Provider value={controller}>
        <AutosaveStatusContext.Provider value={autosaveStatus}>{children}</AutosaveStatusContext.Provider>
      </ControllerContext.Provider>
    </StoreContext.Provider>
  );
}

export function usePlayground<T>(selector: (state: PlaygroundState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error("playground: usePlayground must be used inside <PlaygroundProvider>");
  return useStore(store, selector);
}

export function usePlaygroundStore(): PlaygroundStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("playground: usePlaygroundStore must be used inside <PlaygroundProvider>");
  return store;
}

/** Null until the worker has started (first effect after mount). */
export function usePlaygroundController(): PlaygroundController | null {
  return useContext(ControllerContext);
}

/** The page's autosave status source: the autosave hook writes it, `useAutosaveView` reads it. */
export function useAutosaveStatusSource(): AutosaveStatusSource {
  const source = useContext(AutosaveStatusContext);
  if (!source) throw new Error("playground: useAutosaveStatusSource must be used inside <PlaygroundProvider>");
  return source;
}
