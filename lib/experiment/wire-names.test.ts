/**
 * The experiment under wire names (settings `toolNameMapping: "wire"`): the model calls the names the provider was
 * sent (`weather_get` for the catalog's `weather.get`), and the tasks expect the catalog's names. Scoring reads each
 * call under the catalog's name, on the simulated model and on the fake provider's model over loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "@/lib/core/catalog";
import { createEngine } from "@/lib/engine";
import { createDirectTransport } from "@/lib/server/experiment-transport";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { cellMetrics } from "./metrics";
import { runExperiment, simulateTaskRun, type ExperimentDesign } from "./runner";
import { FAULT_CATALOG, faultTasks } from "./test-support/known-faults";
import { memoryExperimentStore, type ExperimentCell } from "./types";

/** The known-faults catalog under names MCP allows and Anthropic and OpenAI refuse. */
const RENAMED: Record<string, string> = {
  get_weather: "weather.get",
  send_email: "mail/send",
  create_invoice: "billing.invoice.create",
  translate_text: "text.translate",
};
const CATALOG: Catalog = {
  tools: FAULT_CATALOG.tools.map((tool) => ({ ...tool, name: RENAMED[tool.name] })),
};
const TASKS = faultTasks(8).map((task) => ({
  ...task,
  expect: { tools: task.expect.tools.map((name) => RENAMED[name]) },
}));
const CELLS: ExperimentCell[] = [
  { strategy: "full", provider: "openai-chat", model: "gpt-5.4" },
  { strategy: "anthropic-tool-search", provider: "anthropic", model: "claude-opus-4-8" },
  { strategy: "gateway", provider: "anthropic", model: "claude-opus-4-8" },
];

function design(id: string): ExperimentDesign {
  return { id, catalog: CATALOG, tasks: TASKS, cells: CELLS, repetitions: 1, settings: { toolNameMapping: "wire" } };
}

describe("the experiment under wire names", () => {
  it("on the simulated model, each task's call to its wire name counts as the catalog tool it expects", () => {
    const engine = createEngine();
    for (const cell of CELLS)
      for (const task of TASKS) {
        const { result, run } = simulateTaskRun(engine, design("simulated"), task, cell, 0);
        expect(run.wireNames?.map((entry) => entry.original).sort()).toEqual(Object.values(RENAMED).sort());
        expect({ cell: cell.strategy, task: task.id, stop: result.stop }).toMatchObject({ stop: "completed" });
        expect(result.unknownCalls).toBe(0);
        expect(result.selected).toBe(true);
        expect(result.completed).toBe(true);
      }
  });

  describe("measured, against the fake provider", () => {
    let fake: FakeProvider;
    let env: Record<string, string>;
    beforeAll(async () => {
      fake = await startFakeProvider();
      env = {
        PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url,
        OPENAI_API_KEY: "sk-test-wire-names",
        ANTHROPIC_API_KEY: "sk-ant-test-wire-names",
        PLAYGROUND_LIVE_LOG: "off",
      };
    });
    afterAll(() => fake.close());

    it("sends only wire names, and every task's call counts under the catalog's names", async () => {
      const outcome = await runExperiment({
        design: design("measured"),
        store: memoryExperimentStore(),
        transport: createDirectTransport(env),
        concurrency: 2,
      });
      expect(outcome.status).toBe("finished");
      for (const cell of CELLS) {
        const metrics = cellMetrics(outcome.results.filter((result) => result.cell.strategy === cell.strategy));
        expect({ strategy: cell.strategy, runs: metrics.runs, selection: metrics.toolSelectionAccuracy }).toEqual({
          strategy: cell.strategy,
          runs: TASKS.length,
          selection: 1,
        });
        // The fake model's gateway call carries no arguments it has not seen a schema for: selected, not completed.
        if (cell.strategy !== "gateway") expect(metrics.completionRate).toBe(1);
      }
      expect(outcome.results.every((result) => result.unknownCalls === 0)).toBe(true);
      const sent = JSON.stringify(fake.requests.map((request) => request.body));
      for (const original of Object.values(RENAMED)) expect(sent).not.toContain(JSON.stringify(original));
      expect(sent).toContain('"weather_get"');
    });
  });
});
