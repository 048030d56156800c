import type { Catalog, CatalogTool } from "../core/catalog";
import { syntheticTurn } from "../examples/synthetic-turns";
import type { CacheTtl, Scenario, ScenarioSettings } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import { createScenario } from "../scenario/create-scenario";
import type { PlannedTurn } from "./session-plan";

export type DecideScenarioOptions = {
  catalog: Catalog;
  settings: ScenarioSettings;
  tools: readonly CatalogTool[];
  plan: readonly PlannedTurn[];
  provider: ProviderId;
  model: string;
  minutesBetweenTurns: number;
  cacheTtl?: CacheTtl;
  id?: string;
};

/**
 * A scenario shaped like the person's: their catalog and settings, and scripted turns that each need one of the
 * sampled tools (user words, search query and valid arguments written from the tool itself). No argument mistakes
 * are scripted, so the strategies differ only in what disclosure costs. The prefilter runs in the append-only order,
 * the one the closed form models (a picked tool stays in `tools`, which changes only when a new one is picked).
 */
export function decideScenario(options: DecideScenarioOptions): Scenario {
  return createScenario({
    id: options.id ?? "decide-session",
    title: `${options.plan.length} turns using ${new Set(options.plan.map((turn) => turn.slot)).size} tools of the current catalog`,
    catalog: options.catalog,
    turns: options.plan.map((turn) => syntheticTurn(options.tools[turn.slot % options.tools.length] as CatalogTool)),
    settings: {
      ...options.settings,
      provider: options.provider,
      model: options.model,
      minutesBetweenTurns: options.minutesBetweenTurns,
      cacheTtl: options.cacheTtl ?? options.settings.cacheTtl,
      prefilterOrder: "append-only",
    },
  });
}
