import { describe, expect, it } from "vitest";
import type { EngineRequest, EngineResponse } from "@/lib/workbench/engine-protocol";
import { EngineClient, type WorkerLike } from "./engine-client";

class FakeWorker implements WorkerLike {
  sent: EngineRequest[] = [];
  private listener: ((event: MessageEvent<EngineResponse>) => void) | null = null;
  postMessage(message: EngineRequest) {
    this.sent.push(message);
  }
  addEventListener(_type: "message", listener: (event: MessageEvent<EngineResponse>) => void) {
    this.listener = listener;
  }
  terminate() {}
  answer(response: EngineResponse) {
    this.listener?.({ data: response } as MessageEvent<EngineResponse>);
  }
}

const scenario = { formatVersion: 1 as const, id: "s", title: "s", turns: [], settings: {} as never };

describe("EngineClient", () => {
  it("resolves an older run as stale when a newer one was sent, even if the older answers last", async () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker);
    const first = client.run(1, scenario, ["full"]);
    const second = client.run(1, scenario, ["full"]);
    const [firstId, secondId] = worker.sent.map((message) => message.requestId);
    worker.answer({ kind: "run-result", requestId: secondId, catalogVersion: 1, summaries: [], timingMs: 3 });
    worker.answer({ kind: "run-result", requestId: firstId, catalogVersion: 1, summaries: [], timingMs: 9 });
    expect(await second).toEqual({ ok: true, value: { requestId: secondId, summaries: [], timingMs: 3 } });
    expect(await first).toMatchObject({ ok: false, stale: true });
  });

  it("hands errors back as values and numbers catalog versions itself", async () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker);
    const { catalogVersion } = client.setCatalog({ tools: [] });
    const detail = client.stepDetail(4, "full", 0);
    worker.answer({ kind: "error", requestId: worker.sent[1].requestId, request: "step-detail", message: "engine: no step" });
    expect(await detail).toEqual({ ok: false, stale: false, message: "engine: no step" });
    expect(client.newCatalogVersion()).toBe(catalogVersion + 1);
  });
});
