/**
 * The token counts of a prebuilt example's tool definitions, known at build time: the first-view file's
 * `toolTokens` (lib/workbench/first-view.ts) count each tool's Anthropic JSON, which for a tool without input
 * examples is exactly the full definition's prompt text the engine counts. Put into the token memo when the worker
 * loads the unedited example, they spare the first run of the 10,000-tool example counting ≈ 3 M tokens (the full
 * definitions; the stubs are still counted). first-view.test.ts recomputes the file, so the counts cannot go stale.
 *
 * Only texts are primed, never tools by position: the memo is keyed by the text, so a tool edited later is a
 * different text and is counted as always.
 */
import type { CatalogTool } from "../core/catalog";
import { loadExample } from "../examples";
import { fetchGzipJsonSameOrigin, withScenarioAssets } from "../examples/scenario-asset";
import { anthropicToolDefinition } from "../providers/anthropic/anthropic-messages";
import { createPreparedExamples, type PreparedExamples } from "./prepared-example";

/** Smaller examples count their tools in a blink; reading the first-view file in the worker would cost more. */
export const EXAMPLE_TOOL_COUNTS_MINIMUM_TOOLS = 2_000;

type CountMemo = { prime(text: string, count: number): void };

/** The build-time counts of `exampleId`'s tools, in catalog order, or undefined when it has none. */
export async function prebuiltToolCounts(exampleId: string): Promise<readonly number[] | undefined> {
  const file = (await import("./generated/first-views.json")).default as {
    examples: Array<{ exampleId: string; toolTokens?: number[] }>;
  };
  return file.examples.find((example) => example.exampleId === exampleId)?.toolTokens;
}

/**
 * Primes `memo` with each tool's full Anthropic definition count, where the counted JSON is that very text.
 * Returns how many were primed; none when the counts are not one per tool (a file from another version).
 */
export function primeToolCounts(memo: CountMemo, tools: readonly CatalogTool[], counts: readonly number[]): number {
  if (counts.length !== tools.length) return 0;
  let primed = 0;
  tools.forEach((tool, index) => {
    // `anthropicToolJson` writes `input_examples` when the tool has the field, the definition only when it is not
    // empty; otherwise the two texts are the same (compared in the tests, not here: 15 MB of JSON at 10,000 tools).
    if (tool.inputExamples !== undefined && tool.inputExamples.length === 0) return;
    memo.prime(anthropicToolDefinition(tool, "full").text, counts[index]);
    primed += 1;
  });
  return primed;
}

/** After loading an unedited example: its build-time counts into the memo (large examples only). */
export async function primeExampleToolCounts(
  memo: CountMemo,
  exampleId: string,
  tools: readonly CatalogTool[],
  load: (exampleId: string) => Promise<readonly number[] | undefined> = prebuiltToolCounts,
): Promise<number> {
  if (tools.length < EXAMPLE_TOOL_COUNTS_MINIMUM_TOOLS) return 0;
  try {
    const counts = await load(exampleId);
    return counts === undefined ? 0 : primeToolCounts(memo, tools, counts);
  } catch {
    // The counts are a head start, nothing more: without them the engine counts as it always did.
    return 0;
  }
}

/**
 * The examples an engine worker opens (the page's and its helper alike, so both hold equal catalogs without 16 MB
 * crossing between them): a large one from its build-time file when the server has it (lib/examples/scenario-asset.ts),
 * primed with the build's counts as soon as it is loaded — at the page's hint, before the page asks for it.
 */
export function createPrimedExamples(memo: CountMemo): PreparedExamples {
  const loadFromAssets = withScenarioAssets(loadExample, fetchGzipJsonSameOrigin);
  return createPreparedExamples(async (exampleId) => {
    const scenario = await loadFromAssets(exampleId);
    await primeExampleToolCounts(memo, exampleId, scenario.catalog.tools);
    return scenario;
  });
}
