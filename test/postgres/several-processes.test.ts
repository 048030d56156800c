/**
 * Several app processes on one PostgreSQL database behave as one: two processes of the real route handlers
 * (test/postgres/app-process.ts), each its own Node process with its own memory, share the page token's secret, a
 * short link made through one opens through the other, and the share rate limit counts both processes' requests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { PAGE_TOKEN_HEADER } from "@/lib/server/request-guard";
import { encodeWorkspace } from "@/lib/share";
import { startPostgresCluster, type PostgresCluster } from "./cluster";

const POSTGRES_PORT = 4306;

type AppProcess = { child: ChildProcess; origin: string; token: string };

let cluster: PostgresCluster | null = null;
const apps: AppProcess[] = [];

function startApp(databaseUrl: string): Promise<AppProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "app-process.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PLAYGROUND_SHARE_RATE_BURST: "3",
      PLAYGROUND_SHARE_RATE_PER_MINUTE: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    let errors = "";
    child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready (\d+) (\S+)/.exec(output);
      if (ready) resolve({ child, origin: `http://127.0.0.1:${ready[1]}`, token: ready[2] });
    });
    child.on("exit", (code) => reject(new Error(`app process exited ${code}: ${errors}`)));
  });
}

beforeAll(async () => {
  cluster = startPostgresCluster(POSTGRES_PORT);
  if (!cluster) return;
  const url = await cluster.createDatabase("several_processes");
  // Started together: both migrate the empty database at once, and the advisory lock lets one do it.
  apps.push(...(await Promise.all([startApp(url), startApp(url)])));
}, 120_000);

afterAll(() => {
  for (const app of apps) app.child.kill();
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
