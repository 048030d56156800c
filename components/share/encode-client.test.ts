import { describe, expect, it } from "vitest";
import type { Catalog } from "@/lib/catalog/types";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import type { Scenario } from "@/lib/scenario/types";
import type {
  EncodeRequest,
  EncodeWorkerState,
  ShareWorkerRequest,
  ShareWorkerResponse,
} from "@/lib/share/encode-protocol";
import { decodeSharePayload, encodeWorkspace } from "@/lib/share/share-link";
import { handleShareWorkerMessage } from "@/lib/share/share-worker-protocol";
import { createWorkspaceEncoder, decodeOffThePage, type EncodeWorkerLike } from "./encode-client";

/** A worker stand-in running the real protocol, answering on the next tick (or crashing when told). */
class InlineWorker implements EncodeWorkerLike {
  sent: ShareWorkerRequest[] = [];
  private state: EncodeWorkerState = { catalog: null };
  private onMessage: ((event: { data: ShareWorkerResponse }) => void) | null = null;
  private onError: ((event: unknown) => void) | null = null;
  addEventListener(type: "message" | "error", listener: (event: never) => void) {
    if (type === "message") this.onMessage = listener as (event: { data: ShareWorkerResponse }) => void;
    else this.onError = listener as (event: unknown) => void;
  }
  postMessage(message: ShareWorkerRequest) {
    this.sent.push(message);
    const handled = handleShareWorkerMessage(this.state, structuredClone(message));
    this.state = handled.state;
    // Answers cross back as structured clones too, as from a real worker.
    const response = structuredClone(handled.response);
    setTimeout(() => this.onMessage?.({ data: response }), 0);
  }
  crash() {
    this.onError?.({ message: "boom" });
  }
  terminate() {}
}

const tool = (name: string) => ({ name, description: `${name} does it.`, inputSchema: { type: "object" } });
const catalog: Catalog = { tools: Array.from({ length: 50 }, (_, index) => tool(`tool_${index}`)) };
const scenario: Scenario = { formatVersion: 1, id: "s", title: "S", catalog, turns: [], settings: DEFAULT_SETTINGS };

describe("the autosave's encoder client", () => {
  it("encodes in the worker what the page would have encoded, sending one edited tool alone", async () => {
    const worker = new InlineWorker();
    const encoder = createWorkspaceEncoder(worker);
    expect(await encoder.encode({ scenario })).toBe(encodeWorkspace({ scenario }, "persist").payload);
    const edited = { ...catalog, tools: catalog.tools.slice() };
    edited.tools[3] = tool("changed");
    const next = { ...scenario, catalog: edited };
    expect(await encoder.encode({ scenario: next, stepIndex: 2 })).toBe(
      encodeWorkspace({ scenario: next, stepIndex: 2 }, "persist").payload,
    );
    expect((worker.sent[1] as EncodeRequest).catalog).toMatchObject({
      kind: "changes",
      changes: [[3, edited.tools[3]]],
    });
  });

  it("answers null once the worker has crashed, so the autosave encodes on the page instead", async () => {
    const worker = new InlineWorker();
    const encoder = createWorkspaceEncoder(worker);
    worker.crash();
    expect(await encoder.encode({ scenario })).toBeNull();
  });

  it("decodes the payloads the page opens with in the worker: what the page would have decoded, without the text", async () => {
    const worker = new InlineWorker();
    const encoder = createWorkspaceEncoder(worker);
    const payload = encodeWorkspace({ scenario, strategyId: "gateway", stepIndex: 1 }, "persist").payload;
    const { text: _text, ...expected } = decodeSharePayload(payload) as Extract<
      ReturnType<typeof decodeSharePayload>,
      { ok: true }
    >;
    const decoded = await encoder.decode(payload);
    expect(decoded).toEqual(expected);
    expect(decoded).not.toHaveProperty("text");
    expect(worker.sent).toEqual([{ requestId: 1, decode: payload }]);
    // A damaged payload is an answer (the page says why), not a worker failure.
    const damaged = await encoder.decode(`${payload.slice(0, -8)}AAAAAAAA`);
    expect(damaged).toMatchObject({ ok: false, error: { code: expect.any(String), message: expect.any(String) } });
  });

  it("keeps encoding and decoding apart when both are waiting", async () => {
    const worker = new InlineWorker();
    const encoder = createWorkspaceEncoder(worker);
    const payload = encodeWorkspace({ scenario }, "persist").payload;
    const [encoded, decoded] = await Promise.all([encoder.encode({ scenario }), encoder.decode(payload)]);
    expect(encoded).toBe(payload);
    expect(decoded).toMatchObject({ ok: true, workspace: { scenario: { title: "S" } } });
  });

  it("decodes on the page when the worker has crashed or there is none: the same answer, nothing lost", async () => {
    const payload = encodeWorkspace({ scenario, stepIndex: 3 }, "persist").payload;
    const worker = new InlineWorker();
    const encoder = createWorkspaceEncoder(worker);
    const waiting = encoder.decode(payload);
    worker.crash();
    expect(await waiting).toBeNull();
    expect(await encoder.decode(payload)).toBeNull();
    const { text: _text, ...expected } = decodeSharePayload(payload) as Extract<
      ReturnType<typeof decodeSharePayload>,
      { ok: true }
    >;
    expect(await decodeOffThePage(payload, encoder)).toEqual(expected);
    expect(await decodeOffThePage(payload, null)).toEqual(expected);
  });
});
