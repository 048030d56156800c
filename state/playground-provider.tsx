"use client";
/**
 * One store and one engine worker per mounted page, created in a context provider as the zustand Next.js guide
 * recommends (a module-global store would be shared between requests on the server).
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import type { FirstView } from "@/lib/workbench/opening";
import type { EngineClient } from "@/workers/engine-client";
import { firstViewState } from "./first-view-state";
import { createPlaygroundController, type PlaygroundController } from "./playground-controller";
import { createPlaygroundStore, type PlaygroundState, type PlaygroundStore } from "./playground-store";

/** What the page gives its provider (components/playground/page-startup.ts starts them). */
export type PlaygroundServices = {
  /** The page's engine client, over the worker the start-up began. Called once per mounted provider. */
  engineClient(): EngineClient;
  /** Where preferences are kept; undefined when storage is blocked. */
  storage(): Storage | undefined;
  /** Called when the page's first run has ended (Monaco may then load). */
  firstRunEnded(): void;
};

const StoreContext = createContext<PlaygroundStore | null>(null);
const ControllerContext = createContext<PlaygroundController | null>(null);

/**
 * What the page opens first is decided by components/playground/workspace-session (link, URL example, autosave).
 * `firstView`, when given, is the example's build-time first screen the server rendered: the store starts from it.
 */
export function PlaygroundProvider({
  children,
  firstView,
  services,
}: {
  children: ReactNode;
  firstView?: FirstView | null;
  services: PlaygroundServices;
}) {
  const [store] = useState(() =>
    createPlaygroundStore({
      settings: DEFAULT_SETTINGS,
      ...(firstView ? { overrides: firstViewState(firstView) } : {}),
    }),
  );
  const [controller, setController] = useState<PlaygroundController | null>(null);

  useEffect(() => {
    if (store.getState().firstRunEnded) services.firstRunEnded();
    return store.subscribe((state) => {
      if (state.firstRunEnded) services.firstRunEnded();
    });
  }, [store, services]);

  useEffect(() => {
    const created = createPlaygroundController(store, services.engineClient(), {
      storage: services.storage(),
      root: document.documentElement,
    });
    setController(created);
    return () => created.dispose();
  }, [store, services]);

  return (
    <StoreContext.Provider value={store}>
      <ControllerContext.Provider value={controller}>{children}</ControllerContext.Provider>
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
