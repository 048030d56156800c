import { addedToolsTurn } from "./added-tools-turn";
import { SEARCH_TOOLS_TOOL } from "./helper-tools";
import { NATIVE_CLIENT_SIDE } from "./native-client-side";
import type { StrategyDefinition } from "./types";
import { engineSupport } from "../i18n/engine-notes";

/**
 * Moonshot Kimi K3 dynamic tool loading: only `search_tools` at the top level; found tools are declared by an
 * appended `{role:"system", tools:[…]}` message with no content, and then called natively (PROTOCOLS §3.1–3.2).
 */
export const kimiDynamicStrategy: StrategyDefinition = {
  searchesOnClient: true,
  id: "kimi-dynamic",
  title: "Kimi dynamic tool loading",
  shortName: "Kimi dynamic",
  colour: { fallback: "#9c755f", dash: "4 4" },
  explanation: {
    sends: "`search_tools` only at the top level.",
    schemaGoesTo: 'An appended `{role: "system", tools: […]}` message without `content`.',
    costs: "O(1) up front; each found tool's definition is paid once where it is appended.",
    prefixEffect: "Stable if append-only: never insert before or delete an earlier declaration.",
  },
  providers: ["moonshot"],
  decide: {
    role: "progressive",
    loadsAllHits: true,
    prefixGrowsWithCatalog: false,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: () => 1,
    nativeOn: { providers: ["moonshot"], rank: 0 },
  },
  client: {
    ...NATIVE_CLIENT_SIDE,
    makeCallable: (fresh) => ({ append: [{ role: "added-tools", toolNames: [...fresh] }] }),
  },
  supports: (provider, model) =>
    !kimiDynamicStrategy.providers.includes(provider)
      ? { ok: false, reason: engineSupport("kimiApi") }
      : model.capabilities.kimiDynamicTools
        ? { ok: true }
        : { ok: false, reason: engineSupport("kimiModel", { model: model.label }) },
  goals: () => ({ noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true }),
  initialTools: () => [{ type: "helper", tool: SEARCH_TOOLS_TOOL }],
  runTurn: addedToolsTurn("call_search_"),
};
