/**
 * A tool name the provider's pattern refuses is not a style warning: the provider answers 400 to every request that
 * declares it, so the runs stop there. The catalog parser knows no provider and flags the shared pattern as a
 * warning; this view turns that into an error for the provider and model the person has chosen (and adds the names
 * only a stricter provider refuses, such as Kimi's), without making the catalog unusable: the runs still show the
 * refused request.
 */
import type { CatalogTool, InputProblem, WireName } from "../core";
import { toolNameRuleMessage } from "../catalog/tool-names";
import { getModel } from "../models/model-table";
import { modelLimits } from "../models/model-limits";
import { wireNamesOnModel } from "../models/wire-names-on-model";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import { providerLabel } from "./provider-labels";

/** The provider's own rule for tool names, as a test and words; null when the model is unknown. */
function nameRule(settings: Pick<ScenarioSettings, "provider" | "model" | "limitOverrides">) {
  const model = getModel(settings.provider, settings.model);
  if (!model) return null;
  const pattern = modelLimits(model, settings.limitOverrides).toolNamePattern.value;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch {
    return null;
  }
  return { pattern, regex, who: `${providerLabel(settings.provider as ProviderId)} · ${model.label}` };
}

export function refusedNameMessage(name: string, pattern: string, who: string): string {
  return `catalog: "${name}" does not match ${pattern}: ${who} refuses every request that declares it (400), so each run stops at its first request with this tool`;
}

/** The refusal's English message, and its code and values for the interface (lib/catalog/problem-text.ts). */
function refusedName(name: string, pattern: string, who: string): Pick<InputProblem, "message" | "code" | "values"> {
  return { message: refusedNameMessage(name, pattern, who), code: "nameRefused", values: { name, pattern, who } };
}

type NameSettings = Pick<ScenarioSettings, "provider" | "model" | "limitOverrides" | "toolNameMapping">;

/**
 * The wire names the chosen model's rule gives these names: the function the engine maps a run's catalog with
 * (lib/models/wire-names-on-model.ts), on the same model, so the page says what the run sends.
 */
export function chosenModelWireNames(names: readonly string[], settings: NameSettings): WireName[] {
  const model = getModel(settings.provider, settings.model);
  return model ? wireNamesOnModel(names, model, settings.limitOverrides) : [];
}

/** How many mapped names the catalog panel's line shows as examples; the count says how many there are. */
const SHOWN_WIRE_NAMES = 2;

/**
 * What the catalog panel says about wire names: "offer" while names the chosen model refuses are sent as written
 * and wire names would fit them (one button turns them on); "sent" with the mapping while they are on; null when no
 * name needs one.
 */
export type WireNamesLine =
  { kind: "offer"; count: number } | { kind: "sent"; count: number; examples: string; more: boolean };

export function wireNamesLine(
  tools: readonly Pick<CatalogTool, "name">[],
  settings: NameSettings,
): WireNamesLine | null {
  const mapping = chosenModelWireNames(
    tools.map((tool) => tool.name),
    settings,
  );
  if (mapping.length === 0) return null;
  if (settings.toolNameMapping !== "wire") return { kind: "offer", count: mapping.length };
  const shown = mapping.slice(0, SHOWN_WIRE_NAMES);
  return {
    kind: "sent",
    count: mapping.length,
    examples: shown.map(({ original, wire }) => `${original} → ${wire}`).join(", "),
    more: mapping.length > shown.length,
  };
}

export function providerNameProblems(
  problems: readonly InputProblem[],
  tools: readonly Pick<CatalogTool, "name">[],
  settings: NameSettings,
): InputProblem[] {
  const rule = nameRule(settings);
  if (!rule) return [...problems];
  // Sent as wire names, a refused name is not refused: the panel's one line about wire names says what is sent.
  const sentAsWire = new Set(
    settings.toolNameMapping === "wire"
      ? chosenModelWireNames(
          [...tools.map((tool) => tool.name), ...problems.flatMap((problem) => problem.toolName ?? [])],
          settings,
        ).map(({ original }) => original)
      : [],
  );
  const named = new Set<string>();
  const shown = problems.flatMap((problem) => {
    const name = problem.toolName;
    // "catalog: …" or "catalog (file.json): …", as the parser words its shared-pattern warning.
    if (name === undefined || !problem.message.endsWith(`: ${toolNameRuleMessage(name)}`)) return [problem];
    named.add(name);
    if (rule.regex.test(name)) return [problem];
    if (sentAsWire.has(name)) return [];
    return [{ ...problem, severity: "error" as const, ...refusedName(name, rule.pattern, rule.who) }];
  });
  tools.forEach((tool, index) => {
    if (named.has(tool.name) || rule.regex.test(tool.name) || sentAsWire.has(tool.name)) return;
    shown.push({
      severity: "error",
      path: `$.tools[${index}].name`,
      toolName: tool.name,
      ...refusedName(tool.name, rule.pattern, rule.who),
    });
  });
  return shown;
}
