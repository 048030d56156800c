/**
 * The experiment job handler on its own, against the fake provider on loopback: a job runs its one task-run on the
 * server's key and stores it; a job for a task-run already stored sends nothing (a job delivered again after its
 * process died between the save and the job's completion); a cancelled experiment's job sends nothing, and a cancel
 * that lands during a task-run stops it before its next request. The queue itself is Postgres
 * (test/postgres/several-processes.test.ts); here the store is the SQLite one and the queue's record a stand-in.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { runExperimentJob } from "./experiment-jobs";
import { prepareExperiment, type ExperimentRequestBody } from "./experiment-route";
import { getStore, type ExperimentJobStatus, type ExperimentJobs } from "./store";

const TASK = readFileSync(join(__dirname, "..", "..", "examples", "tasks", "weather.jsonl"), "utf8").split("\n")[0];
const KEY = "full|anthropic|claude-opus-4-8|weather-sf|0";
let fake: FakeProvider;
let directory: string;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeProvider();
  directory = mkdtempSync(join(tmpdir(), "experiment-jobs-"));
  env = {
    PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: "sk-ant-server-0123456789",
    PLAYGROUND_DATA_DIR: directory,
    PLAYGROUND_LIVE_LOG: "off",
  };
});
afterAll(async () => {
  await fake.close();
  await getStore(env).close();
  rmSync(directory, { recursive: true, force: true });
});

const spec: ExperimentRequestBody = {
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
    record: async () => ({ spec, status: status() }),
    state: async () => null,
    start: unused,
    stop: unused,
    work: unused,
  };
}

describe("runExperimentJob", () => {
  it("runs its task-run once on the server's key, skips it once stored, and sends nothing for a cancelled run", async () => {
    const prepared = await prepareExperiment(spec, env);
    if (prepared instanceof Response) throw new Error("the design did not build");
    const experiment = prepared.design.id;
    const running = recordOf(() => "running");
    fake.reset();
    await runExperimentJob({ experiment, key: KEY }, running, env);
    const sent = fake.requests.length;
    expect(sent).toBeGreaterThan(0);
    expect(fake.requests.map((request) => request.headers["x-api-key"] ?? request.headers.authorization)).toEqual(
      fake.requests.map(() => expect.stringContaining(env.ANTHROPIC_API_KEY)),
    );
    expect([...(await getStore(env).experiments().finishedKeys(experiment))]).toEqual([KEY]);

    await runExperimentJob({ experiment, key: KEY }, running, env);
    expect(fake.requests.length).toBe(sent);

    await runExperimentJob(
      { experiment: `${experiment}-other`, key: KEY },
      recordOf(() => "cancelled"),
      env,
    );
    expect(fake.requests.length).toBe(sent);
  }, 30_000);

  it("a cancel that lands during a task-run stops it before its next request, and nothing is stored", async () => {
    const other = { ...spec, tasks: TASK.replace("San Francisco right now", "San Francisco tonight") };
    const prepared = await prepareExperiment(other, env);
    if (prepared instanceof Response) throw new Error("the design did not build");
    const experiment = prepared.design.id;
    fake.reset();
    let status: ExperimentJobStatus = "running";
    const jobs = { ...recordOf(() => status), record: async () => ({ spec: other, status }) };
    // The first reply streams slowly; the cancel is recorded while it streams.
    fake.enqueue({ kind: "slow", delayMs: 150, match: "/v1/messages" });
    const run = runExperimentJob({ experiment, key: KEY }, jobs, env);
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    status = "cancelled";
    await run;
    expect(fake.requests).toHaveLength(1);
    expect((await getStore(env).experiments().finishedKeys(experiment)).size).toBe(0);
  }, 30_000);
});
