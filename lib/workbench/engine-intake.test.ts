import { describe, expect, it } from "vitest";
import type { EngineRequest, PageEngineRequest } from "./engine-messages";
import { inOrderIntake, type UnreadableFile } from "./engine-intake";

const run = (requestId: number): PageEngineRequest => ({
  kind: "run",
  requestId,
  catalogVersion: 2,
  scenario: "as-loaded",
  strategyIds: ["full"],
});

function setUp() {
  const received: EngineRequest[] = [];
  const failures: UnreadableFile[] = [];
  const intake = inOrderIntake(
    (message) => received.push(message),
    (failure) => failures.push(failure),
  );
  return { received, failures, intake };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the engine worker's intake", () => {
  it("passes text messages on at once", () => {
    const { received, intake } = setUp();
    intake({ kind: "parse-catalog", requestId: 1, catalogVersion: 2, text: '{"tools": []}' });
    intake(run(2));
    expect(received.map((message) => message.requestId)).toEqual([1, 2]);
  });

  it("reads an import's file and keeps what the page sent behind it waiting its turn", async () => {
    const { received, intake } = setUp();
    const text = JSON.stringify({ tools: [{ name: "lookup", inputSchema: { type: "object" } }] });
    const file = new Blob([text]);
    intake({ kind: "parse-catalog", requestId: 1, catalogVersion: 2, text: file, sourceName: "own.json" });
    intake(run(2));
    intake({ kind: "tool-tokens", requestId: 3, catalogVersion: 2 });
    // Nothing overtakes the file while it is read.
    expect(received).toEqual([]);
    await settle();
    expect(received.map((message) => message.requestId)).toEqual([1, 2, 3]);
    expect(received[0]).toEqual({
      kind: "parse-catalog",
      requestId: 1,
      catalogVersion: 2,
      text,
      sourceName: "own.json",
    });
    // Once everything waiting is through, messages go straight on again.
    intake(run(4));
    expect(received.at(-1)?.requestId).toBe(4);
  });

  it("answers a file that cannot be read as that request's failure, and goes on with the rest", async () => {
    const { received, failures, intake } = setUp();
    const broken = { text: () => Promise.reject(new Error("the file was moved")) } as unknown as Blob;
    intake({ kind: "parse-catalog", requestId: 1, catalogVersion: 2, text: broken });
    intake(run(2));
    await settle();
    expect(failures).toEqual([{ requestId: 1, reason: "the file was moved" }]);
    // The run behind it still arrives (and fails there: its catalog version was never loaded).
    expect(received.map((message) => message.requestId)).toEqual([2]);
  });

  it("keeps delivering after a message it passed on failed", async () => {
    const received: number[] = [];
    const intake = inOrderIntake(
      (message) => {
        if (message.requestId === 1) throw new Error("the loop refused it");
        received.push(message.requestId);
      },
      () => undefined,
    );
    intake({ kind: "parse-catalog", requestId: 1, catalogVersion: 2, text: new Blob(["{}"]) });
    intake(run(2));
    await settle();
    expect(received).toEqual([2]);
  });
});
