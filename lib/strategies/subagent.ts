import { PROVIDER_IDS } from "../core/ids";
import { providerFacts } from "../providers/facts";
import type { ConversationSession } from "../simulator/session";
import { answerText } from "./discovery";
import { callNeededTool } from "./call-tool";
import { DELEGATE_TOOL } from "./helper-tools";
import { NATIVE_CLIENT_SIDE } from "./native-client-side";
import type { StrategyDefinition } from "./types";

export const SUBAGENT_INSTRUCTIONS =
  "You are a sub-agent. Do the task with the tools, then reply with a short summary of what the tools returned.";

const lanes = new WeakMap<ConversationSession, ConversationSession>();

/** How long a sub-agent's summary quotes each tool result. */
const SUMMARY_QUOTE_CHARACTERS = 160;

/** The main agent holds one `delegate` tool; a sub-agent conversation with the whole catalog does the tool work. */
export const subagentStrategy: StrategyDefinition = {
  id: "subagent",
  title: "Sub-agent holds the catalog",
  shortName: "Sub-agent",
  colour: { fallback: "#76b7b2", dash: "1 3" },
  explanation: {
    sends:
      "The main conversation declares one `delegate` tool; a sub-agent conversation declares every tool and does the calls.",
    schemaGoesTo: "The sub-agent's `tools`; the main conversation sees only the sub-agent's summary as a tool result.",
    costs:
      "Two conversations, each with its own cache: the sub-agent's O(N) tools (cached across tasks) plus one delegation round trip in the main one.",
    prefixEffect: "Both prefixes stable; each task starts the sub-agent's messages over after its cached tools.",
  },
  providers: PROVIDER_IDS,
  decide: {
    role: "progressive",
    loadsAllHits: false,
    prefixGrowsWithCatalog: true,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: () => 2,
    secondConversation: true,
  },
  client: NATIVE_CLIENT_SIDE,
  supports: () => ({ ok: true }),
  goals: () => ({ noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true }),
  initialTools: () => [{ type: "helper", tool: DELEGATE_TOOL }],
  liveLane: {
    trigger: { kind: "call", toolName: DELEGATE_TOOL.name },
    open: (session, scenario) => ({
      name: "sub-agent",
      system: `${session.context.settings.system}\n\n${SUBAGENT_INSTRUCTIONS}`,
      tools: scenario.catalog.tools.map((tool) => ({ type: "catalog", tool, deferred: false })),
    }),
    task: (userText, input) => (typeof input?.task === "string" && input.task.trim() ? input.task : userText),
    callsTools: true,
    finish: (_session, answer) => ({ notes: [], result: answer.trim() || "(the sub-agent returned no summary)" }),
  },
  runTurn(session, context) {
    if (context.turn.needs.length > 0) {
      const id = session.nextId(providerFacts(session.context.settings.provider).callIdPrefix);
      session.send("call", "delegate", [
        { type: "tool-call", id, name: DELEGATE_TOOL.name, input: { task: context.turn.user } },
      ]);
      let lane = lanes.get(session);
      if (!lane) {
        lane = session.openLane({
          name: "sub-agent",
          system: `${session.context.settings.system}\n\n${SUBAGENT_INSTRUCTIONS}`,
          tools: context.scenario.catalog.tools.map((tool) => ({ type: "catalog", tool, deferred: false })),
        });
        lanes.set(session, lane);
      }
      lane.clearMessages();
      lane.append({ role: "user", blocks: [{ type: "text", text: context.turn.user }] });
      for (const need of context.turn.needs) {
        session.toolsNeeded += 1;
        session.toolsFound += 1;
        callNeededTool(lane, need, { style: "native" });
      }
      const results = lane.messages.flatMap((message) =>
        message.role === "user"
          ? message.blocks.flatMap((block) =>
              block.type === "tool-result"
                ? [`${block.toolName}: ${block.content.slice(0, SUMMARY_QUOTE_CHARACTERS)}`]
                : [],
            )
          : [],
      );
      const summary = `Done. ${results.join("; ")}`;
      lane.send("answer", "summary", [{ type: "text", text: summary }]);
      session.appendToolResult(id, DELEGATE_TOOL.name, summary);
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
  },
};
