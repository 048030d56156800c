import { oneLineDescription } from "../catalog/describe-tool";
import type { ToolEntry } from "../core";
import { PROVIDER_IDS } from "../core/ids";
import { MODELS } from "../models/model-table";
import type { ModelInfo } from "../models/types";
import type { ScenarioSettings } from "../scenario/types";
import type { ConversationSession } from "../simulator/session";
import { answerText, giveUpText, runSearch, searchInput } from "./discovery";
import { callNeededTool } from "./call-tool";
import { NATIVE_CLIENT_SIDE } from "./native-client-side";
import type { StrategyDefinition, TurnContext } from "./types";
import { engineNote, engineTitle, namesOrNothing } from "../i18n/engine-notes";

/**
 * The small model that picks the tools: the setting's model when it is one of the provider's, else the provider's
 * cheapest by input price (the run's own model when it is the only one).
 */
export function prefilterModel(settings: Pick<ScenarioSettings, "provider" | "model" | "prefilterModel">): ModelInfo {
  const ofProvider = MODELS.filter((model) => model.provider === settings.provider);
  const chosen = ofProvider.find((model) => model.id === settings.prefilterModel);
  if (chosen) return chosen;
  return [...ofProvider].sort((a, b) => a.prices.inputPerMillion - b.prices.inputPerMillion)[0];
}

export const PREFILTER_INSTRUCTIONS =
  "You pick the tools an assistant needs for the user's request. The catalog follows, one tool a line. Answer with the exact names of the tools the request needs, one a line, and nothing else.";

/** The small model's system prompt: the instructions and every tool's stub line (stable, so it is cached). */
export function prefilterSystem(tools: readonly { name: string; description: string }[]): string {
  return [
    PREFILTER_INSTRUCTIONS,
    tools.map((tool) => `${tool.name} — ${oneLineDescription({ ...tool, inputSchema: {} })}`).join("\n"),
  ].join("\n\n");
}

/**
 * Reads the small model's answer: the documented format is one name a line, but a model may answer with a JSON list
 * (fenced or not), commas, bullets, numbers, backticks or a description after the name. Names not in the catalog are
 * dropped and returned apart, so the step can say how many; duplicates count once.
 */
export function readPrefilterAnswer(
  answer: string,
  known: (name: string) => boolean,
): { selected: string[]; dropped: string[] } {
  const unfenced = answer.replace(/```[a-z]*\n?/gi, "");
  let candidates: string[] = [];
  const json = /\[[\s\S]*\]/.exec(unfenced);
  if (json) {
    try {
      const parsed: unknown = JSON.parse(json[0]);
      if (Array.isArray(parsed))
        candidates = parsed.flatMap((item) =>
          typeof item === "string"
            ? [item]
            : item !== null && typeof item === "object" && typeof (item as { name?: unknown }).name === "string"
              ? [(item as { name: string }).name]
              : [],
        );
    } catch {
      candidates = [];
    }
  }
  if (candidates.length === 0)
    candidates = unfenced
      .split(/[\n,;]+/)
      .map((line) =>
        line
          .trim()
          .replace(/^(?:[-*•]|\d+[.)])\s*/, "")
          .split(/\s+[—–-]\s+|:\s|\s\(/)[0]
          .replace(/^[`"'*]+|[`"'*.]+$/g, "")
          .trim(),
      )
      .filter((name) => name.length > 0 && !/\s/.test(name) && name.toLowerCase() !== "(none)");
  const selected: string[] = [];
  const dropped: string[] = [];
  for (const name of candidates) {
    const list = known(name) ? selected : dropped;
    if (!list.includes(name)) list.push(name);
  }
  return { selected, dropped };
}

const lanes = new WeakMap<ConversationSession, ConversationSession>();

/**
 * The small model's request for one user turn: the catalog's stubs and the user's words; its answer is the
 * selection. In the simulation the selection is the client search's hits for the query the model would write (one
 * rephrased attempt when a needed tool is missing), and the step says so.
 */
function askPrefilter(session: ConversationSession, context: TurnContext): string[] {
  let lane = lanes.get(session);
  if (!lane) {
    lane = session.openLane({
      name: "prefilter",
      system: prefilterSystem(context.scenario.catalog.tools),
      tools: [],
      model: prefilterModel(session.context.settings),
    });
    lanes.set(session, lane);
  }
  lane.clearMessages();
  lane.append({ role: "user", blocks: [{ type: "text", text: context.turn.user }] });
  const selected = new Set<string>();
  for (const attempt of [0, 1]) {
    const missing = context.turn.needs.filter((need) => !selected.has(need.tool));
    if (missing.length === 0 || (attempt === 1 && selected.size === 0 && context.turn.needs.length === 0)) break;
    const need = missing[0];
    const search = runSearch(session, "client", searchInput(context, need, attempt, "client"), need);
    search.names.forEach((name) => selected.add(name));
    const picked = search.names.length ? search.names.join("\n") : "(none)";
    lane.send(
      "search",
      engineTitle(attempt === 0 ? "pickTools" : "pickToolsAgain"),
      [{ type: "text", text: picked }],
      [engineNote("prefilterPick", { query: search.input, count: search.names.length })],
    );
    if (attempt === 0 && context.turn.needs.every((item) => selected.has(item.tool))) break;
    if (attempt === 0)
      lane.append({
        role: "user",
        blocks: [{ type: "text", text: `Also: ${missing.map((item) => item.tool).join(", ")}?` }],
      });
  }
  return [...selected];
}

/** The main request's `tools` for this turn's selection, in the order the setting keeps. */
function mainTools(session: ConversationSession, selection: readonly string[]): ToolEntry[] {
  const append = session.context.settings.prefilterOrder === "append-only";
  const names = append
    ? [
        ...session.tools.flatMap((entry) => (entry.type === "catalog" ? [entry.tool.name] : [])),
        ...selection.filter(
          (name) => !session.tools.some((entry) => entry.type === "catalog" && entry.tool.name === name),
        ),
      ]
    : selection;
  return names.flatMap((name) => {
    const tool = session.tool(name);
    return tool ? [{ type: "catalog" as const, tool, deferred: false }] : [];
  });
}

/** A small model picks the tools before each main request; the main request declares only those. */
export const prefilterStrategy: StrategyDefinition = {
  searchesOnClient: true,
  id: "prefilter",
  title: "Small-model prefilter picks the tools",
  shortName: "Prefilter",
  colour: { fallback: "#ff9da7", dash: "10 3" },
  explanation: {
    sends:
      "Two requests a turn: a cheaper model of the same provider gets every tool's stub and the user's words and names the tools; the main request declares only those in `tools`.",
    schemaGoesTo: "The selected tools' full definitions in `tools` of the main request.",
    costs:
      "The small model's request each turn (its stub list cached) plus the selected tools' definitions; a tool it misses cannot be called.",
    prefixEffect:
      "`tools` changes whenever the selection changes, so the main request's cache breaks there. Append-only changes it only when a new tool is picked (the cache still breaks from `tools` on then), so a turn that picks known tools again reads it.",
  },
  providers: PROVIDER_IDS,
  decide: {
    role: "progressive",
    loadsAllHits: true,
    prefixGrowsWithCatalog: true,
    invalidatesOnDiscovery: true,
    discoveryRoundTrips: () => 1,
    secondConversation: true,
  },
  client: NATIVE_CLIENT_SIDE,
  supports: () => ({ ok: true }),
  goals: (settings) => ({
    noToolsUpFront: true,
    stableToolList: settings.prefilterOrder === "append-only",
    nativeStrictSchema: true,
  }),
  initialTools: () => [],
  liveLane: {
    trigger: { kind: "turn" },
    open: (session, scenario) => ({
      name: "prefilter",
      system: prefilterSystem(scenario.catalog.tools),
      tools: [],
      model: prefilterModel(session.context.settings),
    }),
    task: (userText) => userText,
    callsTools: false,
    finish(session, answer) {
      const { selected, dropped } = readPrefilterAnswer(answer, (name) => session.tool(name) !== undefined);
      const before = session.tools.map((entry) => (entry.type === "catalog" ? entry.tool.name : "")).join(",");
      session.setTools(mainTools(session, selected));
      const after = session.tools.map((entry) => (entry.type === "catalog" ? entry.tool.name : "")).join(",");
      return {
        notes: [
          engineNote("prefilterSelected", { count: selected.length, names: namesOrNothing(selected) }),
          ...(dropped.length
            ? [engineNote("prefilterDropped", { count: dropped.length, names: dropped.join(", ") })]
            : []),
          ...(before !== "" && before !== after
            ? [engineNote("prefilterChanged", { count: session.tools.length })]
            : []),
        ],
      };
    },
  },
  runTurn(session, context) {
    const selection = askPrefilter(session, context);
    const before = session.tools.map((entry) => (entry.type === "catalog" ? entry.tool.name : "")).join(",");
    session.setTools(mainTools(session, selection));
    const after = session.tools.map((entry) => (entry.type === "catalog" ? entry.tool.name : "")).join(",");
    const changed =
      context.turnIndex > 0 && before !== after
        ? [engineNote("prefilterChanged", { count: session.tools.length })]
        : [];
    let notes = changed;
    for (const need of context.turn.needs) {
      session.toolsNeeded += 1;
      if (!session.tools.some((entry) => entry.type === "catalog" && entry.tool.name === need.tool)) {
        session.send(
          "answer",
          engineTitle("giveUp"),
          [{ type: "text", text: giveUpText(need) }],
          [...notes, engineNote("prefilterMissed", { tool: need.tool })],
        );
        return;
      }
      session.toolsFound += 1;
      callNeededTool(session, need, { style: "native", notes });
      notes = [];
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }], notes);
  },
};
