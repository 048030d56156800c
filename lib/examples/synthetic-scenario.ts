import { generateSyntheticCatalog } from "../catalog/synthetic/synthetic-catalog";
import { createScenario } from "../scenario/create-scenario";
import type { Scenario } from "../scenario/types";
import { OPERATIONS_AGENT_SYSTEM_PROMPT } from "./agent-system-prompt";
import { pickDistinctTools, syntheticTurn } from "./synthetic-turns";

export type SyntheticScenarioOptions = {
  count: number;
  targetTokensPerTool: number;
  turns: number;
  seed?: number;
  countTokens: (text: string) => number;
};

/** A seeded synthetic scenario of any size, for the CLI (`synthetic:1000x400:6`), the benchmark and the UI. */
export function syntheticScenario(options: SyntheticScenarioOptions): Scenario {
  const catalog = generateSyntheticCatalog({
    count: options.count,
    targetTokensPerTool: options.targetTokensPerTool,
    seed: options.seed ?? options.count,
    countTokens: options.countTokens,
    namespaces: Math.max(1, Math.min(26, Math.round(options.count / 40))),
  });
  const picked = pickDistinctTools(catalog.tools, Math.min(options.turns, catalog.tools.length));
  const turns = Array.from({ length: options.turns }, (_, index) => syntheticTurn(picked[index % picked.length]));
  return createScenario({
    id: `synthetic-${options.count}x${options.targetTokensPerTool}`,
    title: `${options.count.toLocaleString("en-US")} generated tools of about ${options.targetTokensPerTool} tokens`,
    catalog,
    turns,
    settings: { system: OPERATIONS_AGENT_SYSTEM_PROMPT },
  });
}

/** Parses `synthetic:<count>[x<tokens>][:<turns>]`, e.g. `synthetic:1000x400:6`. */
export function parseSyntheticSpecification(
  text: string,
): { count: number; targetTokensPerTool: number; turns: number } | null {
  const match = /^synthetic:(\d+)(?:x(\d+))?(?::(\d+))?$/.exec(text);
  if (!match) return null;
  const count = Number(match[1]);
  if (count < 1 || count > 20_000) return null;
  return { count, targetTokensPerTool: Number(match[2] ?? 400), turns: Number(match[3] ?? 6) };
}
