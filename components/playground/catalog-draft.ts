"use client";
/**
 * Unfinished catalog text survives a reload. The autosave keeps the last valid catalog (what the engine ran); while
 * the editor holds text that does not parse, that text is kept beside it under its own key, and put back into the
 * editor when the autosaved work is opened again. Valid text removes the entry.
 */
import { useEffect } from "react";
import { browserStorage } from "@/components/share/browser-storage";
import { STORAGE_PREFIX } from "@/lib/share/storage-keys";
import type { PlaygroundStore } from "@/state/playground-store";
import { selectCatalogProblems } from "@/state/selectors";

export const CATALOG_DRAFT_KEY = `${STORAGE_PREFIX}catalog-draft`;

type CatalogDraft = { scenarioId: string; text: string };

export function readCatalogDraft(storage: Pick<Storage, "getItem"> | null): CatalogDraft | null {
  try {
    const parsed = JSON.parse(storage?.getItem(CATALOG_DRAFT_KEY) ?? "null") as Partial<CatalogDraft> | null;
    return typeof parsed?.scenarioId === "string" && typeof parsed.text === "string"
      ? { scenarioId: parsed.scenarioId, text: parsed.text }
      : null;
  } catch {
    return null;
  }
}

function writeCatalogDraft(storage: Pick<Storage, "setItem" | "removeItem"> | null, draft: CatalogDraft | null) {
  try {
    if (draft) storage?.setItem(CATALOG_DRAFT_KEY, JSON.stringify(draft));
    else storage?.removeItem(CATALOG_DRAFT_KEY);
  } catch {
    // Storage full or blocked: the header already says the work is not saved.
  }
}

/** Writes the draft while the editor's text has errors, removes it once the text is valid. Mount after startup. */
export function useCatalogDraftKeeper(store: PlaygroundStore, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    // Written when the parser's answer arrives (at most once per typing pause), so a reload loses nothing checked.
    return store.subscribe((state, previous) => {
      const problems = selectCatalogProblems(state);
      if (problems === selectCatalogProblems(previous) && state.catalogText === previous.catalogText) return;
      // The tour's examples are not the person's work; neither is text not yet checked.
      if (state.tourWorkspace || problems === null || state.catalogVersion === 0) return;
      const broken = problems.some((problem) => problem.severity === "error");
      const draft = broken ? { scenarioId: state.scenarioMeta.id, text: state.catalogText } : null;
      writeCatalogDraft(browserStorage(), draft);
    });
  }, [store, active]);
}

/** Puts the unfinished text back into the editor when it belongs to the scenario on screen; true when it did. */
export function restoreCatalogDraft(store: PlaygroundStore): boolean {
  const draft = readCatalogDraft(browserStorage());
  const state = store.getState();
  if (!draft || draft.scenarioId !== state.scenarioMeta.id || draft.text === state.catalogText) return false;
  state.editCatalogText(draft.text);
  return true;
}
