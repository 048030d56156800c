import { describe, expect, it } from "vitest";
import { EngineClient, createReplyTracker, runAfterPaint } from "./engine-client";
import { FakeEngineWorker as FakeWorker } from "./fake-engine-worker";

import type { Scenario } from "@/lib/scenario/types";
import { createEngineHost } from "@/lib/workbench/engine-host";
import type { EngineDependencies } from "@/lib/workbench/engine-state";
import { EXAMPLE_TOOLS_PART } from "@/lib/workbench/example-parts";
import {
  BYTES_PER_SMALLEST_TOOL,
  importMayBeLarge,
  isPrepareHelperHint,
  isPrepareImportHint,
} from "@/lib/workbench/import-hint";

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

  it("takes a large example's tools in the parts the engine host posts ahead of its answer", async () => {
    const example = {
      formatVersion: 1,
      id: "large",
      title: "Large",
      catalog: {
        tools: Array.from({ length: EXAMPLE_TOOLS_PART * 2 + 5 }, (_, index) => ({
          name: `tool_${index}`,
          description: `Tool ${index}.`,
          inputSchema: { type: "object" },
        })),
      },
      turns: [],
      settings: {} as Scenario["settings"],
    } as Scenario;
    const worker = new FakeWorker();
    const posted: string[] = [];
    const host = createEngineHost({
      post: (response) => {
        posted.push(response.kind);
        // The page reads each message in a task of its own.
        setTimeout(() => worker.answer(response as Parameters<FakeWorker["answer"]>[0]), 0);
      },
      now: () => 0,
      dependencies: { loadExample: async () => example } as unknown as EngineDependencies,
    });
    worker.postMessage = (message) => host.receive(message);
    const client = new EngineClient(worker, createReplyTracker());
    const loaded = await client.loadExample("large");
    expect(posted).toEqual(["example-tools", "example-tools", "example-tools", "example-loaded"]);
    expect(loaded).toMatchObject({ ok: true, value: { scenario: { id: "large" } } });
    if (!loaded.ok) throw new Error(loaded.message);
    expect(loaded.value.scenario.catalog.tools).toEqual(example.catalog.tools);
  });

  it("tells the worker a file's size before its text, outside the request protocol", () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker, createReplyTracker());
    client.prepareImport(11_000_000);
    expect(worker.sent).toEqual([{ kind: "prepare-import", bytes: 11_000_000 }]);
    expect(isPrepareImportHint(worker.sent[0])).toBe(true);
    // From the split's threshold on, a file may hold a catalog to split; a smaller one never does.
    expect(importMayBeLarge(2_000 * BYTES_PER_SMALLEST_TOOL, 2_000)).toBe(true);
    expect(importMayBeLarge(2_000 * BYTES_PER_SMALLEST_TOOL - 1, 2_000)).toBe(false);
  });

  it("asks the worker for a spare helper outside the request protocol", () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker, createReplyTracker());
    client.prepareHelper();
    expect(worker.sent).toEqual([{ kind: "prepare-helper" }]);
    expect(isPrepareHelperHint(worker.sent[0])).toBe(true);
    expect(isPrepareImportHint(worker.sent[0])).toBe(false);
    expect(isPrepareHelperHint({ kind: "prepare-import", bytes: 1 })).toBe(false);
  });

  it("hands errors back as values and numbers catalog versions itself", async () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker);
    const { catalogVersion } = client.setCatalog({ tools: [] });
    const detail = client.stepDetail(4, "full", 0);
    worker.answer({
      kind: "error",
      requestId: worker.sent[1].requestId,
      request: "step-detail",
      message: "engine: no step",
    });
    expect(await detail).toEqual({ ok: false, stale: false, message: "engine: no step" });
    expect(client.newCatalogVersion()).toBe(catalogVersion + 1);
  });

  it("a worker that fails to load resolves every pending and later request with its message", async () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker);
    const run = client.run(1, scenario, ["full"]);
    worker.crash("SyntaxError: Unexpected token");
    expect(await run).toEqual({ ok: false, stale: false, message: "engine worker: SyntaxError: Unexpected token" });
    expect(await client.toolTokens(1)).toEqual({
      ok: false,
      stale: false,
      message: "engine worker: SyntaxError: Unexpected token",
    });
  });

  it("hands run progress to the newest run only", async () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker);
    const seen: number[] = [];
    void client.run(1, scenario, ["full"], undefined, (progress) => seen.push(progress.runRequestId));
    void client.run(1, scenario, ["full"], undefined, (progress) => seen.push(progress.runRequestId));
    const [firstId, secondId] = worker.sent.map((message) => message.requestId);
    worker.answer({ kind: "run-progress", requestId: firstId, done: 1, total: 8 });
    worker.answer({ kind: "run-progress", requestId: secondId, done: 1, total: 8 });
    expect(seen).toEqual([secondId]);
  });

  it("says whether any answer is pending: busy from the first request until the last answer has been taken in", async () => {
    const worker = new FakeWorker();
    const replies = createReplyTracker();
    const changes: boolean[] = [];
    replies.subscribe(() => changes.push(replies.busy()));
    const client = new EngineClient(worker, replies);
    expect(replies.busy()).toBe(false);
    const run = client.run(1, scenario, ["full"]);
    const tokens = client.toolTokens(1);
    expect(replies.busy()).toBe(true);
    const [runId, tokensId] = worker.sent.map((message) => message.requestId);
    // Progress is not the answer: still busy.
    worker.answer({ kind: "run-progress", requestId: runId, done: 1, total: 8 });
    worker.answer({ kind: "run-result", requestId: runId, catalogVersion: 1, summaries: [], timingMs: 3 });
    await run;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies.busy()).toBe(true);
    worker.answer({ kind: "tool-tokens", requestId: tokensId, catalogVersion: 1, tokens: [] });
    await tokens;
    // Marked once the page's own callbacks on the answer have run (a macrotask later).
    expect(replies.busy()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies.busy()).toBe(false);
    // A stale request counts as ended too, and listeners hear only the flips.
    void client.run(1, scenario, ["full"]);
    const newer = client.run(1, scenario, ["full"]);
    worker.answer({
      kind: "run-result",
      requestId: worker.sent[3].requestId,
      catalogVersion: 1,
      summaries: [],
      timingMs: 1,
    });
    await newer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies.busy()).toBe(false);
    expect(changes).toEqual([true, false, true, false]);
  });
});

describe("runAfterPaint", () => {
  /** A paint the test lets happen: the callbacks wait until `paint()`. */
  function heldPaint() {
    const waiting: Array<() => void> = [];
    return {
      afterPaint: (callback: () => void) => void waiting.push(callback),
      paint: () => waiting.splice(0).forEach((callback) => callback()),
      pending: () => waiting.length,
    };
  }

  it("holds a run until the page has painted, and what is sent after it behind it, in order", async () => {
    const worker = new FakeWorker();
    const paint = heldPaint();
    const client = new EngineClient(runAfterPaint(worker, paint.afterPaint));
    client.setCatalog({ tools: [] });
    const run = client.run(1, scenario, ["full"]);
    void client.stepDetail(4, "full", 0);
    void client.toolTokens(1);
    // Not a run: posted at once. The run and everything after it: held.
    expect(worker.sent.map((message) => message.kind)).toEqual(["set-catalog"]);
    expect(paint.pending()).toBe(1);
    paint.paint();
    expect(worker.sent.map((message) => message.kind)).toEqual(["set-catalog", "run", "step-detail", "tool-tokens"]);
    // Answers reach the client as before.
    worker.answer({
      kind: "run-result",
      requestId: worker.sent[1].requestId,
      catalogVersion: 1,
      summaries: [],
      timingMs: 5,
    });
    expect(await run).toEqual({ ok: true, value: { requestId: worker.sent[1].requestId, summaries: [], timingMs: 5 } });
    // Nothing held any more: the next non-run message goes at once, the next run waits for its own paint.
    void client.toolTokens(1);
    expect(worker.sent).toHaveLength(5);
    void client.run(1, scenario, ["full"]);
    expect(worker.sent).toHaveLength(5);
    paint.paint();
    expect(worker.sent.map((message) => message.kind).slice(-1)).toEqual(["run"]);
  });

  it("posts nothing held once the worker is terminated", () => {
    const worker = new FakeWorker();
    const paint = heldPaint();
    const gated = runAfterPaint(worker, paint.afterPaint);
    gated.postMessage({ kind: "run", requestId: 1, catalogVersion: 1, scenario, strategyIds: ["full"] });
    gated.terminate();
    paint.paint();
    expect(worker.sent).toEqual([]);
  });
});
