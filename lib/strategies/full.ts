import { answerText } from "./discovery";
import { callNeededTool } from "./call-tool";
import { NATIVE_CLIENT_SIDE } from "./native-client-side";
import type { StrategyDefinition } from "./types";

/** Baseline: every full definition in `tools` on every request. */
export const fullStrategy: StrategyDefinition = {
  id: "full",
  title: "Register everything",
  shortName: "Everything",
  colour: { fallback: "#4e79a7" },
  explanation: {
    sends: "The full definition of every tool of the catalog in `tools`, on every request.",
    schemaGoesTo: "Already there: nothing has to be found.",
    costs:
      "O(N) tool tokens on every request; cached after the first, but the first write and every miss pay for all of them.",
    prefixEffect: "Stable prefix.",
  },
  providers: ["anthropic", "openai-responses", "openai-chat", "moonshot", "gemini", "deepseek", "qwen", "glm"],
  decide: {
    role: "baseline",
    loadsAllHits: false,
    prefixGrowsWithCatalog: true,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: () => 0,
  },
  client: NATIVE_CLIENT_SIDE,
  supports: () => ({ ok: true }),
  goals: () => ({ noToolsUpFront: false, stableToolList: true, nativeStrictSchema: true }),
  initialTools: (scenario) => scenario.catalog.tools.map((tool) => ({ type: "catalog", tool, deferred: false })),
  runTurn(session, context) {
    for (const need of context.turn.needs) {
      session.toolsNeeded += 1;
      session.toolsFound += 1;
      callNeededTool(session, need, { style: "native" });
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
  },
};
