/**
 * A large catalog's run on two engine workers (2 cores: at 10,000 tools one worker's run of all eight strategies is
 * ≈ 8.5 s of CPU, docs/PERFORMANCE.md). The page's engine worker keeps the strategy on screen and runs part of the
 * others itself; a helper engine worker, which it starts and feeds, runs the rest and keeps their full runs for
 * step details. The page sees one worker and the same messages as before; when the helper fails to start or dies,
 * the page's worker runs the helper's strategies itself and nothing is lost.
 *
 * The helper also counts tokens for the first request (the `count` requests of lib/tokens/count-in-parallel.ts), so
 * one second thread serves both, and what it counts stays in its own memo for its own strategies.
 */
import type { StrategyId } from "../scenario/types";
import type { EngineRequest, EngineResponse } from "./engine-protocol";
import type { PrepareExampleHint } from "./prepared-example";

/** The split and its threshold; tests lower `minimumTools` to split a small real catalog. */
export const SPLIT_DEFAULTS = {
  /**
   * Catalogs below this many tools run on one worker: a run of all strategies at 1,000 tools takes ≈ 1 s, less than
   * what handing the catalog over and starting a second worker (its chunks, its tokenizer) would save.
   */
  minimumTools: 2_000,
} as const;

/**
 * The strategies that search with the client-side index (lib/search/client-search.ts over every tool: ≈ 2 s CPU at
 * 10,000 tools since session 9, 3.4 s before, the largest single cost of a run). They run on one worker so the index
 * is built once; the others (which count the full definitions and build the BM25 index) on the other. Measured at
 * 10,000 tools, CPU, one Node process per group in this order (session 9, load 9): full 2.0 s,
 * anthropic-tool-search 2.1 s, openai-tool-search 0.6 s, stubs 0.8 s (5.5 s); naive-dynamic 3.5–3.7 s, gateway
 * 0.1 s, kimi-dynamic 0.03 s, anthropic-mid-conversation 1.0 s (4.6–4.8 s; 5.8–6.2 s before the index got faster).
 */
export const CLIENT_SEARCH_STRATEGIES: readonly StrategyId[] = [
  "naive-dynamic",
  "gateway",
  "kimi-dynamic",
  "anthropic-mid-conversation",
];

/**
 * Which strategies run here and which on the helper. The first (the strategy on screen) always runs here, first,
 * with the strategies of its group; the other group goes to the helper. Each side keeps the run's order.
 */
export function splitStrategies(strategyIds: readonly StrategyId[]): { here: StrategyId[]; helper: StrategyId[] } {
  const first = strategyIds[0];
  if (first === undefined) return { here: [], helper: [] };
  const inClientGroup = (id: StrategyId) => CLIENT_SEARCH_STRATEGIES.includes(id);
  const firstInClientGroup = inClientGroup(first);
  const here = strategyIds.filter((id) => inClientGroup(id) === firstInClientGroup);
  const helper = strategyIds.filter((id) => inClientGroup(id) !== firstInClientGroup);
  return { here, helper };
}

/** Counting texts on the helper (the count-in-parallel side of the helper). */
export type CountTextsRequest = { kind: "count-texts"; requestId: number; texts: readonly string[] };
export type CountTextsResponse =
  | { kind: "texts-counted"; requestId: number; counts: number[] }
  | { kind: "error"; requestId: number; request: "count-texts"; message: string };

/** What the page's engine worker sends its helper, and what comes back. */
export type HelperRequest = EngineRequest | CountTextsRequest;
export type HelperResponse = EngineResponse | CountTextsResponse;

/** What the helper client needs of a Worker; an in-process host in tests. */
export type HelperPort = {
  postMessage(message: HelperRequest | PrepareExampleHint): void;
  /** Ends the worker (a Worker's `terminate`); absent in-process, where `stop` only silences the helper. */
  terminate?(): void;
  addEventListener(type: "message", listener: (event: { data: HelperResponse }) => void): void;
  addEventListener(type: "error", listener: (event: { message?: string }) => void): void;
};

type Unnumbered<T> = T extends unknown ? Omit<T, "requestId"> : never;

/** The page's engine worker's view of its helper. Never throws: a dead helper answers every request with an error. */
export type EngineHelper = {
  /**
   * Sends one engine request; resolves with its final answer. `run-progress` answers go to `onProgress`; `onSent`
   * learns the helper's request id (a run's, to ask for its strategies' step details while it goes).
   */
  send(
    request: Unnumbered<EngineRequest>,
    onProgress?: (progress: Extract<EngineResponse, { kind: "run-progress" }>) => void,
    onSent?: (requestId: number) => void,
  ): Promise<EngineResponse>;
  /**
   * Lets the helper start loading an example the page is about to open (lib/workbench/prepared-example.ts), so its
   * `load-example` later finds it loaded. A hint: never answered, and harmless when wrong.
   */
  prepare(exampleId: string): void;
  /** o200k counts of `texts`, in order (a CountHelper of lib/tokens/count-in-parallel.ts); rejects if the helper died. */
  count(texts: readonly string[]): Promise<readonly number[]>;
  /**
   * Ends the helper worker and answers whatever it still owed with an error (its memory, hundreds of MB at 10,000
   * tools, is freed). Called when the page has moved to a small catalog and no longer needs it. Then `failed`.
   */
  stop(): void;
  /** Set once the helper failed to load, crashed or was stopped. */
  readonly failed: boolean;
  /** The catalog version the helper holds, as far as this side has sent it (catalog messages apply in order). */
  catalogVersion: number | null;
};

export function createEngineHelperClient(port: HelperPort): EngineHelper {
  let nextRequestId = 1;
  let failure: string | null = null;
  type Pending = {
    request: HelperRequest["kind"];
    resolve: (response: HelperResponse) => void;
    onProgress?: (progress: Extract<EngineResponse, { kind: "run-progress" }>) => void;
  };
  const pending = new Map<number, Pending>();
  const failed = (requestId: number, request: HelperRequest["kind"], message: string): HelperResponse =>
    ({ kind: "error", requestId, request, message }) as HelperResponse;

  port.addEventListener("message", ({ data }) => {
    const waiting = pending.get(data.requestId);
    if (!waiting) return;
    if (data.kind === "run-progress") {
      waiting.onProgress?.(data);
      return;
    }
    pending.delete(data.requestId);
    waiting.resolve(data);
  });
  function fail(message: string): void {
    failure ??= message;
    for (const [requestId, waiting] of pending) waiting.resolve(failed(requestId, waiting.request, message));
    pending.clear();
  }
  port.addEventListener("error", (event) => fail(`engine helper: ${event.message || "failed to load or crashed"}`));

  function post(
    request: Unnumbered<HelperRequest>,
    onProgress?: Pending["onProgress"],
    onSent?: (requestId: number) => void,
  ): Promise<HelperResponse> {
    const requestId = nextRequestId++;
    if (failure) return Promise.resolve(failed(requestId, request.kind, failure));
    onSent?.(requestId);
    return new Promise((resolve) => {
      pending.set(requestId, { request: request.kind, resolve, onProgress });
      try {
        port.postMessage({ ...request, requestId } as HelperRequest);
      } catch (error) {
        // A message that cannot be cloned: answered as an error, the helper is untouched.
        pending.delete(requestId);
        resolve(failed(requestId, request.kind, `engine helper: ${error instanceof Error ? error.message : error}`));
      }
    });
  }

  return {
    catalogVersion: null,
    get failed() {
      return failure !== null;
    },
    send: (request, onProgress, onSent) => post(request, onProgress, onSent) as Promise<EngineResponse>,
    stop() {
      if (failure) return;
      fail("engine helper: stopped");
      try {
        port.terminate?.();
      } catch {
        // Already gone: nothing is left to free.
      }
    },
    prepare(exampleId) {
      if (failure) return;
      try {
        port.postMessage({ kind: "prepare-example", exampleId });
      } catch {
        // A hint only: the helper loads the example when it is asked to.
      }
    },
    async count(texts) {
      const response = await post({ kind: "count-texts", texts });
      if (response.kind === "texts-counted") return response.counts;
      throw new Error(response.kind === "error" ? response.message : `engine helper: unexpected ${response.kind}`);
    },
  };
}

/** The run's summaries back in the run's order, whichever worker ran them. */
export function inRunOrder<T extends { id: StrategyId }>(strategyIds: readonly StrategyId[], items: readonly T[]): T[] {
  return strategyIds.flatMap((id) => items.filter((item) => item.id === id));
}
