/**
 * The page's side of the autosave encoder (workers/share-encode.worker.ts): sends the workspace with only the
 * tools that changed since the last request, and answers with the encoded payload; it also decodes the payloads the
 * page opens with (the autosave, a link). Requests are answered in order; a worker that fails to load or crashes
 * makes every request answer null, and the caller then encodes or decodes on the page's thread as before, so
 * nothing is lost, only slower.
 */
import type { Catalog } from "@/lib/catalog/types";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import {
  catalogMessage,
  isDecodeResponse,
  type DecodedPayload,
  type EncodeRequest,
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
};

export function createWorkspaceEncoder(worker: EncodeWorkerLike): WorkspaceEncoder {
  let nextRequestId = 1;
  let sent: Catalog | null = null;
  let failed = false;
  const pending = new Map<number, (answer: string | DecodedPayload | null) => void>();
  worker.addEventListener("message", (event) => {
    const response = event.data;
    const resolve = pending.get(response.requestId);
    pending.delete(response.requestId);
    if (isDecodeResponse(response)) return resolve?.(response.decoded);
    // A refused request leaves the worker's catalog unknown: the next one sends it whole.
    if (!response.ok) sent = null;
    resolve?.(response.ok ? response.payload : null);
  });
  worker.addEventListener("error", () => {
    failed = true;
    sent = null;
    pending.forEach((resolve) => resolve(null));
    pending.clear();
  });
  return {
    encode(workspace) {
      if (failed) return Promise.resolve(null);
      const { catalog, ...scenario } = workspace.scenario;
      const requestId = nextRequestId++;
      const request: EncodeRequest = {
        requestId,
        catalog: catalogMessage(catalog, sent),
        workspace: { ...workspace, scenario },
      };
      sent = catalog;
      return new Promise((resolve) => {
        pending.set(requestId, (answer) => resolve(typeof answer === "string" ? answer : null));
        worker.postMessage(request);
      });
    },
    decode(payload) {
      if (failed) return Promise.resolve(null);
      const requestId = nextRequestId++;
      return new Promise((resolve) => {
        pending.set(requestId, (answer) => resolve(answer !== null && typeof answer === "object" ? answer : null));
        worker.postMessage({ requestId, decode: payload });
      });
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
      new Worker(new URL("../../workers/share-encode.worker.ts", import.meta.url), {
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
