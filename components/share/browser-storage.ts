/**
 * The page's local store over localStorage, which may be missing or throw on access (privacy modes). The store's
 * code (the share codec with fflate, the scenario parser with Ajv) is loaded on first use rather than with the page:
 * the startup asks for it at once, so by the time anything can be saved it is there.
 */
import type { LocalStore } from "@/lib/share/local-store";

export function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

let loading: Promise<LocalStore> | null = null;
let loaded: LocalStore | null = null;

/** The page's one local store, loading its code the first time. */
export function loadBrowserLocalStore(): Promise<LocalStore> {
  loading ??= import("./browser-local-store").then(({ browserLocalStore }) => {
    loaded = browserLocalStore();
    return loaded;
  });
  return loading;
}

/**
 * The store when its code has loaded, else null: for the one caller that cannot wait (saving as the page is being
 * closed), which only runs after the startup has loaded it.
 */
export function loadedBrowserLocalStore(): LocalStore | null {
  return loaded;
}
