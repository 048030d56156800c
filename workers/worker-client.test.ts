import { describe, expect, it } from "vitest";
import { WorkerClient, type WorkerLike } from "./worker-client";

type Request = { kind: "a" | "b" | "edit"; requestId: number };
type Response = { requestId: number; kind: "answer" | "progress" | "error"; message?: string };

class FakeWorker implements WorkerLike<Request, Response> {
  readonly sent: Request[] = [];
  terminated = false;
  private onMessage: ((event: { data: Response }) => void) | undefined;
  private onError: ((event: { message?: string }) => void) | undefined;
  postMessage(message: Request) {
    this.sent.push(message);
  }
  addEventListener(
    type: "message" | "error",
    listener: ((event: { data: Response }) => void) | ((event: { message?: string }) => void),
  ) {
    if (type === "message") this.onMessage = listener as (event: { data: Response }) => void;
    else this.onError = listener as (event: { message?: string }) => void;
  }
  terminate() {
    this.terminated = true;
  }
  answer(response: Response) {
    this.onMessage?.({ data: response });
  }
  crash(message?: string) {
    this.onError?.({ message });
  }
}

function setup() {
  const worker = new FakeWorker();
  const client = new WorkerClient<Request, Response>(worker, {
    name: "test",
    channelOf: (request) => (request.kind === "edit" ? null : request.kind),
    errorOf: (response) => (response.kind === "error" ? (response.message ?? "error") : undefined),
    isInterim: (response) => response.kind === "progress",
  });
  return { worker, client };
}

describe("WorkerClient", () => {
  it("newest request of a channel wins: an older one is stale at once, its late answer ignored", async () => {
    const { worker, client } = setup();
    const older = client.send({ kind: "a" });
    const newer = client.send({ kind: "a" });
    const other = client.send({ kind: "b" });
    expect(await older.outcome).toMatchObject({ ok: false, stale: true });
    worker.answer({ kind: "answer", requestId: older.requestId });
    worker.answer({ kind: "answer", requestId: newer.requestId });
    worker.answer({ kind: "answer", requestId: other.requestId });
    expect(await newer.outcome).toEqual({ ok: true, value: { kind: "answer", requestId: newer.requestId } });
    expect((await other.outcome).ok).toBe(true);
  });

  it("ordered requests are never stale; interim answers reach only the newest request", async () => {
    const { worker, client } = setup();
    const first = client.send({ kind: "edit" });
    const second = client.send({ kind: "edit" });
    const seen: number[] = [];
    const run = client.send({ kind: "a" }, { onInterim: (response) => seen.push(response.requestId) });
    worker.answer({ kind: "progress", requestId: run.requestId });
    worker.answer({ kind: "answer", requestId: first.requestId });
    worker.answer({ kind: "answer", requestId: second.requestId });
    expect((await first.outcome).ok && (await second.outcome).ok).toBe(true);
    expect(seen).toEqual([run.requestId]);
  });

  it("errors are values; a worker that fails to load fails every pending and later request", async () => {
    const { worker, client } = setup();
    const failing = client.send({ kind: "a" });
    worker.answer({ kind: "error", requestId: failing.requestId, message: "boom" });
    expect(await failing.outcome).toEqual({ ok: false, stale: false, message: "boom" });
    const pending = client.send({ kind: "b" });
    worker.crash();
    const failed = { ok: false, stale: false, message: "test worker: failed to load or crashed" };
    expect(await pending.outcome).toEqual(failed);
    expect(await client.send({ kind: "a" }).outcome).toEqual(failed);
    expect(client.failed).toBe(failed.message);
  });

  it("dispose terminates the worker and settles what is pending", async () => {
    const { worker, client } = setup();
    const pending = client.send({ kind: "a" });
    client.dispose();
    expect(worker.terminated).toBe(true);
    expect(await pending.outcome).toEqual({ ok: false, stale: false, message: "test worker: stopped" });
  });

  it("answers a message that cannot be sent with an error, and the worker goes on", async () => {
    const { worker, client } = setup();
    const post = worker.postMessage.bind(worker);
    worker.postMessage = () => {
      throw new Error("could not be cloned");
    };
    expect(await client.send({ kind: "a" }).outcome).toEqual({
      ok: false,
      stale: false,
      message: "test worker: could not be cloned",
    });
    worker.postMessage = post;
    const next = client.send({ kind: "a" });
    worker.answer({ kind: "answer", requestId: next.requestId });
    expect((await next.outcome).ok).toBe(true);
    expect(client.failed).toBe(null);
  });

  it("posts hints unanswered, and none once the worker failed", () => {
    const worker = new FakeWorker();
    const client = new WorkerClient<Request, Response, { kind: "hint" }>(
      worker as unknown as WorkerLike<Request, Response, { kind: "hint" }>,
      { name: "test", channelOf: () => null },
    );
    client.notify({ kind: "hint" });
    worker.crash();
    client.notify({ kind: "hint" });
    expect(worker.sent).toEqual([{ kind: "hint" }]);
  });

  it("without errorOf hands an error answer on as an answer", async () => {
    const worker = new FakeWorker();
    const client = new WorkerClient<Request, Response>(worker, { name: "test", channelOf: () => null });
    const sent = client.send({ kind: "a" });
    worker.answer({ kind: "error", requestId: sent.requestId, message: "no such step" });
    expect(await sent.outcome).toEqual({
      ok: true,
      value: { kind: "error", requestId: sent.requestId, message: "no such step" },
    });
  });
});
