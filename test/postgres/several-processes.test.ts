/**
 * Several app processes on one PostgreSQL database behave as one: two processes of the real route handlers
 * (test/postgres/app-process.ts), each its own Node process with its own memory, share the page token's secret, a
 * short link made through one opens through the other, the share rate limit counts both processes' requests, a
 * tap recording made through one is read through the other, and an experiment queued through one is cancelled
 * through the other, or, once its process is killed, finished by `npm run worker` without running a finished
 * task-run twice, within seconds (the lease: its heartbeat goes stale; the job's own expiry is an hour), and a worker
 * stopped cleanly leaves no heartbeat. The experiment's provider is the fake on loopback; only the first process takes jobs, so the
 * test knows which process holds the task-run it kills.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { PAGE_TOKEN_HEADER } from "@/lib/server/request-guard";
import { encodeWorkspace } from "@/lib/share";
import type { ExperimentRequestBody } from "@/lib/server/experiment-route";
import type { ExperimentJobState } from "@/lib/server/store";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { startPostgresCluster, type PostgresCluster } from "./cluster";

// PLAYGROUND_TEST_POSTGRES_PORT: another free port, when several checkouts test on one machine.
const POSTGRES_PORT = Number(process.env.PLAYGROUND_TEST_POSTGRES_PORT) || 4306;

type AppProcess = { child: ChildProcess; origin: string; token: string };

let cluster: PostgresCluster | null = null;
let fake: FakeProvider;
let databaseUrl = "";
const apps: AppProcess[] = [];
const children: ChildProcess[] = [];

function environment(jobs: boolean): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PLAYGROUND_SHARE_RATE_BURST: "3",
    PLAYGROUND_SHARE_RATE_PER_MINUTE: "1",
    // The server's own key (a job never sees a key given in a request) and the fake as every provider and upstream.
    ANTHROPIC_API_KEY: "sk-ant-team-server-0123456789",
    PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url,
    TAP_ANTHROPIC_UPSTREAM: fake.url,
    PLAYGROUND_LIVE_LOG: "off",
    PLAYGROUND_JOB_CONCURRENCY: jobs ? "1" : "0",
    // The job's expiry stays at its default (an hour): a killed process's task-run is handed back by the lease,
    // its heartbeat stale after 2 s here rather than 20.
    PLAYGROUND_JOB_HEARTBEAT_SECONDS: "0.5",
    PLAYGROUND_JOB_STALE_SECONDS: "2",
  };
}

/** Spawns `file` under tsx and resolves when its stdout matches `ready`. */
function spawnReady(file: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<[ChildProcess, RegExpExecArray]> {
  const child = spawn(process.execPath, ["--import", "tsx", file], { env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    let errors = "";
    child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) resolve([child, found]);
    });
    child.on("exit", (code) => reject(new Error(`${path.basename(file)} exited ${code}: ${errors}`)));
  });
}

async function startApp(jobs: boolean): Promise<AppProcess> {
  const [child, ready] = await spawnReady(
    path.join(__dirname, "app-process.ts"),
    environment(jobs),
    /ready (\d+) (\S+)/,
  );
  return { child, origin: `http://127.0.0.1:${ready[1]}`, token: ready[2] };
}

beforeAll(async () => {
  cluster = startPostgresCluster(POSTGRES_PORT);
  if (!cluster) return;
  fake = await startFakeProvider();
  databaseUrl = await cluster.createDatabase("several_processes");
  // Started together: both migrate the empty database at once, and the advisory lock lets one do it.
  apps.push(...(await Promise.all([startApp(true), startApp(false)])));
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await fake?.close();
  cluster?.stop();
});

const headers = (app: AppProcess) => ({
  origin: app.origin,
  "content-type": "application/json",
  [PAGE_TOKEN_HEADER]: app.token,
});

describe("two app processes on one database", () => {
  it("share one page secret; a link made through one opens through the other; the rate limit counts both", async (context) => {
    if (!cluster) return context.skip();
    const [first, second] = apps;
    expect(first.token).toBe(second.token);

    const scenario = await loadExample("learning-agent");
    const { payload } = encodeWorkspace({ scenario, strategyId: "gateway", stepIndex: 2, forceProvider: false });
    const made = await fetch(`${first.origin}/api/share`, {
      method: "POST",
      headers: headers(first),
      body: JSON.stringify({ payload }),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const opened = await fetch(`${second.origin}/api/share/${id}`, { headers: headers(second) });
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { payload: string }).payload.length).toBeGreaterThan(100);

    // A burst of 3 per client: one spent above on the first process, one more on each, then the fourth is refused
    // by whichever process it reaches.
    const post = (app: AppProcess) =>
      fetch(`${app.origin}/api/share`, { method: "POST", headers: headers(app), body: "{}" }).then((r) => r.status);
    expect(await post(second)).toBe(400);
    expect(await post(first)).toBe(400);
    expect(await post(second)).toBe(429);
  });
});

const WEATHER = readFileSync(path.join(__dirname, "..", "..", "examples", "tasks", "weather.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim());

/** A measured experiment on the server's key: three weather tasks (`from` picks which), one strategy, one run each. */
const experiment = (from: number): ExperimentRequestBody => ({
  example: "weather",
  tasks: WEATHER.slice(from, from + 3).join("\n"),
  provider: "anthropic",
  model: "claude-opus-4-8",
  strategies: ["full"],
  repetitions: 1,
  simulated: false,
});

const experimentUrl = (app: AppProcess, id: string) => `${app.origin}/api/experiment?id=${encodeURIComponent(id)}`;

async function jobState(app: AppProcess, id: string): Promise<ExperimentJobState> {
  const response = await fetch(experimentUrl(app, id), { headers: headers(app) });
  expect(response.status).toBe(200);
  return (await response.json()) as ExperimentJobState;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts an experiment through `app`; resolves with its id once queued, and with every NDJSON line at the end. */
async function startExperiment(app: AppProcess, body: ExperimentRequestBody) {
  const response = await fetch(`${app.origin}/api/experiment`, {
    method: "POST",
    headers: headers(app),
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const lines: Array<Record<string, unknown> & { type: string }> = [];
  let buffer = "";
  let queued: (id: string) => void = () => {};
  const id = new Promise<string>((resolve) => (queued = resolve));
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let at = buffer.indexOf("\n"); at >= 0; at = buffer.indexOf("\n")) {
          const line = JSON.parse(buffer.slice(0, at)) as (typeof lines)[number];
          buffer = buffer.slice(at + 1);
          lines.push(line);
          if (line.type === "job" && line.mode === "queued") queued(String(line.id));
          if (line.type === "error") throw new Error(String(line.message));
        }
      }
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // a killed process ends its stream mid-way
    }
    return lines;
  })();
  return { id, ended };
}

/** The task ids of an experiment's stored task-runs, read from the database itself. */
async function storedTaskIds(experiment: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ result: string }>("SELECT result FROM experiment_runs WHERE experiment = $1", [
      experiment,
    ]);
    return rows.rows.map((row) => (JSON.parse(row.result) as { taskId: string }).taskId);
  } finally {
    await client.end();
  }
}

/** The ids of the processes whose heartbeat is in the database. */
async function heartbeats(): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ id: string }>("SELECT id FROM job_processes")).rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/** The fake's requests that open a task-run (one user message), counted by that message. */
function runsStarted(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of fake.requests) {
    const messages = (request.body as { messages?: unknown[] }).messages ?? [];
    if (messages.length !== 1) continue;
    const opening = JSON.stringify(messages[0]);
    counts.set(opening, (counts.get(opening) ?? 0) + 1);
  }
  return counts;
}

describe("two app processes on one database: the tap and experiment jobs", () => {
  it("a recording made through one process's tap is read through the other's tap API", async (context) => {
    if (!cluster) return context.skip();
    const [first, second] = apps;
    fake.reset();
    const recorded = await fetch(`${first.origin}/tap/anthropic/v1/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": "sk-ant-agent-0123456789",
        "anthropic-version": "2023-06-01",
      },
      body: JSON.stringify({
        model: "claude-opus-4-8",
        max_tokens: 64,
        messages: [{ role: "user", content: "What is the weather in Oslo?" }],
      }),
    });
    expect(recorded.status).toBe(200);
    await recorded.text();
    // The page polls /api/tap; the write lands just after the reply, so the read may need a moment.
    const sessions = await until(
      async () =>
        (
          (await (await fetch(`${second.origin}/api/tap`, { headers: headers(second) })).json()) as {
            sessions: Array<{ provider: string; requests: number }>;
          }
        ).sessions,
      (list) => list.length > 0,
      "the recording",
      5_000,
    );
    expect(sessions.map((session) => [session.provider, session.requests])).toEqual([["anthropic", 1]]);
  });

  it("an experiment queued through one process is cancelled through the other", async (context) => {
    if (!cluster) return context.skip();
    const [first, second] = apps;
    fake.reset();
    // The first reply streams slowly: the cancel is recorded while it streams, and the task-run must stop there.
    fake.enqueue({ kind: "slow", delayMs: 100, match: "/v1/messages" });
    const run = await startExperiment(first, experiment(0));
    const id = await run.id;
    await until(
      async () => fake.requests.length,
      (count) => count >= 1,
      "the first request",
    );

    const cancel = await fetch(experimentUrl(second, id), { method: "DELETE", headers: headers(second) });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as ExperimentJobState).status).toBe("cancelled");

    // The page that started it hears the cancel from the database, and the run sends nothing more.
    const lines = await run.ended;
    const done = lines.at(-1) as { type: string; status: string; results: Array<{ mode: string }> };
    expect([done.type, done.status]).toEqual(["done", "cancelled"]);
    expect(done.results.filter((result) => result.mode === "measured")).toEqual([]);
    // Longer than the slow reply takes: a task-run that went on would have sent its second request by then.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(fake.requests).toHaveLength(1);
    expect(await jobState(first, id)).toMatchObject({ status: "cancelled", done: 0, total: 3 });
    fake.reset();
  }, 30_000);

  it("an experiment whose process is killed mid-run is finished by `npm run worker`, no finished task-run run twice", async (context) => {
    if (!cluster) return context.skip();
    const [first, second] = apps;
    fake.reset();
    // The first task-run is answered; the next request hangs, so the first process dies holding a task-run.
    fake.enqueue({ kind: "hang", match: "/v1/messages", after: 2 });
    const run = await startExperiment(first, experiment(3));
    const id = await run.id;
    const before = await until(
      () => jobState(second, id),
      (state) => state.done >= 1,
      "the first task-run",
    );
    await until(
      async () => fake.requests.length,
      (count) => count >= 3,
      "the hanging request",
    );
    first.child.kill("SIGKILL");
    await run.ended;
    expect(before).toMatchObject({ status: "running", done: 1, total: 3 });
    const finishedBeforeKill = (await storedTaskIds(id)).map(
      (taskId) =>
        WEATHER.map((line) => JSON.parse(line) as { id: string; prompt: string }).find((task) => task.id === taskId)!
          .prompt,
    );

    const [worker] = await spawnReady(
      path.join(__dirname, "..", "..", "scripts", "worker.ts"),
      environment(true),
      /taking experiment jobs/,
    );
    const after = await until(
      () => jobState(second, id),
      (state) => state.status !== "running",
      "the worker",
    );
    // A clean stop (SIGTERM) removes the worker's heartbeat; the killed process's went once it was stale.
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
    expect(await heartbeats()).toEqual([]);
    expect(after).toMatchObject({ status: "finished", done: 3, total: 3 });
    const started = runsStarted();
    expect(started.size).toBe(3);
    // The task-run finished before the kill opened once; the one the killed process held opened twice.
    expect(finishedBeforeKill).toHaveLength(1);
    const opened = (prompt: string) => [...started.entries()].find(([opening]) => opening.includes(prompt))?.[1];
    expect(opened(finishedBeforeKill[0])).toBe(1);
    expect([...started.values()].sort()).toEqual([1, 1, 2]);
    expect((await storedTaskIds(id)).length).toBe(3);
  }, 60_000);
});
