/**
 * The experiment against the fake provider's model with known faults (test/fake-provider/fake-model.ts `faultOf`),
 * over loopback through the official SDKs: every metric equals the value the faults fix, a killed run resumes from
 * the SQLite store without repeating or losing a task-run, 429s are retried and counted, and the budget stops the
 * run before it is exceeded.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeCost, getModel } from "@/lib/models";
import { createDirectTransport } from "@/lib/server/experiment-transport";
import { openSqliteExperimentStore } from "@/lib/server/experiment-store";
import { faultOf } from "@/test/fake-provider/fake-model";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { cellMetrics, pairedComparison } from "./metrics";
import { runExperiment, type ExperimentDesign } from "./runner";
import { wilson } from "./stats";
import { FAULT_CATALOG, faultTasks } from "./test-support/known-faults";
import { memoryExperimentStore, type ExperimentCell } from "./types";

const FAULTS = { wrongToolShare: 0.2, invalidArgumentsShare: 0.25, latencyMs: 40 };
const TASKS = faultTasks(20);
const CHAT_FULL: ExperimentCell = { strategy: "full", provider: "openai-chat", model: "gpt-5.4" };
const ANTHROPIC_SEARCH: ExperimentCell = {
  strategy: "anthropic-tool-search",
  provider: "anthropic",
  model: "claude-opus-4-8",
};

let fake: FakeProvider;
let env: Record<string, string>;
const noSleep = async () => undefined;

beforeAll(async () => {
  fake = await startFakeProvider({ faults: FAULTS });
  env = {
    PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url,
    OPENAI_API_KEY: "sk-test-experiment",
    ANTHROPIC_API_KEY: "sk-ant-test-experiment",
    PLAYGROUND_LIVE_LOG: "off",
  };
});
afterAll(() => fake.close());

function design(id: string, cells: ExperimentCell[], repetitions = 1): ExperimentDesign {
  return { id, catalog: FAULT_CATALOG, tasks: TASKS, cells, repetitions };
}

describe("the experiment on a model with known faults", () => {
  it("every metric equals its known value", async () => {
    // The faults fall on these tasks (their prompts decide): 6 wrong tools, 4 invalid arguments, 10 clean.
    const faults = TASKS.map((task) => faultOf(task.prompt, FAULTS));
    expect(faults.filter((fault) => fault === "wrong-tool")).toHaveLength(6);
    expect(faults.filter((fault) => fault === "invalid-arguments")).toHaveLength(4);
    fake.reset();
    const outcome = await runExperiment({
      design: design("known", [CHAT_FULL, ANTHROPIC_SEARCH]),
      store: memoryExperimentStore(),
      transport: createDirectTransport(env),
      concurrency: 2,
    });
    expect(outcome.status).toBe("finished");
    for (const [cell, discovery] of [
      [CHAT_FULL, 0],
      [ANTHROPIC_SEARCH, 1],
    ] as const) {
      const results = outcome.results.filter((result) => result.cell.strategy === cell.strategy);
      const metrics = cellMetrics(results);
      expect(metrics.runs).toBe(20);
      // Selection: the 6 wrong-tool tasks miss → 14/20; each task makes one catalog call, the 4 invalid ones fail
      // the schema → 4/20; completion: neither fault → 10/20.
      expect(metrics.toolSelectionAccuracy).toBe(0.7);
      expect(metrics.toolSelectionAccuracyInterval).toEqual(wilson(14, 20));
      expect(metrics.catalogCalls).toBe(20);
      expect(metrics.argumentErrorRate).toBe(0.2);
      expect(metrics.argumentErrorRateInterval).toEqual(wilson(4, 20));
      expect(metrics.completionRate).toBe(0.5);
      expect(metrics.discoveryCallsPerTask).toBe(discovery);
      expect(metrics.stops.completed).toBe(20);
      // Latency: every request waits 40 ms before its first byte.
      expect(metrics.ttftMs.median!).toBeGreaterThanOrEqual(40);
      expect(metrics.latencyMs.median!).toBeGreaterThanOrEqual(80);
      expect(metrics.retries).toBe(0);
    }
    // Tokens as the provider reported them: the sum over every task-run is what the fake sent, request by request.
    const reported = outcome.results.reduce(
      (sum, result) => ({
        input: sum.input + result.tokens!.input,
        cacheRead: sum.cacheRead + result.tokens!.cacheRead,
        output: sum.output + result.tokens!.output,
      }),
      { input: 0, cacheRead: 0, output: 0 },
    );
    expect(reported).toEqual({
      input: fake.usages.reduce((sum, usage) => sum + usage.input, 0),
      cacheRead: fake.usages.reduce((sum, usage) => sum + usage.cacheRead, 0),
      output: fake.usages.reduce((sum, usage) => sum + usage.output, 0),
    });
    // Same faults on the same tasks: no difference between the two strategies, and it says so.
    const paired = pairedComparison(outcome.results, CHAT_FULL, { ...ANTHROPIC_SEARCH }, "completion");
    expect(paired.pairs).toBe(20);
    expect(paired.difference).toBe(0);
    expect(paired.distinguishable).toBe(false);
  }, 60_000);

  it("counts the calls the provider rejects with a 400 among the argument errors", async () => {
    const faults = { ...FAULTS, rejectedArgumentsShare: 0.2 };
    // 6 wrong tools, 4 invalid arguments sent on, 6 rejected by the provider, 4 clean.
    const kinds = TASKS.map((task) => faultOf(task.prompt, faults));
    expect(kinds.filter((fault) => fault === "rejected-arguments")).toHaveLength(6);
    expect(kinds.filter((fault) => fault === "invalid-arguments")).toHaveLength(4);
    fake.reset();
    fake.setFaults(faults);
    try {
      const outcome = await runExperiment({
        design: design("rejected", [CHAT_FULL, ANTHROPIC_SEARCH]),
        store: memoryExperimentStore(),
        transport: createDirectTransport(env),
        concurrency: 2,
      });
      for (const cell of [CHAT_FULL, ANTHROPIC_SEARCH]) {
        const metrics = cellMetrics(outcome.results.filter((result) => result.cell.strategy === cell.strategy));
        // One catalog call a task; 4 fail Ajv and 6 are rejected by the provider → 10/20.
        expect(metrics.catalogCalls).toBe(20);
        expect(metrics.rejectedCalls).toBe(6);
        expect(metrics.argumentErrorRate).toBe(0.5);
        expect(metrics.argumentErrorRateInterval).toEqual(wilson(10, 20));
        // A rejected call still chose the expected tool; the rejection ends its run.
        expect(metrics.toolSelectionAccuracy).toBe(0.7);
        expect(metrics.completionRate).toBe(0.2);
        expect(metrics.stops.error).toBe(6);
      }
    } finally {
      fake.setFaults(FAULTS);
    }
  }, 60_000);

  it("a killed run resumes from the store without repeating or losing a task-run", async () => {
    const directory = mkdtempSync(join(tmpdir(), "experiment-store-"));
    try {
      fake.reset();
      const first = openSqliteExperimentStore(directory);
      const stop = new AbortController();
      const killed = await runExperiment({
        design: design("resume", [CHAT_FULL], 2),
        store: first,
        transport: createDirectTransport(env),
        concurrency: 1,
        signal: stop.signal,
        onProgress: (progress) => {
          if (progress.done === 7) stop.abort();
        },
      });
      first.close();
      expect(killed.status).toBe("cancelled");
      expect(killed.results).toHaveLength(7);
      const promptsSent = () =>
        fake.requests.filter((request) => (request.body as { messages: unknown[] }).messages.length === 2).length;
      const startedBefore = promptsSent();

      const second = openSqliteExperimentStore(directory);
      const resumed = await runExperiment({
        design: design("resume", [CHAT_FULL], 2),
        store: second,
        transport: createDirectTransport(env),
        concurrency: 2,
      });
      second.close();
      expect(resumed.status).toBe("finished");
      expect(resumed.skipped).toBe(7);
      expect(resumed.ran).toBe(33);
      const keys = resumed.results.map((result) => result.key);
      expect(new Set(keys).size).toBe(40);
      // The resumed session started exactly the 33 task-runs it did not have (one first request each).
      expect(promptsSent() - startedBefore).toBe(33);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it("retries a 429 with backoff and counts it", async () => {
    fake.reset();
    fake.enqueue({ kind: "error", status: 429, retryAfter: 1 }, { kind: "error", status: 429 });
    const delays: number[] = [];
    const outcome = await runExperiment({
      design: { ...design("retry", [CHAT_FULL]), tasks: TASKS.slice(1, 2) },
      store: memoryExperimentStore(),
      transport: createDirectTransport(env),
      retry: { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 10_000 },
      sleep: async (milliseconds) => void delays.push(milliseconds),
    });
    expect(outcome.results[0].retries).toBe(2);
    expect(outcome.results[0].completed).toBe(true);
    // retry-after: 1 s first, then the exponential backoff's second step (500 · 2¹).
    expect(delays).toEqual([1000, 1000]);
  }, 30_000);

  it("the budget stops the run before it is exceeded", async () => {
    fake.reset();
    const budgetUsd = 0.004;
    const outcome = await runExperiment({
      design: design("budget", [CHAT_FULL]),
      store: memoryExperimentStore(),
      transport: createDirectTransport(env),
      concurrency: 2,
      budgetUsd,
      sleep: noSleep,
    });
    expect(outcome.status).toBe("budget");
    expect(outcome.results.length).toBeGreaterThan(0);
    expect(outcome.results.length).toBeLessThan(20);
    // What the provider billed, from every usage it reported (also of a task-run cut short), stays within budget.
    const prices = getModel("openai-chat", "gpt-5.4")!.prices;
    const billed = fake.usages.reduce(
      (sum, usage) =>
        sum +
        computeCost(
          { uncached: usage.input - usage.cacheRead, cacheRead: usage.cacheRead, cacheWrite: 0, output: usage.output },
          prices,
          { ttl: "5m", writesBilled: false },
        ).totalUsd,
      0,
    );
    expect(billed).toBeLessThanOrEqual(budgetUsd);
    expect(outcome.spentUsd).toBeLessThanOrEqual(budgetUsd);
  }, 60_000);
});
