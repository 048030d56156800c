/** The two generated examples. They are built at load time: deterministic, and far smaller than their JSON. */
import { generateSyntheticCatalog } from "../catalog/synthetic/synthetic-catalog";
import type { Scenario } from "../scenario/types";
import { createScenario } from "../scenario/create-scenario";
import { OPERATIONS_AGENT_SYSTEM_PROMPT } from "./agent-system-prompt";
import { pickDistinctTools, syntheticTurn } from "./synthetic-turns";

/** o200k is the one public tokenizer of the providers here; loaded lazily because its tables are large. */
async function o200kCounter(): Promise<(text: string) => number> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  return (text) => countTokens(text);
}

/** The seeds' arithmetic: 200 tools × ≈400 tokens ≈ 80k tokens of definitions on every request. */
export async function seed200ToolsScenario(): Promise<Scenario> {
  const catalog = generateSyntheticCatalog({
    count: 200,
    targetTokensPerTool: 400,
    seed: 200,
    countTokens: await o200kCounter(),
  });
  return createScenario({
    id: "seed-200-tools",
    title: "200 tools at about 400 tokens each",
    description:
      "A generated catalog of the size people usually quote for a big agent: 200 tools of about 400 tokens, about 80k tokens of definitions. Six requests, each needing a tool from a different domain.",
    catalog,
    turns: pickDistinctTools(catalog.tools, 6).map(syntheticTurn),
    settings: { system: OPERATIONS_AGENT_SYSTEM_PROMPT },
  });
}

/** Anthropic's limit of deferred tools per request is 10,000 (PROTOCOLS.md §1.3). */
export async function synthetic10000Scenario(): Promise<Scenario> {
  const catalog = generateSyntheticCatalog({
    count: 10_000,
    targetTokensPerTool: 300,
    seed: 10_000,
    countTokens: await o200kCounter(),
    namespaces: 26,
  });
  return createScenario({
    id: "synthetic-10000",
    title: "10,000 generated tools",
    description:
      "Anthropic's maximum of deferred tools: 10,000 generated tools of about 300 tokens (about 3M tokens if all were sent in full), in 26 namespaces. Three requests.",
    catalog,
    turns: pickDistinctTools(catalog.tools, 3).map(syntheticTurn),
    settings: { system: OPERATIONS_AGENT_SYSTEM_PROMPT },
  });
}
