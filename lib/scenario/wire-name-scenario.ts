/**
 * A scenario as a run sends it under wire names (settings `toolNameMapping: "wire"`): the catalog's tools under
 * their wire names, and everything in the conversation that names a tool (each turn's needed calls, its scripted
 * tool change, its search pattern, the tools kept non-deferred) renamed the same way, so the searches, the calls
 * and the transcript all speak the names the provider accepts.
 */
import type { CatalogTool, WireName } from "../core/catalog";
import type { Scenario, ScenarioTurn } from "./types";

const REGEX_METACHARACTERS = /[\\^$.|?*+()[\]{}]/g;

const escaped = (name: string) => name.replace(REGEX_METACHARACTERS, "\\$&");

/** A regex that names a tool (the exact-name pattern a generated turn carries) names its wire name instead. */
function renamedPattern(pattern: string, mapping: readonly WireName[]): string {
  let result = pattern;
  // Longest first: `a.b.c` before `a.b`, whose text it contains.
  for (const { original, wire } of [...mapping].sort((a, b) => b.original.length - a.original.length))
    result = result.replaceAll(escaped(original), escaped(wire));
  return result;
}

function renamedTurn(turn: ScenarioTurn, wireOf: (name: string) => string, mapping: readonly WireName[]) {
  const renamed: ScenarioTurn = { ...turn, needs: turn.needs.map((need) => ({ ...need, tool: wireOf(need.tool) })) };
  if (turn.toolChange) renamed.toolChange = { ...turn.toolChange, tool: wireOf(turn.toolChange.tool) };
  if (turn.searchPattern !== undefined) renamed.searchPattern = renamedPattern(turn.searchPattern, mapping);
  return renamed;
}

/** The catalog's tools, each refused one under its wire name; `tools` itself when nothing is mapped. */
export function toolsWithWireNames(tools: readonly CatalogTool[], mapping: readonly WireName[]): CatalogTool[] {
  if (mapping.length === 0) return tools as CatalogTool[];
  const byOriginal = new Map(mapping.map(({ original, wire }) => [original, wire]));
  return tools.map((tool) => {
    const wire = byOriginal.get(tool.name);
    return wire === undefined ? tool : { ...tool, name: wire };
  });
}

/**
 * `scenario` with each `original` name replaced by its `wire` name; the scenario itself when nothing is mapped.
 * `tools` is the renamed catalog when the caller keeps one (the engine's searches and lookups are kept per tools list).
 */
export function scenarioWithWireNames(
  scenario: Scenario,
  mapping: readonly WireName[],
  tools: CatalogTool[] = toolsWithWireNames(scenario.catalog.tools, mapping),
): Scenario {
  if (mapping.length === 0) return scenario;
  const byOriginal = new Map(mapping.map(({ original, wire }) => [original, wire]));
  const wireOf = (name: string) => byOriginal.get(name) ?? name;
  return {
    ...scenario,
    catalog: { ...scenario.catalog, tools },
    turns: scenario.turns.map((turn) => renamedTurn(turn, wireOf, mapping)),
    settings: { ...scenario.settings, nonDeferredTools: scenario.settings.nonDeferredTools.map(wireOf) },
  };
}
