/**
 * Where the autosave stands, kept by the autosave itself rather than copied into the page's store: the autosave
 * hook writes its status here, and the header reads it with `useAutosaveView` (a subscription, no effect in
 * between). One source per page, made by `AutosaveStatusProvider`.
 */
import { createContext, createElement, useContext, useState, useSyncExternalStore, type ReactNode } from "react";
import { plainStoreMessage } from "@/components/playground/keep-work";
import type { LocalStoreError } from "@/lib/share/local-store";

export type AutosaveStatus =
  | { state: "idle" }
  /** `afterRun`: the save compresses the scenario, which waits until the engine's run ends. */
  | { state: "pending"; afterRun?: boolean }
  | { state: "saved"; savedAt: number; bytes: number }
  | { state: "error"; error: LocalStoreError };

/** The status as the header shows it: the store's message as a sentence. `code` "unavailable": nothing is kept. */
export type AutosaveView =
  | { state: "idle" }
  | { state: "pending"; afterRun?: boolean }
  | { state: "saved"; savedAt: number; bytes: number }
  | { state: "error"; message: string; code?: string };

export type AutosaveStatusSource = {
  get(): AutosaveStatus;
  set(status: AutosaveStatus): void;
  subscribe(listener: () => void): () => void;
};

const IDLE: AutosaveStatus = { state: "idle" };

export function createAutosaveStatusSource(): AutosaveStatusSource {
  let status = IDLE;
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(next) {
      if (next === status) return;
      status = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const views = new WeakMap<AutosaveStatus, AutosaveView>();

/** The view of a status: one object per status, so a subscriber re-renders only when the status changed. */
export function autosaveView(status: AutosaveStatus): AutosaveView {
  if (status.state !== "error") return status;
  let view = views.get(status);
  if (!view) {
    view = { state: "error", message: plainStoreMessage(status.error.message), code: status.error.code };
    views.set(status, view);
  }
  return view;
}

/** The current autosave status of `source`, as the header shows it. */
export function useAutosaveView(source: AutosaveStatusSource): AutosaveView {
  const status = useSyncExternalStore(source.subscribe, source.get, source.get);
  return autosaveView(status);
}

const AutosaveStatusContext = createContext<AutosaveStatusSource | null>(null);

/** One autosave status source for the page below it: the autosave hook writes it, the header reads it. */
export function AutosaveStatusProvider({ children }: { children: ReactNode }) {
  const [source] = useState(createAutosaveStatusSource);
  return createElement(AutosaveStatusContext.Provider, { value: source }, children);
}

/** The page's autosave status source: the autosave hook writes it, `useAutosaveView` reads it. */
export function useAutosaveStatusSource(): AutosaveStatusSource {
  const source = useContext(AutosaveStatusContext);
  if (!source) throw new Error("autosave: useAutosaveStatusSource must be used inside <AutosaveStatusProvider>");
  return source;
}
