/**
 * Writes a scenario as JSON with a fixed key order, so that saving the same scenario twice gives identical
 * text (clean diffs, stable share links). Free-form values (schemas, arguments, mock results) keep their own
 * key order: a schema's property order is the author's, and it changes the prompt tokens.
 */
import type { Catalog, CatalogTool } from "../core/catalog";
import { OPTIONAL_SETTINGS_KEYS, SETTINGS_KEYS } from "./default-settings";
import type { NeededToolCall, Scenario, ScenarioTurn } from "./types";

/** Copies the listed keys of `source` in order, leaving out absent ones. */
function ordered<T extends object>(source: T, keys: Array<keyof T>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined) result[key as string] = source[key];
  return result;
}

/** `schemaError` is derived on import and never written. */
function serializableTool(tool: CatalogTool): Record<string, unknown> {
  return ordered(tool, ["name", "namespace", "description", "inputSchema", "inputExamples", "mockResult"]);
}

function serializableCatalog(catalog: Catalog): Record<string, unknown> {
  return { ...ordered(catalog, ["source", "license", "namespaces"]), tools: catalog.tools.map(serializableTool) };
}

function serializableNeed(need: NeededToolCall): Record<string, unknown> {
  return ordered(need, ["tool", "arguments", "mistakenArguments"]);
}

function serializableTurn(turn: ScenarioTurn): Record<string, unknown> {
  return {
    ...ordered(turn, ["user", "searchQuery", "searchPattern"]),
    ...(turn.toolChange ? { toolChange: { change: turn.toolChange.change, tool: turn.toolChange.tool } } : {}),
    needs: turn.needs.map(serializableNeed),
    ...ordered(turn, ["answer"]),
  };
}

export function serializeScenario(scenario: Scenario): string {
  const document = {
    ...ordered(scenario, ["formatVersion", "id", "title", "description"]),
    settings: ordered(scenario.settings, [...SETTINGS_KEYS, ...OPTIONAL_SETTINGS_KEYS]),
    turns: scenario.turns.map(serializableTurn),
    catalog: serializableCatalog(scenario.catalog),
  };
  return JSON.stringify(document, null, 2) + "\n";
}

/**
 * Whether `serializeScenario` writes the two scenarios as the same text, without writing either whole: the page asks
 * after every edit whether the work still equals the example it came from, and at 10,000 tools the whole text is
 * ≈ 15 MB (a main-thread task of hundreds of milliseconds per edit). Everything but the tools is compared as
 * written; tools are compared one by one, and a tool object shared by both (an edit replaces only the tools it
 * changed) is equal without being written.
 */
export function serializesEqual(left: Scenario, right: Scenario): boolean {
  if (left === right) return true;
  const withoutTools = (scenario: Scenario): Scenario => ({ ...scenario, catalog: { ...scenario.catalog, tools: [] } });
  if (serializeScenario(withoutTools(left)) !== serializeScenario(withoutTools(right))) return false;
  const leftTools = left.catalog.tools;
  const rightTools = right.catalog.tools;
  if (leftTools.length !== rightTools.length) return false;
  return leftTools.every(
    (tool, index) =>
      tool === rightTools[index] ||
      JSON.stringify(serializableTool(tool)) === JSON.stringify(serializableTool(rightTools[index])),
  );
}
