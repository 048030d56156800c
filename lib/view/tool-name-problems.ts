/**
 * A tool name the provider's pattern refuses is not a style warning: the provider answers 400 to every request that
 * declares it, so the runs stop there. The catalog parser knows no provider and flags the shared pattern as a
 * warning; this view turns that into an error for the provider and model the person has chosen (and adds the names
 * only a stricter provider refuses, such as Kimi's), without making the catalog unusable: the runs still show the
 * refused request.
 */
import type { CatalogTool, InputProblem } from "../core";
import { toolNameRuleMessage } from "../catalog/tool-names";
import { getModel } from "../models/model-table";
import { modelLimits } from "../models/model-limits";
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

export function providerNameProblems(
  problems: readonly InputProblem[],
  tools: readonly Pick<CatalogTool, "name">[],
  settings: Pick<ScenarioSettings, "provider" | "model" | "limitOverrides">,
): InputProblem[] {
  const rule = nameRule(settings);
  if (!rule) return [...problems];
  const named = new Set<string>();
  const shown = problems.map((problem) => {
    const name = problem.toolName;
    // "catalog: …" or "catalog (file.json): …", as the parser words its shared-pattern warning.
    if (name === undefined || !problem.message.endsWith(`: ${toolNameRuleMessage(name)}`)) return problem;
    named.add(name);
    return rule.regex.test(name)
      ? problem
      : { ...problem, severity: "error" as const, ...refusedName(name, rule.pattern, rule.who) };
  });
  tools.forEach((tool, index) => {
    if (named.has(tool.name) || rule.regex.test(tool.name)) return;
    shown.push({
      severity: "error",
      path: `$.tools[${index}].name`,
      toolName: tool.name,
      ...refusedName(tool.name, rule.pattern, rule.who),
    });
  });
  return shown;
}
