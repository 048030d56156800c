/**
 * The page's simulated experiment and its estimate run in the experiment worker: here the worker's handler runs
 * in-process behind the real client, so the messages, the interim progress and the cancel are the page's own.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEngine } from "@/lib/engine";
import {
  experimentChannel,
  type ExperimentRequest,
  type ExperimentResponse,
} from "@/lib/experiment/experiment-messages";
import { handleExperimentMessage } from "@/lib/experiment/experiment-protocol";
import type { ExperimentChoice } from "@/lib/experiment/page-design";
import { createExperimentClient, type ExperimentWorkerLike } from "./experiment-client";

const TASKS = readFileSync(path.join(__dirname, "..", "examples", "tasks", "weather.jsonl"), "utf8");

/** The worker shell's behaviour (workers/experiment.worker.ts) around the real handler, without a thread. */
class InProcessWorker implements ExperimentWorkerLike {
  private listener: ((event: { data: ExperimentResponse }) => void) | undefined;
  private readonly latest = new Map<string, number>();
  private readonly engine = createEngine();
  private queue: Promise<void> = Promise.resolve();
  readonly posted: ExperimentRequest[] = [];
  postMessage(message: ExperimentRequest) {
    this.posted.push(message);
    const channel = experimentChannel(message);
    this.latest.set(channel, message.requestId);
    const post = (response: ExperimentResponse) => this.listener?.({ data: response });
    if (message.kind === "cancel")
      return post({ kind: "done", requestId: message.requestId, status: "cancelled", results: [] });
    this.queue = this.queue.then(() =>
      handleExperimentMessage(message, {
        engine: this.engine,
        post,
        superseded: (request) => request.requestId < (this.latest.get(experimentChannel(request)) ?? 0),
        yieldToMessages: () => new Promise((resolve) => setTimeout(resolve, 0)),
        now: () => 0,
      }),
    );
  }
  addEventListener(type: "message" | "error", listener: (event: never) => void) {
    if (type === "message") this.listener = listener as (event: { data: ExperimentResponse }) => void;
  }
  terminate() {}
}

const choice: ExperimentChoice = {
  example: "weather",
  tasks: TASKS,
  provider: "anthropic",
  model: "claude-opus-4-8",
  strategies: ["full", "anthropic-tool-search"],
  repetitions: 2,
};

describe("the experiment worker", () => {
  it("runs the simulated experiment with progress, every task-run on the simulated model", async () => {
    const client = createExperimentClient(new InProcessWorker());
    const progress: number[] = [];
    const { outcome } = client.send(
      { kind: "simulate", choice },
      { onInterim: (response) => response.kind === "progress" && progress.push(response.done) },
    );
    const answer = await outcome;
    expect(answer.ok).toBe(true);
    if (!answer.ok || answer.value.kind !== "done") throw new Error("no results");
    // 2 strategies × 8 tasks × 2 repetitions.
    expect(answer.value.status).toBe("finished");
    expect(answer.value.results).toHaveLength(32);
    expect(answer.value.results.every((result) => result.mode === "simulated")).toBe(true);
    expect(progress).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
  });

  it("the position design picks its strategies: up front, then appended mid-conversation", async () => {
    const client = createExperimentClient(new InProcessWorker());
    const answer = await client.send({ kind: "estimate", choice: { ...choice, strategies: [], design: "position" } })
      .outcome;
    if (!answer.ok || answer.value.kind !== "estimate") throw new Error("no estimate");
    expect(answer.value.strategies).toEqual(["full", "anthropic-mid-conversation"]);
    expect(answer.value.taskRuns).toBe(2 * 8 * 2);
    expect(answer.value.totalUsd).toBeGreaterThan(0);
  });

  it("cancel stops a running simulation between task-runs", async () => {
    const worker = new InProcessWorker();
    const client = createExperimentClient(worker);
    const running = client.send({ kind: "simulate", choice: { ...choice, repetitions: 20 } });
    const cancelled = await client.send({ kind: "cancel" }).outcome;
    expect(cancelled.ok && cancelled.value.kind === "done" && cancelled.value.status).toBe("cancelled");
    expect((await running.outcome).ok).toBe(false);
  });
});
