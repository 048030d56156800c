/** The page's local store over localStorage, which may be missing or throw on access (privacy modes). */
import { createLocalStore, type LocalStore } from "@/lib/share/local-store";

export function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

let shared: LocalStore | null = null;

export function browserLocalStore(): LocalStore {
  shared ??= createLocalStore(browserStorage());
  return shared;
}
