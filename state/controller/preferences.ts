import type { PlaygroundStore } from "../playground-store";
import { readLocalPreferences } from "../persistence";

/**
 * Puts the person's kept preferences (theme, run tab, side panel) into the store and the theme on the page; returns
 * the call that applies the store's theme to the page again.
 */
export function applyKeptPreferences(
  store: PlaygroundStore,
  environment: { storage?: Storage; root?: HTMLElement },
): () => void {
  const applyTheme = () => environment.root?.classList.toggle("dark", store.getState().theme === "dark");
  const preferences = environment.storage ? readLocalPreferences(environment.storage) : {};
  // Without a saved choice, keep what the layout's pre-paint script chose from prefers-color-scheme.
  if (!preferences.theme && environment.root?.classList.contains("dark")) preferences.theme = "dark";
  store.setState(preferences);
  applyTheme();
  return applyTheme;
}
