/**
 * Built-in experiment designs. "position" is the design documents' open question: the same tools declared up
 * front (the baseline strategy) against declarations appended mid-conversation (a strategy whose client side makes
 * a found tool callable by a message in the conversation, such as Anthropic's tool_addition or Kimi's appended
 * declarations). The strategies are found by those facts, so a new strategy of either kind takes part.
 */
import type { CatalogTool } from "../core/catalog";
import { STRATEGY_IDS, type ProviderId, type StrategyId } from "../core/ids";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { getModel } from "../models";
import { baselineStrategyId, strategyDefinition } from "../strategies";
import type { ToolSearcher } from "../search";

export const DESIGN_IDS = ["position"] as const;
export type DesignId = (typeof DESIGN_IDS)[number];

const PROBE_TOOL: CatalogTool = { name: "probe_tool", description: "A probe.", inputSchema: { type: "object" } };
const NO_SEARCH: ToolSearcher = { search: () => ({ ok: true, hits: [] }) } as unknown as ToolSearcher;

/** Whether the strategy makes a found tool callable by appending a declaration to the conversation. */
export function appendsDeclarations(id: StrategyId): boolean {
  const definition = strategyDefinition(id);
  const make = definition.client.makeCallable;
  if (!make || definition.client.calls !== "native" || definition.decide.invalidatesOnDiscovery) return false;
  const made = make([PROBE_TOOL.name], {
    client: definition.client,
    catalogTools: [PROBE_TOOL],
    tool: (name) => (name === PROBE_TOOL.name ? PROBE_TOOL : undefined),
    search: NO_SEARCH,
    searchResultLimit: 5,
    discovered: new Set(),
    tools: [],
  });
  return (made.append?.length ?? 0) > 0 && made.tools === undefined;
}

/** Whether a strategy can run on this provider and model (the strategy's own rule). */
export function strategyRunsOn(id: StrategyId, provider: ProviderId, model: string): boolean {
  const info = getModel(provider, model);
  if (!info) return false;
  return strategyDefinition(id).supports(provider, info, { ...DEFAULT_SETTINGS, provider, model }).ok;
}

/** The strategies of a design on one provider and model: up front first, then the appended ones it supports. */
export function designStrategies(design: DesignId, provider: ProviderId, model: string): StrategyId[] {
  if (design !== "position") return [];
  const appended = STRATEGY_IDS.filter((id) => appendsDeclarations(id) && strategyRunsOn(id, provider, model));
  return [baselineStrategyId(), ...appended];
}
