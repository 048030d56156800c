"use client";
/**
 * Autosaves the working scenario to this browser, debounced, and once more when the page is hidden (tab closed or
 * switched), so a reload brings the work back. Storage errors (quota) are returned for display, never thrown.
 */
import { useEffect, useRef, useState } from "react";
import type { LocalStore, LocalStoreError } from "@/lib/share/local-store";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { browserLocalStore } from "./browser-storage";

export const AUTOSAVE_DELAY_MS = 1_000;

export type AutosaveStatus =
  | { state: "idle" }
  | { state: "pending" }
  | { state: "saved"; savedAt: number; bytes: number }
  | { state: "error"; error: LocalStoreError };

/**
 * `snapshot` is the current workspace, or null while there is nothing worth saving (still loading). Pass a
 * memoised object (a new object only when the scenario, strategy or step changed), so each change saves once.
 */
export function useAutosave(
  snapshot: Partial<WorkspaceState> | null,
  options: { delayMs?: number; store?: LocalStore } = {},
): AutosaveStatus {
  const [status, setStatus] = useState<AutosaveStatus>({ state: "idle" });
  const latest = useRef<{ snapshot: Partial<WorkspaceState> | null; dirty: boolean }>({ snapshot: null, dirty: false });
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const store = options.store;

  useEffect(() => {
    if (!snapshot?.scenario) return;
    latest.current = { snapshot, dirty: true };
    const started = setTimeout(() => setStatus({ state: "pending" }), 0);
    const timer = setTimeout(() => {
      latest.current.dirty = false;
      const result = (store ?? browserLocalStore()).saveWorking(snapshot);
      setStatus(result.ok ? { state: "saved", ...result.value } : { state: "error", error: result.error });
    }, delayMs);
    return () => {
      clearTimeout(started);
      clearTimeout(timer);
    };
  }, [snapshot, delayMs, store]);

  useEffect(() => {
    const flush = () => {
      const { snapshot: pending, dirty } = latest.current;
      if (!dirty || !pending?.scenario) return;
      latest.current.dirty = false;
      (store ?? browserLocalStore()).saveWorking(pending);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [store]);

  return status;
}
