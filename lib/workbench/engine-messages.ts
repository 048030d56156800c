/**
 * The messages between the page and the engine worker, and between the engine worker and its helper: what crosses
 * the boundary and nothing else. Every answer carries the id of the request it answers, so the client can drop a
 * stale answer, and every failure comes back as a value (`error`), never as an exception across the boundary.
 */
import type { Catalog, CatalogTool, InputProblem } from "../core/catalog";
import type { Scenario, ScenarioSettings, ScenarioTurn } from "../scenario/types";
import type { FittedConversation } from "../scenario/catalog-conversation";
import type { ProviderId, StrategyId } from "../core/ids";
import type { simulationJson } from "../report/simulation-output";
import type { RunSummary, StepDetail } from "./types";

/** The scenario without its catalog: the catalog is sent once per version and kept in the worker. */
export type ScenarioWithoutCatalog = Omit<Scenario, "catalog">;

/** A run's scenario that is the example the worker loaded, as it was loaded (see the `run` request). */
export const AS_LOADED = "as-loaded" as const;

/**
 * The worker owns the parsed catalog: every edit crosses to it once, as what the person did (text they typed, one
 * tool's text, the tools of an imported file), and the worker applies it to its own catalog. What comes back is
 * what the page shows and did not have: a parsed catalog, an edited tool, the tools an import added. The page never
 * sends back a catalog the worker made, so there are no two copies to keep in step.
 */
export type EngineRequest =
  /** Adopt `catalog` as version `catalogVersion` (sent when the page built the catalog itself: a link, a file). */
  | { kind: "set-catalog"; requestId: number; catalogVersion: number; catalog: Catalog }
  /**
   * The text of one tool of the current catalog, as typed in the per-tool editor of a big catalog: parsed here and,
   * when it has no error and keeps its name unique, put in place of `toolName` as `catalogVersion`.
   */
  | { kind: "edit-tool"; requestId: number; catalogVersion: number; toolName: string; text: string }
  /** "Add to the catalog": `imported`'s new tools after the current ones, as `catalogVersion`. */
  | { kind: "append-catalog"; requestId: number; catalogVersion: number; imported: Catalog }
  /**
   * Parse catalog text in any accepted format; adopt it as `catalogVersion` when it has no errors.
   */
  | {
      kind: "parse-catalog";
      requestId: number;
      catalogVersion: number;
      text: string;
      sourceName?: string;
      /**
       * The page's conversation: the answer carries it fitted to the parsed catalog (`conversation`), so the page
       * needs no schema checker of its own, and a run sent behind with `turnsAsImported` is over the same turns.
       */
      conversation?: readonly ScenarioTurn[];
      /**
       * The page sent its file (`PageEngineRequest`), not its text: the answer brings the text back (`text`) when the
       * page's editor shows it, a catalog of at most `maxTools` tools or a text that failed of at most
       * `maxCharacters`; a larger one stays here.
       */
      answerWithText?: { maxTools: number; maxCharacters: number };
    }
  /**
   * Load an example scenario and adopt its catalog as `catalogVersion`. `answer: "catalog-set"` (the page's engine
   * worker to its helper, which loads the example itself rather than receive 16 MB) answers as `set-catalog` does,
   * without the scenario.
   */
  | { kind: "load-example"; requestId: number; catalogVersion: number; exampleId: string; answer?: "catalog-set" }
  | {
      kind: "run";
      requestId: number;
      catalogVersion: number;
      /**
       * `"as-loaded"`: the turns and settings of the example loaded as `catalogVersion`, unedited. The page sends this
       * right behind its `load-example` for a large example, so the run starts as soon as the example is loaded,
       * not after the page has taken in 16 MB of tools and answered (the round trip is ≈ 1.5 s of the start-up at
       * 10,000 tools).
       */
      scenario: ScenarioWithoutCatalog | typeof AS_LOADED;
      /**
       * With `"as-loaded"`: settings that replace the example's own (an autosaved example whose settings the person
       * changed, restored in one run rather than the example's run and then the settings' run that supersedes it).
       */
      settings?: ScenarioSettings;
      strategyIds: readonly StrategyId[];
      provider?: ProviderId;
      /**
       * The turns are the conversation fitted to catalog `catalogVersion` when this worker parsed it (a `parse-catalog`
       * with `conversation`), in place of `scenario`'s: the page sends an import's run right behind its text, before
       * it knows what the fitting wrote, so the run starts as soon as the catalog is parsed rather than after the page
       * has taken 10,000 tools in and asked (components/import/apply-catalog-import.ts puts the same turns on screen).
       */
      turnsAsImported?: boolean;
      /**
       * The step the page shows (its strategy runs first). When that strategy is handed over before the others
       * (a slow run's `run-progress`), the step's detail comes with it: otherwise the page's request for it would wait
       * behind the next strategy, seconds at 10,000 tools.
       */
      shownStep?: { strategyId: StrategyId; stepIndex: number };
    }
  /** `runRequestId` names the run the page is looking at, so a detail of a newer run is never mixed in. */
  | {
      kind: "step-detail";
      requestId: number;
      runRequestId: number;
      strategyId: StrategyId;
      stepIndex: number;
      /**
       * A detail for something other than the page's current step (the export, the diff tab's two steps, the next
       * step fetched ahead).
       */
      purpose?: "export" | "compare" | "ahead";
    }
  /** o200k tokens of each tool's Anthropic JSON, for the catalog list. */
  | { kind: "tool-tokens"; requestId: number; catalogVersion: number }
  /** The documented `simulate --json` document of run `runRequestId` (full runs stay in the worker). */
  | { kind: "results-json"; requestId: number; runRequestId: number };

export type CatalogParseResult = {
  /** Present when the text was accepted: it parsed and has no error-severity problem. */
  catalog?: Catalog;
  problems: InputProblem[];
  format?: string;
  /** The request's `conversation` fitted to `catalog` (lib/scenario/catalog-conversation.ts `fittedConversation`). */
  conversation?: FittedConversation;
  /** The text the page's file held, when the request's `answerWithText` says the page's editor shows it. */
  text?: string;
};

export type EngineResponse =
  | { kind: "catalog-set"; requestId: number; catalogVersion: number }
  /**
   * The per-tool editor's answer: the text's problems, and with no error the parsed tool, its index and the version
   * now in the worker. Without `tool` the worker's catalog is unchanged.
   */
  | {
      kind: "tool-edited";
      requestId: number;
      toolName: string;
      text: string;
      problems: InputProblem[];
      edited?: { catalogVersion: number; index: number; tool: CatalogTool };
    }
  /** The tools an append added (after the current ones), the namespaces now declared, and what was left out. */
  | {
      kind: "catalog-appended";
      requestId: number;
      catalogVersion: number;
      added: CatalogTool[];
      namespaces?: Record<string, string>;
      problems: InputProblem[];
    }
  /** `toolsInParts`: as for `example-loaded` below, a large catalog's tools went ahead in `example-tools` parts. */
  | ({ kind: "catalog-parsed"; requestId: number; catalogVersion: number; toolsInParts?: number } & CatalogParseResult)
  /**
   * `toolsInParts`: the catalog's tools were sent ahead in `example-tools` parts (a large example,
   * lib/workbench/example-parts.ts) and this answer's catalog holds none; the page joins them.
   */
  | { kind: "example-loaded"; requestId: number; catalogVersion: number; scenario: Scenario; toolsInParts?: number }
  /** Tools `from` … of a large example's catalog, posted before its `example-loaded` (each one its own task on the page). */
  | { kind: "example-tools"; requestId: number; from: number; tools: CatalogTool[] }
  | { kind: "run-result"; requestId: number; catalogVersion: number; summaries: RunSummary[]; timingMs: number }
  /**
   * Sent between strategies of a run, so the page can show how far it is. A slow run (10,000 tools) also carries
   * the summaries of the strategies finished since the last progress, so the page shows the first strategy's
   * requests while the others still run (`partialResults`).
   */
  | {
      kind: "run-progress";
      requestId: number;
      done: number;
      total: number;
      summaries?: RunSummary[];
      /**
       * The detail of the run request's `shownStep` (clamped to its strategy's steps), when `summaries` has it and
       * `firstRequest` did not already bring it.
       */
      detail?: StepDetail;
      /**
       * The step on screen as soon as it is made, before its strategy's run ends (a catalog of
       * EARLY_FIRST_REQUEST_MINIMUM_TOOLS and more): that strategy's requests so far (`inProgress`: its totals are
       * not final) and the detail of the step `shownStep` names.
       */
      firstRequest?: { summary: RunSummary; detail: StepDetail };
    }
  | { kind: "step-detail"; requestId: number; runRequestId: number; detail: StepDetail }
  | { kind: "tool-tokens"; requestId: number; catalogVersion: number; tokens: number[] }
  | { kind: "results-json"; requestId: number; runRequestId: number; json: ReturnType<typeof simulationJson> }
  | { kind: "error"; requestId: number; request: EngineRequest["kind"]; message: string };

/**
 * What the page sends: as `EngineRequest`, except that an import's file crosses as the `Blob` itself, read in the
 * worker (lib/workbench/engine-intake.ts) so that decoding megabytes of text never holds the page's thread.
 */
export type PageEngineRequest =
  | Exclude<EngineRequest, { kind: "parse-catalog" }>
  | (Omit<Extract<EngineRequest, { kind: "parse-catalog" }>, "text"> & { text: string | Blob });

/** Counting texts on the helper (the count-in-parallel side of the helper). */
export type CountTextsRequest = { kind: "count-texts"; requestId: number; texts: readonly string[] };
export type CountTextsResponse =
  | { kind: "texts-counted"; requestId: number; counts: number[] }
  | { kind: "error"; requestId: number; request: "count-texts"; message: string };

/** What a helper's message loop takes, and what comes back. */
export type HelperRequest = EngineRequest | CountTextsRequest;
export type HelperResponse = EngineResponse | CountTextsResponse;
/** What the page's engine worker posts its helper: an import's file crosses as the Blob, read in the helper. */
export type HelperMessage = PageEngineRequest | CountTextsRequest;

export function errorResponse(message: EngineRequest, text: string): EngineResponse {
  return { kind: "error", requestId: message.requestId, request: message.kind, message: text };
}

export function supersededResponse(message: EngineRequest): EngineResponse {
  return errorResponse(message, "engine: superseded by a newer request");
}
