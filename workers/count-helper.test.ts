import { describe, expect, it } from "vitest";
import { workerCountHelper, type CountRequest, type CountResponse } from "./count-helper";

/** A worker whose answers the test sends. */
function fakeWorker() {
  const sent: CountRequest[] = [];
  const listeners: {
    message: Array<(event: { data: CountResponse }) => void>;
    error: Array<(event: { message?: string }) => void>;
  } = {
    message: [],
    error: [],
  };
  return {
    sent,
    answer: (data: CountResponse) => listeners.message.forEach((listener) => listener({ data })),
    crash: (message?: string) => listeners.error.forEach((listener) => listener({ message })),
    worker: {
      postMessage: (message: CountRequest) => sent.push(message),
      addEventListener: (type: "message" | "error", listener: never) => listeners[type].push(listener),
      terminate: () => {},
    },
  };
}

describe("workerCountHelper", () => {
  it("matches answers to batches by id, in any order", async () => {
    const fake = fakeWorker();
    const helper = workerCountHelper(fake.worker);
    const first = helper.count(["a", "bb"]);
    const second = helper.count(["ccc"]);
    expect(fake.sent.map((request) => request.texts)).toEqual([["a", "bb"], ["ccc"]]);
    fake.answer({ kind: "counted", requestId: fake.sent[1].requestId, counts: [3] });
    fake.answer({ kind: "counted", requestId: fake.sent[0].requestId, counts: [1, 2] });
    expect(await first).toEqual([1, 2]);
    expect(await second).toEqual([3]);
  });

  it("rejects a batch the worker could not count", async () => {
    const fake = fakeWorker();
    const pending = workerCountHelper(fake.worker).count(["a"]);
    fake.answer({ kind: "error", requestId: fake.sent[0].requestId, message: "bad text" });
    await expect(pending).rejects.toThrow("count worker: bad text");
  });

  it("rejects what it holds and everything later once the worker fails", async () => {
    const fake = fakeWorker();
    const helper = workerCountHelper(fake.worker);
    const pending = helper.count(["a"]);
    fake.crash();
    await expect(pending).rejects.toThrow("count worker: failed to load or crashed");
    await expect(helper.count(["b"])).rejects.toThrow("failed to load or crashed");
    expect(fake.sent).toHaveLength(1);
  });
});
