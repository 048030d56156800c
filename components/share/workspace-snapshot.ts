/**
 * The workspace the share dialog, autosave and saved list work on, built from the page store's fields. Typed
 * structurally (not against the store's type) so the store can grow without this file changing.
 */
import type { Catalog } from "@/lib/core/catalog";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { SCENARIO_FORMAT_VERSION, type ScenarioSettings, type ScenarioTurn } from "@/lib/scenario/types";
import { type StrategyId } from "@/lib/core/ids";

export type WorkspaceFields = {
  scenarioMeta: { id: string; title: string; description?: string };
  lastValidCatalog: Catalog;
  turns: ScenarioTurn[];
  settings: ScenarioSettings;
  strategyId: StrategyId;
  stepIndex: number;
  forceProvider: boolean;
};

export function workspaceSnapshot(fields: WorkspaceFields): WorkspaceState {
  const scenario: WorkspaceState["scenario"] = {
    formatVersion: SCENARIO_FORMAT_VERSION,
    id: fields.scenarioMeta.id,
    title: fields.scenarioMeta.title,
    catalog: fields.lastValidCatalog,
    turns: fields.turns,
    settings: fields.settings,
  };
  if (fields.scenarioMeta.description !== undefined) scenario.description = fields.scenarioMeta.description;
  return { scenario, strategyId: fields.strategyId, stepIndex: fields.stepIndex, forceProvider: fields.forceProvider };
}
