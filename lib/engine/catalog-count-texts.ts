import type { Catalog } from "../core/catalog";
import type { ToolEntry } from "../core";
import type { Scenario } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";
import { anthropicToolDefinition, providerAdapter } from "../providers";
import type { Engine } from "./engine";

/**
 * The texts a run over `catalog` will count one per tool, as the adapters render them: every tool's Anthropic
 * definition (full, as the catalog list and the strategies that send or load it count it; stub, as `stubs` sends it),
 * and the provider's own full and stub renderings where they differ. At 10,000 tools these are ≈ 99% of
 * the tokens a cold run counts (3.0 M full, 0.65 M stub tokens, PERFORMANCE.md at 279c54f), so they are what the worker
 * looks up in the counts kept across visits before running. The renderings are memoised per tool object, so the run
 * reuses them rather than building them twice.
 */
export function catalogCountTexts(catalog: Catalog, provider: ProviderId): string[] {
  const adapter = providerAdapter(provider);
  const texts: string[] = [];
  for (const tool of catalog.tools) {
    const full = anthropicToolDefinition(tool, "full").text;
    const stub = anthropicToolDefinition(tool, "stub").text;
    texts.push(full, stub);
    for (const own of [adapter.toolText(tool, "full"), adapter.toolText(tool, "stub")])
      if (own !== null && own !== full && own !== stub) texts.push(own);
  }
  return texts;
}

/**
 * The counted text of one top-level tool entry on `provider`, exactly as its adapter renders it (anthropic-messages,
 * openai-responses, openai-chat), or null for entries that cost nothing or nothing catalog-sized: Anthropic's
 * deferred tools are outside the prompt, and search tools and namespaces are a line each.
 */
function toolEntryText(entry: ToolEntry, provider: ProviderId): string | null {
  if (entry.type !== "catalog" && entry.type !== "stub" && entry.type !== "helper") return null;
  const variant = entry.type === "stub" ? "stub" : entry.type === "catalog" && entry.deferred ? "deferred" : "full";
  return providerAdapter(provider).toolText(entry.tool, variant);
}

/**
 * The tool texts the first request of `strategyId` counts, on the provider and model the engine places it on: all
 * 10,000 definitions for `full`, 10,000 stubs for `stubs`, next to nothing for a strategy that starts with a search
 * tool. The worker counts exactly these before the strategy runs, in parallel (lib/tokens/count-in-parallel.ts), so
 * the first request on screen pays for its own tokens and no others.
 */
export function firstRequestToolTexts(
  engine: Pick<Engine, "openSession">,
  scenario: Scenario,
  strategyId: StrategyId,
  provider?: ProviderId,
): string[] {
  const opened = engine.openSession(scenario, strategyId, provider ? { provider } : {});
  if (!opened.session) return [];
  return opened.session.tools.flatMap((entry) => toolEntryText(entry, opened.provider) ?? []);
}
