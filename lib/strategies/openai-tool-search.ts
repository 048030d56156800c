import type { CatalogTool } from "../core/catalog";
import type { ToolEntry, TranscriptBlock } from "../core";
import { runProviderNativeSearchTurn } from "./provider-native-search";
import { NATIVE_CLIENT_SIDE } from "./native-client-side";
import type { StrategyDefinition } from "./types";
import { engineNote } from "../i18n/engine-notes";
import { engineSupport } from "../i18n/engine-notes";

/**
 * OpenAI Responses `tool_search` (PROTOCOLS §2). Hosted: the reply carries `tool_search_call` and
 * `tool_search_output` before the function call. Client: the model emits `tool_search_call` and stops; we append
 * `tool_search_output` with the same `call_id`. Loaded tools are injected at the end of the context.
 * OpenAI does not document its hosted ranking, so hosted search is emulated with BM25 (labelled in the UI).
 */
export const openaiToolSearchStrategy: StrategyDefinition = {
  id: "openai-tool-search",
  title: "OpenAI tool_search",
  shortName: "OpenAI search",
  colour: { fallback: "#59a14f", dash: "2 3" },
  explanation: {
    sends: '`{type: "tool_search"}` plus deferred functions (or namespaces, whose members are deferred).',
    schemaGoesTo: "`tool_search_output` items appended at the end of the input.",
    costs: "Deferred functions still show their name and description up front; namespaces show only theirs.",
    prefixEffect: "Stable: loaded tools go to the end of the context.",
  },
  providers: ["openai-responses"],
  // One hosted `tool_search`: OpenAI does not name its ranking, so the search variant never reaches the wire.
  providerSearch: { serverVariants: [] },
  decide: {
    role: "progressive",
    loadsAllHits: true,
    prefixGrowsWithCatalog: true,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: (settings) => (settings.searchExecution === "server" ? 0 : 1),
    nativeOn: { providers: ["openai-responses"], rank: 0 },
  },
  client: NATIVE_CLIENT_SIDE,
  supports: (provider, model) =>
    !openaiToolSearchStrategy.providers.includes(provider)
      ? { ok: false, reason: engineSupport("openaiApi") }
      : model.capabilities.openaiToolSearch
        ? { ok: true }
        : { ok: false, reason: engineSupport("openaiModel", { model: model.label }) },
  goals: (settings) => ({ noToolsUpFront: settings.useNamespaces, stableToolList: true, nativeStrictSchema: true }),
  initialTools: (scenario) => {
    const settings = scenario.settings;
    const kept = new Set(settings.nonDeferredTools);
    const entries: ToolEntry[] = [{ type: "openai-tool-search", execution: settings.searchExecution }];
    const byNamespace = new Map<string, CatalogTool[]>();
    for (const tool of scenario.catalog.tools) {
      if (kept.has(tool.name)) entries.push({ type: "catalog", tool, deferred: false });
      else if (settings.useNamespaces && tool.namespace)
        byNamespace.set(tool.namespace, [...(byNamespace.get(tool.namespace) ?? []), tool]);
      else entries.push({ type: "catalog", tool, deferred: true });
    }
    for (const [name, tools] of byNamespace) {
      entries.push({
        type: "openai-namespace",
        name,
        description: scenario.catalog.namespaces?.[name] ?? `Tools of the ${name} server`,
        tools,
      });
    }
    return entries;
  },
  runTurn(session, context) {
    runProviderNativeSearchTurn(session, context, {
      client: {
        searchCall: (query) => ({
          type: "openai-search-call",
          id: session.nextId("ts_sim_"),
          callId: session.nextId("call_search_"),
          execution: "client",
          query,
        }),
        appendResult: (call, attempt) => {
          const searchCall = call as Extract<TranscriptBlock, { type: "openai-search-call" }>;
          session.append({
            role: "user",
            blocks: [
              {
                type: "openai-search-output",
                id: session.nextId("tso_sim_"),
                callId: searchCall.callId,
                execution: "client",
                toolNames: attempt.names,
              },
            ],
          });
        },
      },
      server: {
        kind: "bm25",
        leading: (attempts) =>
          attempts.flatMap((attempt): TranscriptBlock[] => [
            {
              type: "openai-search-call",
              id: session.nextId("ts_sim_"),
              callId: null,
              execution: "server",
              query: attempt.input,
            },
            {
              type: "openai-search-output",
              id: session.nextId("tso_sim_"),
              callId: null,
              execution: "server",
              toolNames: attempt.names,
            },
          ]),
        notes: () => [engineNote("hostedOpenAI")],
      },
    });
  },
};
