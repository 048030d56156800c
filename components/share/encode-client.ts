/**
 * The page's side of the autosave encoder (workers/share-encode.worker.ts): sends the workspace with only the
 * tools that changed since the last request, and answers with the encoded payload. Requests are answered in
 * order; a worker that fails to load or crashes makes every request answer null, and the autosave then encodes on
 * the page's thread as before.
 */
import type { Catalog } from "@/lib/catalog/types";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { catalogMessage, type EncodeRequest, type EncodeResponse } from "@/lib/share/encode-protocol";

export type EncodeWorkerLike = {
  postMessage(message: EncodeRequest): void;
  addEventListener(type: "message", listener: (event: { data: EncodeResponse }) => void): void;
  addEventListener(type: "error", listener: (event: unknown) => void): void;
  terminate(): void;
};

export type WorkspaceEncoder = {
  /** The `persist` payload of `workspace`, or null when the worker cannot encode it. */
  encode(workspace: Partial<WorkspaceState> & { scenario: WorkspaceState["scenario"] }): Promise<string | null>;
};

export function createWorkspaceEncoder(worker: EncodeWorkerLike): WorkspaceEncoder {
  let nextRequestId = 1;
  let sent: Catalog | null = null;
  let failed = false;
  const pending = new Map<number, (payload: string | null) => void>();
  worker.addEventListener("message", (event) => {
    const resolve = pending.get(event.data.requestId);
    pending.delete(event.data.requestId);
    // A refused request leaves the worker's catalog unknown: the next one sends it whole.
    if (!event.data.ok) sent = null;
    resolve?.(event.data.ok ? event.data.payload : null);
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
        pending.set(requestId, resolve);
        worker.postMessage(request);
      });
    },
  };
}

let shared: WorkspaceEncoder | null = null;

/** The page's encoder (one worker, created on the first save), or null where there are no workers. */
export function browserWorkspaceEncoder(): WorkspaceEncoder | null {
  if (typeof window === "undefined" || typeof Worker === "undefined") return null;
  shared ??= createWorkspaceEncoder(
    new Worker(new URL("../../workers/share-encode.worker.ts", import.meta.url), {
      type: "module",
      name: "share-encode",
    }) as unknown as EncodeWorkerLike,
  );
  return shared;
}
