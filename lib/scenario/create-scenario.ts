/** Builds complete scenarios from partial ones: every missing field gets its default. */
import type { Catalog } from "../core/catalog";
import { DEFAULT_SETTINGS } from "./default-settings";
import { SCENARIO_FORMAT_VERSION, type Scenario, type ScenarioSettings, type ScenarioTurn } from "./types";

export type ScenarioDraft = {
  id?: string;
  title?: string;
  description?: string;
  catalog?: Catalog;
  turns?: ScenarioTurn[];
  settings?: Partial<ScenarioSettings>;
};

/** `"Weather & files (v2)"` → `"weather-files-v2"`: a readable id that survives URLs and file names. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
  return slug === "" ? "scenario" : slug;
}

export function createScenario(draft: ScenarioDraft = {}): Scenario {
  const title = draft.title ?? "Untitled scenario";
  const scenario: Scenario = {
    formatVersion: SCENARIO_FORMAT_VERSION,
    id: draft.id ?? slugify(title),
    title,
    catalog: draft.catalog ?? { tools: [] },
    turns: draft.turns ?? [],
    settings: { ...DEFAULT_SETTINGS, ...draft.settings },
  };
  if (draft.description !== undefined) scenario.description = draft.description;
  return scenario;
}
