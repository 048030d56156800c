/**
 * One task as the engine knows a conversation: a scenario of one user turn over the catalog, whose tools answer
 * through the tool simulator — the task's stub for a tool when it names one, else the tool's own `mockResult`,
 * else the result generated from the tool's name and description (`defaultMockResult`, lib/catalog).
 */
import { sampleArguments } from "../catalog";
import type { Catalog } from "../core/catalog";
import type { ProviderId } from "../core/ids";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { SCENARIO_FORMAT_VERSION, type Scenario, type ScenarioSettings } from "../scenario/types";
import type { ExperimentTask } from "./tasks";

/** The catalog a task runs on: its stubs put in place as the tools' results. */
export function simulatedCatalog(catalog: Catalog, task: ExperimentTask): Catalog {
  const stubs = task.stubs;
  if (!stubs) return catalog;
  return {
    ...catalog,
    tools: catalog.tools.map((tool) =>
      Object.prototype.hasOwnProperty.call(stubs, tool.name) ? { ...tool, mockResult: stubs[tool.name] } : tool,
    ),
  };
}

export function taskScenario(
  catalog: Catalog,
  task: ExperimentTask,
  placement: { provider: ProviderId; model: string; settings?: Partial<ScenarioSettings> },
): Scenario {
  const tools = simulatedCatalog(catalog, task);
  const byName = new Map(tools.tools.map((tool) => [tool.name, tool]));
  return {
    formatVersion: SCENARIO_FORMAT_VERSION,
    id: `task-${task.id}`,
    title: task.id,
    catalog: tools,
    turns: [
      {
        user: task.prompt,
        // The scripted (simulated) model calls each expected tool once with arguments valid for its schema.
        needs: task.expect.tools.map((tool) => ({
          tool,
          arguments: sampleArguments(byName.get(tool)?.inputSchema ?? {}),
        })),
      },
    ],
    settings: { ...DEFAULT_SETTINGS, ...placement.settings, provider: placement.provider, model: placement.model },
  };
}
