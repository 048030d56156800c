import { describe, expect, it } from "vitest";
import type { Catalog } from "@/lib/catalog/types";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import type { Scenario } from "@/lib/scenario/types";
import {
  handleEncodeMessage,
  type EncodeRequest,
  type EncodeResponse,
  type EncodeWorkerState,
} from "@/lib/share/encode-protocol";
import { encodeWorkspace } from "@/lib/share/share-link";
import { createWorkspaceEncoder, type EncodeWorkerLike } from "./encode-client";

/** A worker stand-in running the real protocol, answering on the next tick (or crashing when told). */
class InlineWorker implements EncodeWorkerLike {
  sent: EncodeRequest[] = [];
  private state: EncodeWorkerState = { catalog: null };
  private onMessage: ((event: { data: EncodeResponse }) => void) | null = null;
  private onError: ((event: unknown) => void) | null = null;
  addEventListener(type: "message" | "error", listener: (event: never) => void) {
    if (type === "message") this.onMessage = listener as (event: { data: EncodeResponse }) => void;
    else this.onError = listener as (event: unknown) => void;
  }
  postMessage(message: EncodeRequest) {
    this.sent.push(message);
    const handled = handleEncodeMessage(this.state, structuredClone(message));
    this.state = handled.state;
    setTimeout(() => this.onMessage?.({ data: handled.response }), 0);
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
    expect(worker.sent[1].catalog).toMatchObject({ kind: "changes", changes: [[3, edited.tools[3]]] });
  });

  it("answers null once the worker has crashed, so the autosave encodes on the page instead", async () => {
    const worker = new InlineWorker();
    const encoder = createWorkspaceEncoder(worker);
    worker.crash();
    expect(await encoder.encode({ scenario })).toBeNull();
  });
});
