import { addedToolsTurn } from "./added-tools-turn";
import { SEARCH_TOOLS_TOOL } from "./helper-tools";
import { NATIVE_CLIENT_SIDE } from "./native-client-side";
import type { StrategyDefinition } from "./types";
import { engineSupport } from "../i18n/engine-notes";

export const MID_CONVERSATION_TOOL_CHANGES_BETA = "mid-conversation-tool-changes-2026-07-01";

/**
 * Anthropic mid-conversation tool changes (beta): every tool declared once with `defer_loading: true`; a found
 * tool is surfaced by a `tool_addition` block in an appended `role: "system"` message (PROTOCOLS §4.2). The
 * system message directly follows the user turn that carries the search's tool_result, as placement requires.
 */
const runAddedToolsTurn = addedToolsTurn("toolu_sim_");

export const anthropicMidConversationStrategy: StrategyDefinition = {
  searchesOnClient: true,
  id: "anthropic-mid-conversation",
  title: "Anthropic mid-conversation tool changes",
  shortName: "Mid-conversation",
  colour: { fallback: "#d37295", dash: "12 4" },
  explanation: {
    sends: "Every definition once in `tools`, deferred, plus a non-deferred `search_tools`.",
    schemaGoesTo: '`tool_addition` blocks in an appended `role: "system"` message.',
    costs: "Deferred tools cost nothing until added; an added tool is paid where the system message sits.",
    prefixEffect: "Stable: `tools` never changes; the addition is appended.",
  },
  providers: ["anthropic"],
  decide: {
    role: "progressive",
    loadsAllHits: true,
    prefixGrowsWithCatalog: false,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: () => 1,
    nativeOn: { providers: ["anthropic"], rank: 1 },
  },
  client: {
    ...NATIVE_CLIENT_SIDE,
    makeCallable: (fresh) => ({ append: [{ role: "added-tools", toolNames: [...fresh] }] }),
  },
  supports: (provider, model) =>
    !anthropicMidConversationStrategy.providers.includes(provider)
      ? { ok: false, reason: engineSupport("midConversationApi") }
      : model.capabilities.midConversationToolChanges
        ? { ok: true }
        : {
            ok: false,
            reason: engineSupport("midConversationModel", { model: model.label }),
          },
  goals: () => ({ noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true }),
  betas: () => [MID_CONVERSATION_TOOL_CHANGES_BETA],
  initialTools: (scenario) => {
    const kept = new Set(scenario.settings.nonDeferredTools);
    return [
      { type: "helper", tool: SEARCH_TOOLS_TOOL },
      ...scenario.catalog.tools.map((tool) => ({ type: "catalog" as const, tool, deferred: !kept.has(tool.name) })),
    ];
  },
  runTurn(session, context) {
    for (const name of context.scenario.settings.nonDeferredTools) session.discovered.add(name);
    runAddedToolsTurn(session, context);
  },
};
