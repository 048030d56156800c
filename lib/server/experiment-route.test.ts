import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageRequest, readNdjson } from "@/test/fake-provider/route-client";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { startFakeEmbeddingServer } from "@/scripts/test-support/fake-embedding-server";
import { handleExperimentRun, handleExperimentTasks, type ExperimentRequestBody } from "./experiment-route";

const TASKS = readFileSync(join(__dirname, "..", "..", "examples", "tasks", "weather.jsonl"), "utf8");
const KEY = "sk-ant-route-test-0123456789";
let fake: FakeProvider;
let directory: string;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeProvider();
  directory = mkdtempSync(join(tmpdir(), "experiment-route-"));
  env = { PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url, PLAYGROUND_DATA_DIR: directory, PLAYGROUND_LIVE_LOG: "off" };
});
afterAll(async () => {
  await fake.close();
  rmSync(directory, { recursive: true, force: true });
});

const body = (extra: Partial<ExperimentRequestBody> = {}): ExperimentRequestBody => ({
  example: "weather",
  tasks: TASKS,
  provider: "anthropic",
  model: "claude-opus-4-8",
  strategies: ["full", "anthropic-tool-search"],
  repetitions: 1,
  simulated: true,
  ...extra,
});

describe("/api/experiment", () => {
  it("answers a shipped task set", async () => {
    const response = handleExperimentTasks(pageRequest("/api/experiment?tasks=weather", null, { method: "GET" }));
    expect(((await response.json()) as { tasks: string }).tasks).toBe(TASKS);
  });

  it("estimates, then runs on the simulated model without a key", async () => {
    const estimate = await readNdjson(
      await handleExperimentRun(pageRequest("/api/experiment", body({ estimateOnly: true })), env),
    );
    expect(estimate).toEqual([expect.objectContaining({ type: "estimate", taskRuns: 16 })]);
    const lines = await readNdjson(await handleExperimentRun(pageRequest("/api/experiment", body()), env));
    const done = lines.at(-1) as { type: string; results: Array<{ mode: string }> };
    expect(done.type).toBe("done");
    expect(done.results).toHaveLength(16);
    expect(done.results.every((result) => result.mode === "simulated")).toBe(true);
  }, 30_000);

  it("a measured run needs a key, spends a pasted one on the provider and never echoes it", async () => {
    const refused = await handleExperimentRun(pageRequest("/api/experiment", body({ simulated: false })), env);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("missing_key");
    fake.reset();
    const response = await handleExperimentRun(
      pageRequest("/api/experiment", body({ simulated: false, strategies: ["full"] }), { key: KEY }),
      env,
    );
    const text = await response.text();
    expect(text).not.toContain(KEY);
    const lines = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; results?: Array<{ mode: string }> });
    expect(lines.filter((line) => line.type === "progress")).toHaveLength(8);
    const done = lines.at(-1)!;
    expect(done.results!.filter((result) => result.mode === "measured")).toHaveLength(8);
    expect(fake.requests.map((request) => request.headers["x-api-key"] ?? request.headers.authorization)).toEqual(
      fake.requests.map(() => expect.stringContaining(KEY)),
    );
  }, 60_000);

  it("a measured run's client search: the server's embedding endpoint when one is set, and the results say so", async () => {
    const semantic = body({ simulated: false, strategies: ["gateway"], search: { kind: "semantic" } });
    const refused = await handleExperimentRun(pageRequest("/api/experiment", semantic, { key: KEY }), env);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/EMBEDDINGS_BASE_URL/);
    const embeddings = await startFakeEmbeddingServer();
    try {
      fake.reset();
      const withEndpoint = { ...env, EMBEDDINGS_BASE_URL: embeddings.baseUrl, EMBEDDINGS_MODEL: "fake-embed" };
      const lines = await readNdjson(
        await handleExperimentRun(
          pageRequest(
            "/api/experiment",
            { ...semantic, tasks: TASKS.split("\n").slice(0, 2).join("\n") },
            { key: KEY },
          ),
          withEndpoint,
        ),
      );
      const done = lines.at(-1) as unknown as { results: Array<{ mode: string; search?: string }> };
      const measured = done.results.filter((result) => result.mode === "measured");
      expect(measured).toHaveLength(2);
      expect(measured.map((result) => result.search)).toEqual(["semantic", "semantic"]);
      // The simulated model beside it keeps the lexical search.
      expect(done.results.filter((result) => result.mode === "simulated").every((result) => !result.search)).toBe(true);
      expect(embeddings.requests.length).toBeGreaterThan(0);
    } finally {
      await embeddings.close();
    }
  }, 60_000);
});
