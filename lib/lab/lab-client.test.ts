import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
import { LabClient, type LabWorkerLike } from "./lab-client";
import type { LabRequest, LabResponse } from "./lab-protocol";

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
    expect(worker.posted.map((message) => message.type === "set-catalog" && message.catalogKey)).toEqual([
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
    worker.reply({ type: "explain", requestId: second.requestId, answer: { explanation } });
    worker.reply({ type: "explain", requestId: first.requestId, answer: { explanation } });
    await expect(newer).resolves.toEqual({ explanation });
    await expect(older).resolves.toBeUndefined();
  });

  it("resolves superseded requests with undefined and rejects errors", async () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    const superseded = client.request("explain", body);
    worker.reply({ type: "superseded", requestId: worker.posted[0].requestId, requestType: "explain" });
    await expect(superseded).resolves.toBeUndefined();
    const failing = client.request("explain", body);
    worker.reply({
      type: "error",
      requestId: worker.posted[1].requestId,
      requestType: "explain",
      message: "lab: boom",
    });
    await expect(failing).rejects.toThrow("lab: boom");
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
    worker.reply({ type: "compression", requestId: worker.posted[0].requestId, answer: { curve: [] } });
    await expect(evaluation).resolves.toEqual({ curve: [] });
  });

  it("fails every pending request when the worker crashes", async () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    const pending = client.request("explain", body);
    worker.crash("SyntaxError: bad module");
    await expect(pending).rejects.toThrow("lab worker: SyntaxError: bad module");
  });

  it("terminates the worker and settles what is pending on dispose", async () => {
    const worker = new FakeWorker();
    const client = new LabClient(worker);
    const pending = client.request("explain", body);
    client.dispose();
    expect(worker.terminated).toBe(true);
    await expect(pending).resolves.toBeUndefined();
  });
});
