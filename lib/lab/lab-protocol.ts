/**
 * The lab worker's messages and their handler. The handler is plain code (tested in Node); `workers/lab.worker.ts`
 * is a thin shell that queues messages, drops superseded ones and posts answers.
 *
 * The catalog is sent once per version (`set-catalog`) and named by its key afterwards, so a description edit
 * typed live sends a few hundred bytes, not the 300 kB catalog. Searchers and evaluations are memoised by catalog,
 * edit, options and queries: the baseline is evaluated once and each edit only costs the edited catalog.
 */
import type { CatalogTool } from "../core/catalog";
import type { ClientSearchOptions, ClientSearchResources, WordVectors } from "../search";
import type { ActionVerbTable } from "../search/action-verb-lookup";
import { COMPRESSION_LEVELS } from "./compression";
import { compressionCurveSteps, type CompressionPoint } from "./compression-curve";
import { diffEvaluations, type LabDelta } from "./delta";
import {
  createLabSearchers,
  evaluateCatalogSteps,
  type LabEvaluation,
  type LabSearchers,
  type PartialLabEvaluation,
} from "./evaluate-catalog";
import { explainQuery, type QueryExplanation } from "./explain";
import { optionEffectsSteps, type OptionEffect } from "./option-effects";
import type { LabQuery } from "./query-set";
import { runSteps, type Steps } from "./steps";

/** A description being edited: the catalog with `tool`'s description replaced. */
export type LabEdit = { tool: string; description: string };

type Evaluation = {
  catalogKey: string;
  queries: LabQuery[];
  clientOptions: ClientSearchOptions;
  k: number;
  edit?: LabEdit;
};

export type LabRequest =
  | { kind: "set-catalog"; requestId: number; catalogKey: string; tools: CatalogTool[] }
  | ({ kind: "evaluate"; requestId: number } & Evaluation)
  | ({ kind: "option-effects"; requestId: number } & Evaluation)
  | ({ kind: "compression"; requestId: number } & Evaluation)
  | {
      kind: "explain";
      requestId: number;
      catalogKey: string;
      clientOptions: ClientSearchOptions;
      edit?: LabEdit;
      query: LabQuery;
    };

export type LabRequestType = LabRequest["kind"];

export type EvaluateAnswer = { baseline: LabEvaluation; edited?: LabEvaluation; delta?: LabDelta; elapsedMs: number };

export type LabAnswers = {
  "set-catalog": { toolCount: number };
  evaluate: EvaluateAnswer;
  "option-effects": { effects: OptionEffect[]; wordVectors: WordVectorsStatus };
  compression: { curve: CompressionPoint[] };
  explain: { explanation: QueryExplanation };
};

/** Whether the client search has its word-vector table (for "similar words"), and if not, why. */
export type WordVectorsStatus = { loaded: true; words: number } | { loaded: false; problem: string };

/** What an `evaluate` tells before its answer: the catalog at once, then each search as it finishes. */
export type EvaluateProgress = { partial: PartialLabEvaluation };

/** The interim answers a request type may send before its answer (only `evaluate` has any). */
export type LabInterims = { [T in LabRequestType]: T extends "evaluate" ? EvaluateProgress : never };

export type LabResponse =
  | { [T in LabRequestType]: { kind: T; requestId: number; answer: LabAnswers[T] } }[LabRequestType]
  | { kind: "evaluate-progress"; requestId: number; answer: EvaluateProgress }
  | { kind: "superseded"; requestId: number; requestType: LabRequestType }
  | { kind: "error"; requestId: number; requestType: LabRequestType; message: string };

/** Handled first to last: the numbers on screen before the explanations, the slow curves last. */
const PRIORITY: Record<LabRequestType, number> = {
  "set-catalog": 0,
  evaluate: 1,
  explain: 2,
  "option-effects": 3,
  compression: 4,
};

/**
 * Picks the next message to handle. Catalogs are all kept, in order; of every other type only the newest counts,
 * and older ones are answered as superseded. With `moreUrgentThan`, only a request of higher priority than that
 * type is picked: what may interrupt a long job of that type between its steps.
 */
export function nextLabRequest(
  queue: readonly LabRequest[],
  moreUrgentThan?: LabRequestType,
): { next: LabRequest | undefined; rest: LabRequest[]; superseded: LabRequest[] } {
  const newest = new Map<LabRequestType, LabRequest>();
  for (const request of queue) if (request.kind !== "set-catalog") newest.set(request.kind, request);
  const superseded = queue.filter((request) => request.kind !== "set-catalog" && newest.get(request.kind) !== request);
  const live = queue.filter((request) => !superseded.includes(request));
  const limit = moreUrgentThan === undefined ? Number.POSITIVE_INFINITY : PRIORITY[moreUrgentThan];
  const next = [...live]
    .sort((left, right) => PRIORITY[left.kind] - PRIORITY[right.kind])
    .find((request) => PRIORITY[request.kind] < limit);
  return { next, rest: live.filter((request) => request !== next), superseded };
}

export function supersededResponse(request: LabRequest): LabResponse {
  return { kind: "superseded", requestId: request.requestId, requestType: request.kind };
}

/** A small least-recently-used memo: each entry can be a built search index over the whole catalog. */
class Memo<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly capacity: number) {}

  /** The entry, made the most recently used; undefined when unknown. */
  find(key: string): T | undefined {
    const known = this.entries.get(key);
    if (known === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, known);
    return known;
  }

  put(key: string, value: T): void {
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get(key: string, create: () => T): T {
    const known = this.entries.get(key);
    if (known !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const created = create();
    this.entries.set(key, created);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return created;
  }
}

const MAX_KNOWN_CATALOGS = 8;

export type LabHandlerDependencies = {
  countTokens: (text: string) => number;
  now: () => number;
  /** The word-vector table behind the client search's soft matches; without it the client search is lexical. */
  wordVectors?: WordVectors;
  /** Why there is no table (it failed to load), shown beside the option it would power. */
  wordVectorsProblem?: string;
  /** The WordNet action-verb table behind the client search's `actionVerbs` option (off by default). */
  actionVerbs?: ActionVerbTable;
};

export type LabHandler = {
  /**
   * The answer as steps: long requests (evaluate, option effects, compression) yield between their parts. An
   * `evaluate` whose baseline is not memoised yet reports its progress to `onInterim` after each part.
   */
  steps(request: LabRequest, onInterim?: (response: LabResponse) => void): Steps<LabResponse>;
  /** The answer in one go. */
  handle(request: LabRequest): LabResponse;
};

export function applyEdit(tools: readonly CatalogTool[], edit: LabEdit | undefined): CatalogTool[] {
  if (edit === undefined) return [...tools];
  return tools.map((tool) => (tool.name === edit.tool ? { ...tool, description: edit.description } : tool));
}

export function createLabHandler({
  countTokens,
  now,
  wordVectors,
  wordVectorsProblem,
  actionVerbs,
}: LabHandlerDependencies): LabHandler {
  const clientResources: ClientSearchResources = {
    ...(actionVerbs === undefined ? {} : { actionVerbs }),
    ...(wordVectors === undefined ? {} : { wordVectors }),
  };
  const wordVectorsStatus: WordVectorsStatus =
    wordVectors === undefined
      ? { loaded: false, problem: wordVectorsProblem ?? "no word-vector table was given" }
      : { loaded: true, words: wordVectors.words.length };
  const editedCatalogs = new Memo<CatalogTool[]>(4);
  const searchers = new Memo<LabSearchers>(4);
  const evaluations = new Memo<LabEvaluation>(8);
  /** Catalogs by key. A few old versions stay so that a late explain about one can still be answered. */
  const known = new Map<string, CatalogTool[]>();

  function catalog(catalogKey: string, edit: LabEdit | undefined): CatalogTool[] {
    const tools = known.get(catalogKey);
    if (tools === undefined) throw new Error(`lab: unknown catalog ${catalogKey}; send set-catalog first`);
    return edit === undefined
      ? tools
      : editedCatalogs.get(JSON.stringify([catalogKey, edit]), () => applyEdit(tools, edit));
  }

  function searchersFor(
    catalogKey: string,
    edit: LabEdit | undefined,
    clientOptions: ClientSearchOptions,
  ): LabSearchers {
    return searchers.get(JSON.stringify([catalogKey, edit ?? null, clientOptions]), () =>
      createLabSearchers(catalog(catalogKey, edit), clientOptions, clientResources),
    );
  }

  function evaluationKey({ catalogKey, queries, clientOptions, k }: Evaluation, edit: LabEdit | undefined): string {
    return JSON.stringify([
      catalogKey,
      edit ?? null,
      clientOptions,
      k,
      queries.map((query) => [query.q, query.expect]),
    ]);
  }

  /** The evaluation, from memory or measured in steps (one per search), telling `onProgress` after each. */
  function* evaluationSteps(
    request: Evaluation,
    edit: LabEdit | undefined,
    onProgress?: (partial: PartialLabEvaluation) => void,
  ): Steps<LabEvaluation> {
    const key = evaluationKey(request, edit);
    const known = evaluations.find(key);
    if (known !== undefined) return known;
    const measured = yield* evaluateCatalogSteps(
      {
        tools: catalog(request.catalogKey, edit),
        queries: request.queries,
        searchers: searchersFor(request.catalogKey, edit, request.clientOptions),
        k: request.k,
        countTokens,
      },
      onProgress,
    );
    evaluations.put(key, measured);
    return measured;
  }

  function evaluation(request: Evaluation, edit: LabEdit | undefined): LabEvaluation {
    return runSteps(evaluationSteps(request, edit));
  }

  function* answer(request: LabRequest, onInterim?: (response: LabResponse) => void): Steps<LabResponse> {
    switch (request.kind) {
      case "set-catalog":
        known.delete(request.catalogKey);
        known.set(request.catalogKey, request.tools);
        if (known.size > MAX_KNOWN_CATALOGS) known.delete(known.keys().next().value as string);
        return { kind: "set-catalog", requestId: request.requestId, answer: { toolCount: request.tools.length } };
      case "evaluate": {
        const started = now();
        const baseline = yield* evaluationSteps(request, undefined, (partial) =>
          onInterim?.({ kind: "evaluate-progress", requestId: request.requestId, answer: { partial } }),
        );
        const edited = request.edit === undefined ? undefined : yield* evaluationSteps(request, request.edit);
        const delta = edited === undefined ? undefined : diffEvaluations(baseline, edited);
        return {
          kind: "evaluate",
          requestId: request.requestId,
          answer: { baseline, edited, delta, elapsedMs: now() - started },
        };
      }
      case "explain": {
        const tools = catalog(request.catalogKey, request.edit);
        const explanation = explainQuery(request.query, {
          tools,
          searchers: searchersFor(request.catalogKey, request.edit, request.clientOptions),
          clientOptions: request.clientOptions,
          clientResources,
        });
        return { kind: "explain", requestId: request.requestId, answer: { explanation } };
      }
      case "option-effects": {
        const tools = catalog(request.catalogKey, request.edit);
        const current = evaluation(request, request.edit).searches.client.summary;
        yield;
        const effects = yield* optionEffectsSteps(
          tools,
          request.queries,
          request.clientOptions,
          request.k,
          current,
          clientResources,
        );
        return {
          kind: "option-effects",
          requestId: request.requestId,
          answer: { effects, wordVectors: wordVectorsStatus },
        };
      }
      case "compression": {
        const curve = yield* compressionCurveSteps({
          tools: catalog(request.catalogKey, request.edit),
          queries: request.queries,
          clientOptions: request.clientOptions,
          clientResources,
          k: request.k,
          countTokens,
          levels: COMPRESSION_LEVELS,
        });
        return { kind: "compression", requestId: request.requestId, answer: { curve } };
      }
    }
  }

  function* steps(request: LabRequest, onInterim?: (response: LabResponse) => void): Steps<LabResponse> {
    try {
      return yield* answer(request, onInterim);
    } catch (error) {
      return {
        kind: "error",
        requestId: request.requestId,
        requestType: request.kind,
        message: error instanceof Error ? error.message : String(error),
      };
    }
  }

  return { steps, handle: (request) => runSteps(steps(request)) };
}
