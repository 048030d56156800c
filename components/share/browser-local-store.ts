/**
 * The page's one local store (heavy: the share codec and the scenario parser). The first screen reaches it through
 * `loadBrowserLocalStore` (./browser-storage.ts), which loads this module on first use; code that is itself loaded
 * later (the saved-scenarios dialog) may import it directly and gets the same store.
 */
import { createLocalStore, type LocalStore } from "@/lib/share/local-store";
import { browserStorage } from "./browser-storage";

let shared: LocalStore | null = null;

export function browserLocalStore(): LocalStore {
  shared ??= createLocalStore(browserStorage());
  return shared;
}
