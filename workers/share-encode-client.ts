/**
 * The page's side of the autosave encoder (workers/share-encode.worker.ts): sends the workspace with only the
 * tools that changed since the last request, and answers with the encoded payload; it also decodes the payloads the
 * page opens with (the autosave, a link). Requests are answered in order; a worker that fails to load or crashes
 * makes every request answer null, and the caller then encodes or decodes on the page's thread as before, so
 * nothing is lost, only slower. So does a worker that hangs without an error event (a chunk that never arrives, a
 * browser that never starts it): a request unanswered after its time (`answerWithinMs`) counts as a crash, and the
 * startup decoding a link or the autosave goes on without it.
 */
import type { Catalog } from "@/lib/core/catalog";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import {
  CATALOG_PIECE_TOOLS,
  catalogMessage,
  isDecodeRequest,
  isDecodeResponse,
  isExampleRequest,
  isExampleResponse,
  type CatalogMessage,
  type DecodedPayload,
  type DecodeRequest,
  type EncodeRequest,
  type ExampleRequest,
  type ShareWorkerRequest,
  type ShareWorkerResponse,
} from "@/lib/share/encode-protocol";

export type EncodeWorkerLike = {
  postMessage(message: ShareWorkerRequest): void;
  addEventListener(type: "message", listener: (event: { data: ShareWorkerResponse }) => void): void;
  addEventListener(type: "error", listener: (event: unknown) => void): void;
  terminate(): void;
};

export type WorkspaceEncoder = {
  /** The `persist` payload of `workspace`, or null when the worker cannot encode it. */
  encode(workspace: Partial<WorkspaceState> & { scenario: WorkspaceState["scenario"] }): Promise<string | null>;
  /** `payload` decoded and validated in the worker, or null when the worker cannot (then decode on the page). */
  decode(payload: string): Promise<DecodedPayload | null>;
  /**
   * Built-in example `exampleId` loaded in the worker (from its build-time file when it has one), or null when the
   * worker cannot (then load it on the page).
   */
  example(exampleId: string): Promise<WorkspaceState["scenario"] | null>;
};

/**
 * How long a request may wait for its answer before the worker counts as hung. Generous, because a slow answer is
 * not a hang: the worker first loads its own code (the codec, Ajv), and at 10,000 tools encoding took 10 s and
 * decoding several seconds on the loaded 2-core machine (PERFORMANCE.md at 279c54f). Giving up only costs time:
 * the page then does the same work itself.
 */
export const ANSWER_WITHIN = {
  baseMs: 15_000,
  /** Per megabyte of payload text to decode. */
  perDecodedMegabyteMs: 5_000,
  /** Per tool sent whole to encode (10,000 tools: 20 s more). */
  perEncodedToolMs: 2,
} as const;

/** A request the worker answers (a catalog piece is not answered). */
type AnsweredRequest = EncodeRequest | DecodeRequest | ExampleRequest;

/** How long loading an example may take: generating the 10,000-tool one took ≈ 2 s of CPU, more on a loaded machine. */
export const EXAMPLE_ANSWER_WITHIN_MS = 30_000;

export function answerWithinMs(request: AnsweredRequest): number {
  if (isExampleRequest(request)) return EXAMPLE_ANSWER_WITHIN_MS;
  if (isDecodeRequest(request))
    return ANSWER_WITHIN.baseMs + (request.decode.length / 1_000_000) * ANSWER_WITHIN.perDecodedMegabyteMs;
  const tools =
    request.catalog.kind === "whole"
      ? request.catalog.catalog.tools.length
      : request.catalog.kind === "pieces"
        ? request.catalog.toolCount
        : 0;
  return ANSWER_WITHIN.baseMs + tools * ANSWER_WITHIN.perEncodedToolMs;
}

/** Lets the page's other work run between two pieces of a catalog (a macrotask, so input and paint come first). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createWorkspaceEncoder(
  worker: EncodeWorkerLike,
  timing: { answerWithinMs: (request: AnsweredRequest) => number } = { answerWithinMs },
): WorkspaceEncoder {
  let nextRequestId = 1;
  let sent: Catalog | null = null;
  let failed = false;
  /** Encodes go out one after another: a catalog's pieces must not interleave with the next encode's messages. */
  let encoding: Promise<unknown> = Promise.resolve();
  type Answer = string | DecodedPayload | { example: WorkspaceState["scenario"] } | null;
  const pending = new Map<number, (answer: Answer) => void>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const settle = (requestId: number) => {
    clearTimeout(timers.get(requestId));
    timers.delete(requestId);
    const resolve = pending.get(requestId);
    pending.delete(requestId);
    return resolve;
  };
  /** The worker is given up on: everything waiting answers null, and so does everything asked from now on. */
  const giveUp = () => {
    failed = true;
    sent = null;
    [...pending.keys()].forEach((requestId) => settle(requestId)?.(null));
  };
  worker.addEventListener("message", (event) => {
    const response = event.data;
    const resolve = settle(response.requestId);
    if (isDecodeResponse(response)) return resolve?.(response.decoded);
    if (isExampleResponse(response)) return resolve?.("example" in response ? { example: response.example } : null);
    // A refused request leaves the worker's catalog unknown: the next one sends it whole.
    if (!response.ok) sent = null;
    resolve?.(response.ok ? response.payload : null);
  });
  worker.addEventListener("error", giveUp);
  const ask = (request: AnsweredRequest, resolve: (answer: Answer) => void) => {
    pending.set(request.requestId, resolve);
    timers.set(
      request.requestId,
      setTimeout(() => {
        // No answer and no error event: a hung worker. Stop it, so it cannot answer (or spend a core) later.
        giveUp();
        worker.terminate();
      }, timing.answerWithinMs(request)),
    );
    worker.postMessage(request);
  };
  return {
    encode(workspace) {
      if (failed) return Promise.resolve(null);
      const { catalog, ...scenario } = workspace.scenario;
      const message = catalogMessage(catalog, sent);
      sent = catalog;
      const send = async (): Promise<string | null> => {
        let catalogPart: CatalogMessage = message;
        if (message.kind === "whole" && catalog.tools.length > CATALOG_PIECE_TOOLS) {
          const { tools, ...rest } = catalog;
          for (let from = 0; from < tools.length; from += CATALOG_PIECE_TOOLS) {
            if (from > 0) await nextTask();
            if (failed) return null;
            const piece = { toolCount: tools.length, from, tools: tools.slice(from, from + CATALOG_PIECE_TOOLS) };
            worker.postMessage({ piece });
          }
          catalogPart = { kind: "pieces", rest, toolCount: tools.length };
        }
        if (failed) return null;
        const request: EncodeRequest = {
          requestId: nextRequestId++,
          catalog: catalogPart,
          workspace: { ...workspace, scenario },
        };
        return new Promise((resolve) => ask(request, (answer) => resolve(typeof answer === "string" ? answer : null)));
      };
      const answer = encoding.then(send);
      encoding = answer.catch(() => undefined);
      return answer;
    },
    decode(payload) {
      if (failed) return Promise.resolve(null);
      const requestId = nextRequestId++;
      return new Promise((resolve) =>
        ask({ requestId, decode: payload }, (answer) =>
          resolve(answer !== null && typeof answer === "object" && !("example" in answer) ? answer : null),
        ),
      );
    },
    example(exampleId) {
      if (failed) return Promise.resolve(null);
      const requestId = nextRequestId++;
      return new Promise((resolve) =>
        ask({ requestId, loadExample: exampleId }, (answer) =>
          resolve(answer !== null && typeof answer === "object" && "example" in answer ? answer.example : null),
        ),
      );
    },
  };
}

let shared: WorkspaceEncoder | null = null;

/**
 * The page's encoder (one worker, created on the first save or the first decode), or null where there are no
 * workers or the browser refuses to start one.
 */
export function browserWorkspaceEncoder(): WorkspaceEncoder | null {
  if (typeof window === "undefined" || typeof Worker === "undefined") return null;
  try {
    shared ??= createWorkspaceEncoder(
      new Worker(new URL("./share-encode.worker.ts", import.meta.url), {
        type: "module",
        name: "share-encode",
      }) as unknown as EncodeWorkerLike,
    );
  } catch {
    return null;
  }
  return shared;
}

/**
 * `payload` decoded and validated in the share worker, so a 10,000-tool autosave or link never holds the page's
 * thread; on the page's thread when there is no worker or it failed (the same answer, later: nothing is lost).
 */
export async function decodeOffThePage(
  payload: string,
  encoder: WorkspaceEncoder | null = browserWorkspaceEncoder(),
): Promise<DecodedPayload> {
  const decoded = encoder ? await encoder.decode(payload) : null;
  if (decoded) return decoded;
  const { decodePayload } = await import("@/lib/share/share-worker-protocol");
  return decodePayload(payload);
}

/**
 * Built-in example `exampleId` loaded in the share worker, so restoring edited 10,000-tool work does not generate and
 * check 10,000 tools on the page's thread; on the page when there is no worker or it failed (the same example).
 */
export async function loadExampleOffThePage(
  exampleId: string,
  encoder: WorkspaceEncoder | null = browserWorkspaceEncoder(),
): Promise<WorkspaceState["scenario"]> {
  const loaded = encoder ? await encoder.example(exampleId) : null;
  if (loaded) return loaded;
  const { loadExample } = await import("@/lib/examples");
  return loadExample(exampleId);
}
