import type { Catalog } from "../catalog/types";
import type { ProviderId } from "../scenario/types";
import { anthropicToolDefinition } from "../providers/anthropic-messages";
import { chatFunction, responsesFunction } from "../providers/openai-function";

/**
 * The texts a run over `catalog` will count one per tool, as the adapters render them: every tool's Anthropic
 * definition (full, as the catalog list and the strategies that send or load it count it; stub, as `stubs` sends it),
 * and on an OpenAI or Moonshot provider that provider's full and stub renderings. At 10,000 tools these are ≈ 99% of
 * the tokens a cold run counts (3.0 M full and 0.65 M stub tokens, docs/PERFORMANCE.md), so they are what the worker
 * looks up in the counts kept across visits before running. The renderings are memoised per tool object, so the run
 * reuses them rather than building them twice.
 */
export function catalogCountTexts(catalog: Catalog, provider: ProviderId): string[] {
  const texts: string[] = [];
  for (const tool of catalog.tools) {
    texts.push(anthropicToolDefinition(tool, "full").text, anthropicToolDefinition(tool, "stub").text);
    if (provider === "openai-responses")
      texts.push(responsesFunction(tool, "full").text, responsesFunction(tool, "stub").text);
    else if (provider === "openai-chat" || provider === "moonshot")
      texts.push(chatFunction(tool, "full").text, chatFunction(tool, "stub").text);
  }
  return texts;
}
