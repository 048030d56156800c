import type { GoalVerdicts, ProviderId, StrategyId, ToolEntry } from "../core";
import type { ModelInfo } from "../models";
import type { Scenario, ScenarioSettings, ScenarioTurn } from "../scenario/types";
import type { ConversationSession, LaneOptions } from "../simulator/session";
import type { ClientSide } from "./client-side";

/** Plain-words description of a strategy for the Learn cards (PRODUCT.md's strategy table). */
export type StrategyExplanation = {
  sends: string;
  schemaGoesTo: string;
  costs: string;
  prefixEffect: string;
};

export type Support = { ok: true } | { ok: false; reason: string };

export type TurnContext = { turn: ScenarioTurn; turnIndex: number; scenario: Scenario };

/** How the strategy draws in charts and swatches: a CSS variable `--strategy-<id>` with this fallback, a dash. */
export type StrategyColour = { fallback: string; dash?: string };

/**
 * What the decide panel's rules and closed form need to know about a strategy beyond what the probe measures
 * (lib/decide/calibrate.ts, recommend.ts).
 */
export type DecideFacts = {
  /**
   * "baseline": registers everything, the one the others are compared with; "anti-pattern": shown to be avoided,
   * never recommended; "progressive": the others.
   */
  role: "baseline" | "progressive" | "anti-pattern";
  /** Everything a search returns is loaded (DESIGN.md "Everything found is loaded"), or only the needed tool. */
  loadsAllHits: boolean;
  /**
   * The prefix holds something per catalog tool (definitions, stubs, deferred entries), in the main conversation
   * or in a second lane (a prefilter's stub list, a sub-agent's tools).
   */
  prefixGrowsWithCatalog: boolean;
  /** A discovery changes `tools`, so the next request reads at most the part before the change. */
  invalidatesOnDiscovery: boolean;
  /**
   * Requests a new tool costs before it can be called: 0 when the provider runs the search inside the call, 2 when
   * it takes a listing and a help page, or a delegation and the sub-agent's summary.
   */
  discoveryRoundTrips(settings: Pick<ScenarioSettings, "searchExecution">): number;
  /**
   * The provider's own disclosure mechanism on these providers (recommendation rule 2), with its rank among the
   * provider's mechanisms (lower first).
   */
  nativeOn?: { providers: readonly ProviderId[]; rank: number };
  /**
   * The strategy runs a second conversation with its own model or cache (a prefilter's small model, a sub-agent):
   * the closed form models one conversation, so the decide views take its figures from engine runs only.
   */
  secondConversation?: true;
};

/**
 * A second conversation a live run (lib/live/live-run.ts) holds for real: the prefilter's small model before each
 * user turn, the sub-agent when the main model calls its delegation tool. The live run opens the lane once (its
 * cache lasts the run), sends its requests to the same provider with the same key, answers its tool calls with the
 * client side the main conversation uses, and records its steps among the run's, priced at the lane's model.
 */
export type LiveLane = {
  /** "turn": before the first main request of every user turn; "call": when the main model calls `toolName`. */
  trigger: { kind: "turn" } | { kind: "call"; toolName: string };
  open(session: ConversationSession, scenario: Scenario): LaneOptions;
  /** The lane task's user message: the user's turn, or the task in the delegation call's input. */
  task(userText: string, input?: Record<string, unknown>): string;
  /** The lane's model calls catalog tools (the sub-agent) until it answers; else its first reply is its answer. */
  callsTools: boolean;
  /**
   * What the lane's answer does in the main conversation: the prefilter sets `tools` to its selection; the
   * sub-agent's answer becomes the delegation call's tool result (`result`). Notes go on the lane's last step.
   */
  finish(session: ConversationSession, answer: string, scenario: Scenario): { notes: string[]; result?: string };
};

/**
 * A strategy: one object that owns everything about it. The engine runs it (`initialTools`, `runTurn` with the
 * scripted model), a live run answers a real model's tool calls with its `client` side, the decide rules read its
 * `decide` facts, and the views its label, short name and colour. Nothing outside lib/strategies branches on an id.
 */
export interface StrategyDefinition {
  readonly id: StrategyId;
  /** The full label (Learn cards, tables, tooltips). */
  readonly title: string;
  /** Chart-sized name (legends and axis categories have about 15 characters). */
  readonly shortName: string;
  readonly colour: StrategyColour;
  readonly explanation: StrategyExplanation;
  /** Providers whose wire format can carry this strategy at all. */
  readonly providers: readonly ProviderId[];
  /**
   * Present when the provider can run the strategy's search itself (`searchExecution: "server"`) as well as leave it
   * to the client: both put different requests on the wire. `serverVariants` are the search kinds that are distinct
   * tools on the wire in server mode (Anthropic's BM25 and regex tool types); empty when the provider has one.
   */
  readonly providerSearch?: { readonly serverVariants: readonly ScenarioSettings["searchVariant"][] };
  /**
   * The client builds the client search's index for this strategy's runs. The engine worker keeps such strategies
   * together on one worker, so a large catalog's index is built once (lib/workbench/engine-scheduler.ts).
   */
  readonly searchesOnClient?: true;
  readonly decide: DecideFacts;
  /** What the client does when a real model calls the strategy's tools (lib/strategies/client-side.ts). */
  readonly client: ClientSide;
  /** Whether this provider and model can run it; an impossible combination is refused with a reason. */
  supports(provider: ProviderId, model: ModelInfo, settings: ScenarioSettings): Support;
  goals(settings: ScenarioSettings): GoalVerdicts;
  initialTools(scenario: Scenario): ToolEntry[];
  /** The system prompt when the strategy writes into it (the catalog as text); default the scenario's. */
  system?(scenario: Scenario): string;
  betas?(settings: ScenarioSettings): string[];
  /** The second conversation a live run sends for real (the simulation's `runTurn` scripts it instead). */
  readonly liveLane?: LiveLane;
  /** Drives the session through one scripted user turn (the simulation's scripted model). */
  runTurn(session: ConversationSession, context: TurnContext): void;
}
