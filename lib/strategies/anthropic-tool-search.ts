import { SEARCH_TOOLS_TOOL } from "./helper-tools";
import { runProviderNativeSearchTurn } from "./provider-native-search";
import type { StrategyDefinition } from "./types";
import { engineNote } from "../i18n/engine-notes";
import { engineSupport } from "../i18n/engine-notes";

/**
 * Anthropic Tool Search Tool (PROTOCOLS §1). Server mode: the search runs inside the same API call and the reply
 * carries `server_tool_use` + `tool_search_tool_result` + the `tool_use`. Client mode: our own `search_tools`
 * returns `tool_reference` blocks in a `tool_result` (§1.5). Either way the references are expanded inline and
 * stay callable for the rest of the conversation.
 */
/**
 * Where the simulated bill favours the hosted search, the step says so: the found definitions are billed once, in
 * the next request; whether Anthropic also bills the continuation inside the searching call is not documented
 * (PROTOCOLS.md §9, §10; the assumption `anthropic-search-continuation-billed`).
 */
export const HOSTED_SEARCH_NOTE = engineNote("hostedAnthropic");

export const anthropicToolSearchStrategy: StrategyDefinition = {
  id: "anthropic-tool-search",
  title: "Anthropic Tool Search Tool",
  shortName: "Anthropic search",
  colour: { fallback: "#f28e2b" },
  explanation: {
    sends: "The search tool, the non-deferred tools, and every other definition with `defer_loading: true`.",
    schemaGoesTo: "`tool_reference` blocks, expanded inline by the provider where the search result sits.",
    costs: "Deferred definitions cost nothing until found; found ones are paid once, at the tail.",
    prefixEffect: "Stable: deferred tools are outside the cached prefix.",
  },
  providers: ["anthropic"],
  providerSearch: { serverVariants: ["bm25", "regex"] },
  decide: {
    role: "progressive",
    loadsAllHits: true,
    prefixGrowsWithCatalog: false,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: (settings) => (settings.searchExecution === "server" ? 0 : 1),
    nativeOn: { providers: ["anthropic"], rank: 0 },
  },
  client: { searchResult: "tool-reference", calls: "native" },
  supports: (provider, model) =>
    !anthropicToolSearchStrategy.providers.includes(provider)
      ? { ok: false, reason: engineSupport("toolSearchApi") }
      : model.capabilities.anthropicToolSearch
        ? { ok: true }
        : { ok: false, reason: engineSupport("toolSearchModel", { model: model.label }) },
  goals: () => ({ noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true }),
  initialTools: (scenario) => {
    const kept = new Set(scenario.settings.nonDeferredTools);
    const search =
      scenario.settings.searchExecution === "server"
        ? ({ type: "anthropic-tool-search", variant: scenario.settings.searchVariant } as const)
        : ({ type: "helper", tool: SEARCH_TOOLS_TOOL } as const);
    return [
      search,
      ...scenario.catalog.tools.map((tool) => ({ type: "catalog" as const, tool, deferred: !kept.has(tool.name) })),
    ];
  },
  runTurn(session, context) {
    const variant = context.scenario.settings.searchVariant;
    runProviderNativeSearchTurn(session, context, {
      client: {
        searchCall: (input) => ({
          type: "tool-call",
          id: session.nextId("toolu_sim_"),
          name: SEARCH_TOOLS_TOOL.name,
          input: { query: input },
        }),
        appendResult: (call, attempt) => {
          const callId = (call as { id: string }).id;
          if (attempt.names.length)
            session.append({
              role: "user",
              blocks: [{ type: "tool-reference-result", callId, toolNames: attempt.names }],
            });
          else session.appendToolResult(callId, SEARCH_TOOLS_TOOL.name, "No tools matched. Try other words.");
        },
      },
      server: {
        kind: variant,
        leading: (attempts) =>
          attempts.map((attempt) => ({
            type: "server-tool-search",
            id: session.nextId("srvtoolu_sim_"),
            variant,
            input: attempt.input,
            result: attempt.outcome.ok
              ? { toolNames: attempt.names }
              : { errorCode: attempt.outcome.errorCode, errorMessage: attempt.outcome.errorMessage },
          })),
        notes: (found) => (found ? [HOSTED_SEARCH_NOTE] : []),
      },
    });
  },
};
