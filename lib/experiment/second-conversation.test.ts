/**
 * The experiment's prefilter and subagent cells send their second conversation for real (LiveRun's lane): against
 * the fake provider over loopback through the official SDKs, a cell's requests, tokens and cost are every request
 * the provider answered — the small model's and the sub-agent's included, each at its own model's prices — and
 * the sub-agent's tool calls are the cell's catalog calls, their argument errors the cell's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeCost, getModel } from "@/lib/models";
import { createDirectTransport } from "@/lib/server/experiment-transport";
import { faultOf } from "@/test/fake-provider/fake-model";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { runExperiment, type ExperimentDesign } from "./runner";
import { FAULT_CATALOG, faultTasks } from "./test-support/known-faults";
import { memoryExperimentStore, type ExperimentCell } from "./types";

const FAULTS = { invalidArgumentsShare: 0.3 };
const TASKS = faultTasks(6);
const PREFILTER: ExperimentCell = { strategy: "prefilter", provider: "anthropic", model: "claude-opus-4-8" };
const SUBAGENT: ExperimentCell = { strategy: "subagent", provider: "anthropic", model: "claude-opus-4-8" };

let fake: FakeProvider;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeProvider({ faults: FAULTS });
  env = {
    PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: "sk-ant-test-lanes",
    PLAYGROUND_LIVE_LOG: "off",
  };
});
afterAll(() => fake.close());

function design(id: string, cell: ExperimentCell, taskIndex: number): ExperimentDesign {
  return {
    id,
    catalog: FAULT_CATALOG,
    tasks: [TASKS[taskIndex]],
    cells: [cell],
    repetitions: 1,
    settings: { prefilterModel: "claude-haiku-4-5", cacheTtl: "5m" },
  };
}

/** One task of one cell; what the fake provider answered for it, summed, and priced at each request's model. */
async function runOne(cell: ExperimentCell, taskIndex: number) {
  fake.reset();
  const outcome = await runExperiment({
    design: design(`${cell.strategy}-${taskIndex}`, cell, taskIndex),
    store: memoryExperimentStore(),
    transport: createDirectTransport(env),
    concurrency: 1,
  });
  expect(outcome.status).toBe("finished");
  const sent = fake.requests.filter((request) => request.path === "/v1/messages");
  const usage = fake.usages.reduce(
    (sum, one) => ({
      input: sum.input + one.input,
      cacheRead: sum.cacheRead + one.cacheRead,
      cacheWrite: sum.cacheWrite + one.cacheWrite,
      output: sum.output + one.output,
    }),
    { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 },
  );
  const cost = fake.usages.reduce((sum, one, index) => {
    const model = getModel("anthropic", String((sent[index].body as { model: string }).model))!;
    const tokens = { ...one, uncached: one.input - one.cacheRead - one.cacheWrite };
    return sum + computeCost(tokens, model.prices, { ttl: "5m", writesBilled: true }).totalUsd;
  }, 0);
  return { result: outcome.results[0], sent, usage, cost };
}

describe("the experiment's cells with a second conversation", () => {
  it("prefilter: the small model's requests are in the cell's requests, tokens and cost", async () => {
    const { result, sent, usage, cost } = await runOne(PREFILTER, 0);
    const models = sent.map((request) => (request.body as { model: string }).model);
    expect(models[0]).toBe("claude-haiku-4-5");
    expect(models.slice(1).every((model) => model === "claude-opus-4-8")).toBe(true);
    expect(result.requests).toBe(sent.length);
    expect(result.tokens).toEqual(usage);
    expect(result.costUsd).toBeCloseTo(cost, 12);
    expect(result.selected).toBe(true);
  });

  it("subagent: the sub-agent's requests are the cell's, and its tool calls' argument errors count as the cell's", async () => {
    const faults = TASKS.map((task) => faultOf(task.prompt, FAULTS));
    const broken = faults.indexOf("invalid-arguments");
    const clean = faults.indexOf(null);
    expect(broken).toBeGreaterThanOrEqual(0);
    expect(clean).toBeGreaterThanOrEqual(0);
    for (const [index, invalid] of [
      [clean, 0],
      [broken, 1],
    ] as const) {
      const { result, sent, usage, cost } = await runOne(SUBAGENT, index);
      // Main: delegate, answer; sub-agent: the tool call, the summary.
      expect(sent).toHaveLength(4);
      expect(result.requests).toBe(4);
      expect(result.tokens).toEqual(usage);
      expect(result.costUsd).toBeCloseTo(cost, 12);
      expect(result.catalogCalls).toBe(1);
      expect(result.invalidCalls).toBe(invalid);
      expect(result.completed).toBe(invalid === 0);
      // The delegation is the round trip a tool costs in this strategy, not a call to an unknown tool.
      expect(result.unknownCalls).toBe(0);
      expect(result.discoveryCalls).toBe(1);
    }
  });
});
