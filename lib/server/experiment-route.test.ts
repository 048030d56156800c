import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageRequest, readNdjson } from "@/test/fake-provider/route-client";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { startFakeEmbeddingServer } from "@/scripts/test-support/fake-embedding-server";
import { runExperimentJob } from "./experiment-jobs";
import {
  handleExperimentRun,
  handleExperimentTasks,
  prepareExperiment,
  type ExperimentRequestBody,
} from "./experiment-route";
import { getStore, type ExperimentJobStatus, type ExperimentJobs } from "./store";

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
  await getStore(env).close();
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

/**
 * The job handler (experiment-jobs.ts) on its own: a job runs its one task-run on the server's key and stores it;
 * a job for a task-run already stored sends nothing (a job delivered again after its process died between the save
 * and the job's completion); a cancelled experiment's job sends nothing, and a cancel that lands during a task-run
 * stops it before its next request. The queue itself is Postgres (test/postgres/several-processes.test.ts); here
 * the store is the SQLite one and the queue's record a stand-in.
 */
const SERVER_KEY = "sk-ant-server-0123456789";
const TASK = TASKS.split("\n")[0];
const RUN_KEY = "full|anthropic|claude-opus-4-8|weather-sf|0";
const jobEnv = () => ({ ...env, ANTHROPIC_API_KEY: SERVER_KEY });

const jobSpec: ExperimentRequestBody = {
  example: "weather",
  tasks: TASK,
  provider: "anthropic",
  model: "claude-opus-4-8",
  strategies: ["full"],
  repetitions: 1,
  simulated: false,
};

/** The queue's record of one experiment; `status` may change while a job runs. */
function recordOf(status: () => ExperimentJobStatus): ExperimentJobs {
  const unused = () => Promise.reject(new Error("not used by the handler here"));
  return {
    record: async () => ({ spec: jobSpec, status: status() }),
    state: async () => null,
    start: unused,
    stop: unused,
    work: unused,
  };
}

describe("runExperimentJob", () => {
  it("runs its task-run once on the server's key, skips it once stored, and sends nothing for a cancelled run", async () => {
    const prepared = await prepareExperiment(jobSpec, jobEnv());
    if (prepared instanceof Response) throw new Error("the design did not build");
    const experiment = prepared.design.id;
    const running = recordOf(() => "running");
    fake.reset();
    await runExperimentJob({ experiment, key: RUN_KEY }, running, jobEnv());
    const sent = fake.requests.length;
    expect(sent).toBeGreaterThan(0);
    expect(fake.requests.map((request) => request.headers["x-api-key"] ?? request.headers.authorization)).toEqual(
      fake.requests.map(() => expect.stringContaining(SERVER_KEY)),
    );
    expect([...(await getStore(jobEnv()).experiments().finishedKeys(experiment))]).toEqual([RUN_KEY]);

    await runExperimentJob({ experiment, key: RUN_KEY }, running, jobEnv());
    expect(fake.requests.length).toBe(sent);

    await runExperimentJob(
      { experiment: `${experiment}-other`, key: RUN_KEY },
      recordOf(() => "cancelled"),
      env,
    );
    expect(fake.requests.length).toBe(sent);
  }, 30_000);

  it("a cancel that lands during a task-run stops it before its next request, and nothing is stored", async () => {
    const other = { ...jobSpec, tasks: TASK.replace("San Francisco right now", "San Francisco tonight") };
    const prepared = await prepareExperiment(other, jobEnv());
    if (prepared instanceof Response) throw new Error("the design did not build");
    const experiment = prepared.design.id;
    fake.reset();
    let status: ExperimentJobStatus = "running";
    const jobs = { ...recordOf(() => status), record: async () => ({ spec: other, status }) };
    // The first reply streams slowly; the cancel is recorded while it streams.
    fake.enqueue({ kind: "slow", delayMs: 150, match: "/v1/messages" });
    const run = runExperimentJob({ experiment, key: RUN_KEY }, jobs, jobEnv());
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    status = "cancelled";
    await run;
    expect(fake.requests).toHaveLength(1);
    expect((await getStore(jobEnv()).experiments().finishedKeys(experiment)).size).toBe(0);
  }, 30_000);
});
