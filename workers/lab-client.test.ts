import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "@/lib/search";
import { LabClient, type LabWorkerLike } from "./lab-client";
import type { LabRequest, LabResponse } from "@/lib/lab/lab-protocol";

class FakeWorker implements LabWorkerLike {
  readonly posted: LabRequest[] = [];
  terminated = false;
  private listener: ((event: { data: LabResponse }) => void) | undefined;
  private errorListener: ((event: { message?: string }) => void) | undefined;
  postMessage(message: LabRequest) {
    this.posted.push(message);
  }
  addEventListener(
    type: "message" | "error",
    listener: ((event: { data: LabResponse }) => void) | ((event: { message?: string }) => void),
  ) {
    if (type === "message") this.listener = listener as (event: { data: LabResponse }) => void;
    else this.errorListener = listener as (event: { message?: string }) => void;
  }
  crash(message: string) {
    this.errorListener?.({ message });
  }
  terminate() {
    this.terminated = true;
  }
  reply(response: LabResponse) {
    this.listener?.({ data: response });
  }
}

const body = {
  catalogKey: "c#1",
  query: { q: "weather", expect: ["get_weather"] },
  clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS,
};
const explanation = { q: "weather", expect: ["get_weather"], searches: {} } as never;

describe("LabClient", () => {
  it("sends each catalog once", () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    client.setCatalog("c#1", []);
    client.setCatalog("c#1", []);
    client.setCatalog("c#2", []);
    expect(worker.posted.map((message) => message.kind === "set-catalog" && message.catalogKey)).toEqual([
      "c#1",
      "c#2",
    ]);
  });

  it("resolves the newest request with its answer and discards an older one that arrives late", async () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    const older = client.request("explain", body);
    const newer = client.request("explain", body);
    const [first, second] = worker.posted;
    worker.reply({ kind: "explain", requestId: second.requestId, answer: { explanation } });
    worker.reply({ kind: "explain", requestId: first.requestId, answer: { explanation } });
    await expect(newer).resolves.toEqual({ ok: true, value: { explanation } });
    await expect(older).resolves.toMatchObject({ ok: false, stale: true });
  });

  it("hands an evaluation's progress to onInterim while it is the newest, and resolves with the answer", async () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    const heard: unknown[] = [];
    const evaluationBody = { catalogKey: "c#1", queries: [], clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS, k: 5 };
    const older = client.request("evaluate", evaluationBody, (interim) => heard.push(["older", interim]));
    const newer = client.request("evaluate", evaluationBody, (interim) => heard.push(["newer", interim]));
    const [first, second] = worker.posted;
    const partial = {
      k: 5,
      toolCount: 2,
      queryCount: 0,
      queryTexts: [],
      totalTokens: 40,
      unspacedToolCount: 0,
      searches: {},
      tools: [],
      findings: [],
    };
    worker.reply({ kind: "evaluate-progress", requestId: first.requestId, answer: { partial } });
    worker.reply({ kind: "evaluate-progress", requestId: second.requestId, answer: { partial } });
    const answer = { baseline: {} as never, elapsedMs: 1 };
    worker.reply({ kind: "evaluate", requestId: second.requestId, answer });
    expect(heard).toEqual([["newer", { partial }]]);
    await expect(newer).resolves.toEqual({ ok: true, value: answer });
    await expect(older).resolves.toMatchObject({ ok: false, stale: true });
  });

  it("resolves superseded requests as stale and errors as values", async () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    const superseded = client.request("explain", body);
    worker.reply({ kind: "superseded", requestId: worker.posted[0].requestId, requestType: "explain" });
    await expect(superseded).resolves.toMatchObject({ ok: false, stale: true });
    const failing = client.request("explain", body);
    worker.reply({
      kind: "error",
      requestId: worker.posted[1].requestId,
      requestType: "explain",
      message: "lab: boom",
    });
    await expect(failing).resolves.toEqual({ ok: false, stale: false, message: "lab: boom" });
  });

  it("keeps request types apart: a newer explain does not make an evaluation stale", async () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    const evaluation = client.request("compression", {
      catalogKey: "c#1",
      queries: [],
      clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS,
      k: 5,
    });
    void client.request("explain", body);
    worker.reply({ kind: "compression", requestId: worker.posted[0].requestId, answer: { curve: [] } });
    await expect(evaluation).resolves.toEqual({ ok: true, value: { curve: [] } });
  });

  it("fails every pending and later request when the worker crashes", async () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    const pending = client.request("explain", body);
    worker.crash("SyntaxError: bad module");
    const failed = { ok: false, stale: false, message: "lab worker: SyntaxError: bad module" };
    await expect(pending).resolves.toEqual(failed);
    await expect(client.request("explain", body)).resolves.toEqual(failed);
  });

  it("terminates the worker and settles what is pending on dispose", async () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    const pending = client.request("explain", body);
    client.dispose();
    expect(worker.terminated).toBe(true);
    await expect(pending).resolves.toMatchObject({ ok: false, stale: false });
  });
});
