import { afterEach, describe, expect, it, vi } from "vitest";
import type { Catalog } from "@/lib/core/catalog";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import type { Scenario } from "@/lib/scenario/types";
import {
  isExampleRequest,
  type EncodeRequest,
  type EncodeWorkerState,
  type ShareWorkerRequest,
  type ShareWorkerResponse,
} from "@/lib/share/encode-protocol";
import { loadExampleAnswer } from "@/lib/share/example-answer";
import { loadExample } from "@/lib/examples";
import { decodeSharePayload, encodeWorkspace } from "@/lib/share/share-link";
import { handleShareWorkerMessage } from "@/lib/share/share-worker-protocol";
import {
  ANSWER_WITHIN,
  answerWithinMs,
  createWorkspaceEncoder,
  decodeOffThePage,
  loadExampleOffThePage,
  type EncodeWorkerLike,
} from "./share-encode-client";

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
    if (isExampleRequest(message)) {
      // As the worker does: loaded, then answered (the examples here come from lib/examples, no file server).
      void loadExampleAnswer(structuredClone(message), () => Promise.reject(new Error("no server"))).then((answer) =>
        setTimeout(() => this.onMessage?.({ data: structuredClone(answer) }), 0),
      );
      return;
    }
    const handled = handleShareWorkerMessage(this.state, structuredClone(message));
    this.state = handled.state;
    // Answers cross back as structured clones too, as from a real worker.
    const response = structuredClone(handled.response);
    // A catalog piece is not answered.
    if (response) setTimeout(() => this.onMessage?.({ data: response }), 0);
  }
  crash() {
    this.onError?.({ message: "boom" });
  }
  terminated = false;
  terminate() {
    this.terminated = true;
  }
}

/** A worker that takes every request and never answers, nor fails (its code never arrived, say). */
class HungWorker extends InlineWorker {
  postMessage(message: ShareWorkerRequest) {
    this.sent.push(message);
  }
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

  it("sends a catalog that goes whole in pieces, one task each, and encodes what the page would have", async () => {
    const worker = new InlineWorker();
    const encoder = createWorkspaceEncoder(worker);
    const big: Catalog = { tools: Array.from({ length: 1_200 }, (_, index) => tool(`t${index}`)), source: "big" };
    const bigScenario = { ...scenario, catalog: big };
    const saving = encoder.encode({ scenario: bigScenario, stepIndex: 1 });
    // The first piece goes at once; each next one only after the page's other tasks have had their turn.
    const sentAfterTask = () => new Promise((resolve) => setTimeout(() => resolve(worker.sent.length), 0));
    expect(await sentAfterTask()).toBe(1);
    expect(await sentAfterTask()).toBe(2);
    expect(await saving).toBe(encodeWorkspace({ scenario: bigScenario, stepIndex: 1 }, "persist").payload);
    expect(
      worker.sent.map((message) => ("piece" in message ? [message.piece.from, message.piece.tools.length] : 0)),
    ).toEqual([[0, 500], [500, 500], [1_000, 200], 0]);
    expect((worker.sent[3] as EncodeRequest).catalog).toEqual({
      kind: "pieces",
      rest: { source: "big" },
      toolCount: 1_200,
    });
    // The worker now holds the catalog: an edit right after sends the one tool, and waits for the pieces before it.
    const edited = { ...big, tools: big.tools.slice() };
    edited.tools[1_100] = tool("changed");
    const first = encoder.encode({ scenario: { ...bigScenario, catalog: { ...big, tools: big.tools.slice() } } });
    const second = encoder.encode({ scenario: { ...bigScenario, catalog: edited } });
    expect(await second).toBe(encodeWorkspace({ scenario: { ...bigScenario, catalog: edited } }, "persist").payload);
    expect(await first).toBe(encodeWorkspace({ scenario: bigScenario }, "persist").payload);
    expect((worker.sent.at(-1) as EncodeRequest).catalog).toMatchObject({
      kind: "changes",
      changes: [[1_100, edited.tools[1_100]]],
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

  describe("a worker that hangs without an error event", () => {
    afterEach(() => vi.useRealTimers());

    it("is given up on after the request's time: the startup decodes on the page, nothing lost", async () => {
      vi.useFakeTimers();
      const worker = new HungWorker();
      const encoder = createWorkspaceEncoder(worker, { answerWithinMs: () => 1_000 });
      const { payload } = encodeWorkspace({ scenario, stepIndex: 1 }, "persist");
      const decoding = decodeOffThePage(payload, encoder);
      const saving = encoder.encode({ scenario });
      await vi.advanceTimersByTimeAsync(999);
      expect(worker.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(worker.terminated).toBe(true);
      vi.useRealTimers();
      // The same workspace the page would have decoded itself; the autosave encodes on the page (null here).
      const { text: _text, ...expected } = decodeSharePayload(payload) as Extract<
        ReturnType<typeof decodeSharePayload>,
        { ok: true }
      >;
      expect(await decoding).toEqual(expected);
      expect(await saving).toBeNull();
      // From then on nothing waits for the hung worker.
      expect(await encoder.decode(payload)).toBeNull();
      expect(worker.sent).toHaveLength(2);
    });

    it("is not given up on while it answers in time", async () => {
      vi.useFakeTimers();
      const worker = new InlineWorker();
      const encoder = createWorkspaceEncoder(worker, { answerWithinMs: () => 1_000 });
      const saving = encoder.encode({ scenario });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await saving).toBe(encodeWorkspace({ scenario }, "persist").payload);
      expect(worker.terminated).toBe(false);
    });

    it("gets more time for a bigger payload or catalog", () => {
      const decode = (characters: number) => answerWithinMs({ requestId: 1, decode: "x".repeat(characters) });
      expect(decode(0)).toBe(ANSWER_WITHIN.baseMs);
      expect(decode(2_000_000)).toBe(ANSWER_WITHIN.baseMs + 2 * ANSWER_WITHIN.perDecodedMegabyteMs);
      const big: Catalog = { tools: Array.from({ length: 10_000 }, (_, index) => tool(`t${index}`)) };
      expect(answerWithinMs({ requestId: 1, catalog: { kind: "whole", catalog: big }, workspace: {} as never })).toBe(
        ANSWER_WITHIN.baseMs + 10_000 * ANSWER_WITHIN.perEncodedToolMs,
      );
      expect(
        answerWithinMs({
          requestId: 1,
          catalog: { kind: "pieces", toolCount: 10_000 } as never,
          workspace: {} as never,
        }),
      ).toBe(ANSWER_WITHIN.baseMs + 10_000 * ANSWER_WITHIN.perEncodedToolMs);
      // An edit sends changed tools alone: the worker already holds the rest.
      expect(
        answerWithinMs({ requestId: 1, catalog: { kind: "changes", changes: [] } as never, workspace: {} as never }),
      ).toBe(ANSWER_WITHIN.baseMs);
    });
  });
});

describe("a built-in example loaded off the page (the edited marker of restored work)", () => {
  it("comes from the worker, equal to the page's own load, and from the page when the worker failed", async () => {
    const worker = new InlineWorker();
    const encoder = createWorkspaceEncoder(worker);
    const expected = await loadExample("learning-agent");
    expect(await loadExampleOffThePage("learning-agent", encoder)).toEqual(expected);
    expect(worker.sent).toEqual([{ requestId: 1, loadExample: "learning-agent" }]);
    // An unknown id is the worker's error, and the page's load then says what is wrong.
    await expect(loadExampleOffThePage("no-such-example", encoder)).rejects.toThrow(/unknown example/);
    const crashed = new InlineWorker();
    const failing = createWorkspaceEncoder(crashed);
    crashed.crash();
    expect(await loadExampleOffThePage("weather", failing)).toEqual(await loadExample("weather"));
    expect(crashed.sent).toEqual([]);
    expect(await loadExampleOffThePage("weather", null)).toEqual(await loadExample("weather"));
  });

  it("is read from the build-time file when the server has it", async () => {
    // What the file server answers stands for the example when it names it and has its 10,000 tools.
    const file = {
      id: "synthetic-10000",
      turns: [],
      settings: {},
      catalog: { tools: Array.from({ length: 10_000 }, (_, index) => ({ name: `tool_${index}` })) },
    };
    const served = await loadExampleAnswer({ requestId: 7, loadExample: "synthetic-10000" }, async (path) => {
      expect(path).toContain("synthetic-10000");
      return file;
    });
    expect(served).toEqual({ requestId: 7, example: file });
  });
});
