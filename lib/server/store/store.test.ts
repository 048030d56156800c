/**
 * The store's behaviour, once per implementation: SQLite files in a temporary folder, and PostgreSQL on a real
 * throw-away cluster (test/postgres/cluster.ts), a fresh database per test so each starts from the migrations.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPostgresCluster, type PostgresCluster } from "@/test/postgres/cluster";
import type { TaskRunResult } from "../../experiment/types";
import { shortLinkId } from "../share-store";
import { MIGRATIONS } from "./migrations";
import { openPostgresStore } from "./postgres-store";
import type { TapExchange } from "./sqlite-tap-store";
import { openSqliteStore } from "./sqlite-store";
import type { PlaygroundStore, StoreOptions } from "./types";

// PLAYGROUND_TEST_POSTGRES_PORT: another free port, when several checkouts test on one machine.
const POSTGRES_PORT = Number(process.env.PLAYGROUND_TEST_POSTGRES_PORT) || 4305;
const DAY = 24 * 60 * 60 * 1000;

let cluster: PostgresCluster | null = null;
let databases = 0;
const opened: PlaygroundStore[] = [];

beforeAll(() => {
  cluster = startPostgresCluster(POSTGRES_PORT);
}, 60_000);

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

afterAll(() => cluster?.stop());

function options(overrides: Partial<StoreOptions> = {}): StoreOptions {
  return {
    directory: fs.mkdtempSync(path.join(os.tmpdir(), "store-test-")),
    shareMaxEntryBytes: 1000,
    shareMaxTotalBytes: 2500,
    shareTtlDays: 10,
    tapMaxTotalBytes: 1_000_000,
    ...overrides,
  };
}

type Kind = "sqlite" | "postgres";

async function fresh(kind: Kind, overrides: Partial<StoreOptions> = {}): Promise<PlaygroundStore> {
  let store: PlaygroundStore;
  if (kind === "sqlite") store = openSqliteStore(options(overrides));
  else {
    if (!cluster) throw new Error("no cluster");
    databases += 1;
    store = openPostgresStore(await cluster.createDatabase(`store_test_${databases}`), options(overrides));
  }
  opened.push(store);
  await store.ready();
  return store;
}

function exchange(firstUser: string, startedAtMs: number, overrides: Partial<TapExchange> = {}): TapExchange {
  return {
    tap: "anthropic",
    provider: "anthropic",
    method: "POST",
    url: "https://api.anthropic.com/v1/messages",
    model: "claude-sonnet-4-5",
    status: 200,
    requestBody: JSON.stringify({ model: "claude-sonnet-4-5", messages: [{ role: "user", content: firstUser }] }),
    responseBody: '{"type":"message"}',
    responseType: "application/json",
    usage: { input: 12, uncached: 12, cacheRead: 0, cacheWrite: 0, output: 3 },
    startedAtMs,
    ttfbMs: 41.5,
    totalMs: 97.25,
    incomplete: null,
    ...overrides,
  };
}

const KINDS: Kind[] = ["sqlite", "postgres"];

describe.each(KINDS)("the %s store", (kind) => {
  const skip = () => kind === "postgres" && !cluster;

  it("short links: content-addressed, first payload kept, caps on one entry and the whole store", async (context) => {
    if (skip()) return context.skip();
    const shares = (await fresh(kind)).shares();
    const t = Date.parse("2026-12-01T10:00:00Z");
    const a = await shares.put("scenario A", "1.aaaa", t);
    expect(a).toEqual({ ok: true, id: shortLinkId("scenario A"), created: true });
    expect(await shares.put("scenario A", "1.other", t)).toEqual({ ok: true, id: a.ok ? a.id : "", created: false });
    expect(await shares.get(shortLinkId("scenario A"), t)).toBe("1.aaaa");
    expect(await shares.get(shortLinkId("never stored"), t)).toBeNull();
    expect(await shares.put("too big", "x".repeat(1001), t)).toMatchObject({ ok: false, code: "entry_too_large" });
    expect(await shares.put("B", "b".repeat(1000), t)).toMatchObject({ ok: true, created: true });
    expect(await shares.put("C", "c".repeat(1000), t)).toMatchObject({ ok: true, created: true });
    expect(await shares.put("D", "d".repeat(1000), t)).toMatchObject({ ok: false, code: "store_full" });
  });

  it("short links: a read renews an entry; the sweep deletes those unused past the TTL", async (context) => {
    if (skip()) return context.skip();
    const shares = (await fresh(kind)).shares();
    const t = Date.parse("2026-12-01T10:00:00Z");
    await shares.put("kept", "1.kept", t);
    await shares.put("dropped", "1.dropped", t);
    expect(await shares.get(shortLinkId("kept"), t + 8 * DAY)).toBe("1.kept");
    expect(await shares.sweep(t + 12 * DAY)).toBe(1);
    expect(await shares.get(shortLinkId("dropped"), t + 12 * DAY)).toBeNull();
    expect(await shares.get(shortLinkId("kept"), t + 12 * DAY)).toBe("1.kept");
  });

  it("tap: groups pairs into sessions and conversations, and reads every field back", async (context) => {
    if (skip()) return context.skip();
    const tap = (await fresh(kind)).tap();
    const t = Date.parse("2026-12-01T10:00:00Z");
    expect(await tap.record(exchange("Plan a trip", t), t)).toEqual({ ok: true });
    await tap.record(exchange("Plan a trip", t + 1000), t);
    await tap.record(exchange("Another task", t + 2000, { incomplete: "the client disconnected" }), t);
    await tap.record(exchange("x", t + 3000, { provider: "openai-chat", tap: "openai", ttfbMs: null, usage: null }), t);
    await tap.record(exchange("Later", t + 2 * 60 * 60 * 1000), t);
    const sessions = await tap.sessions();
    expect(sessions.map((s) => [s.provider, s.requests, s.conversations, s.incomplete])).toEqual([
      ["anthropic", 1, 1, 0],
      ["openai-chat", 1, 1, 0],
      ["anthropic", 3, 2, 1],
    ]);
    expect((await tap.resolveSession("latest"))?.id).toBe(sessions[0].id);
    expect(await tap.resolveSession("nope")).toBeNull();
    const third = await tap.exchanges(sessions[2].id);
    expect(third.map((e) => e.conversation)).toEqual([1, 1, 2]);
    expect(third[0]).toMatchObject({ ...exchange("Plan a trip", t), sessionId: sessions[2].id });
    const openai = await tap.exchanges(sessions[1].id);
    expect(openai[0]).toMatchObject({ ttfbMs: null, usage: null, tap: "openai" });
    expect(await tap.deleteSessions(sessions[1].id)).toBe(1);
    expect(await tap.sessions()).toHaveLength(2);
    expect(await tap.deleteSessions("all")).toBe(2);
    expect(await tap.sessions()).toEqual([]);
  });

  it("tap: the retention deletes old sessions; a full store keeps the pair in memory and says so", async (context) => {
    if (skip()) return context.skip();
    const tap = (await fresh(kind, { tapMaxTotalBytes: 400 })).tap();
    const t = Date.now();
    await tap.record(exchange("old", t - 10 * DAY), t - 10 * DAY);
    await tap.record(exchange("new", t), t);
    expect(await tap.settings()).toEqual({ retentionDays: 30 });
    expect(await tap.setSettings({ retentionDays: 7 }, t)).toEqual({ retentionDays: 7 });
    expect((await tap.sessions()).map((s) => s.requests)).toEqual([1]);
    const refused = await tap.record(exchange("n".repeat(400), t + 1), t);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("full") });
    expect(tap.health()).toMatchObject({ pending: 1, lastError: expect.stringContaining("full") });
    await tap.deleteSessions("all");
    expect(tap.health()).toMatchObject({ pending: 1 });
  });

  it("experiments: a task-run finished twice keeps its first result; results come back in finishing order", async (context) => {
    if (skip()) return context.skip();
    const experiments = (await fresh(kind)).experiments();
    const result = (key: string, note: string) => ({ key, note }) as unknown as TaskRunResult;
    await experiments.save("e1", result("b", "first"));
    await experiments.save("e1", result("a", "second"));
    await experiments.save("e1", result("b", "again"));
    await experiments.save("e2", result("c", "other"));
    expect([...(await experiments.finishedKeys("e1"))].sort()).toEqual(["a", "b"]);
    expect(await experiments.results("e1")).toEqual([result("b", "first"), result("a", "second")]);
    expect(await experiments.results("none")).toEqual([]);
  });

  it("embeddings: vectors come back bit for bit; a key written again is replaced", async (context) => {
    if (skip()) return context.skip();
    const cache = (await fresh(kind)).embeddings();
    const vector = new Float32Array([0.1, -2.5, Math.PI, 1e-30]);
    await cache.putMany([
      ["space|a", vector],
      ["space|b", new Float32Array([1])],
    ]);
    await cache.putMany([["space|b", new Float32Array([2, 3])]]);
    const found = await cache.getMany(["space|a", "space|b", "space|missing"]);
    expect([...found.keys()].sort()).toEqual(["space|a", "space|b"]);
    expect([...found.get("space|a")!]).toEqual([...vector]);
    expect([...found.get("space|b")!]).toEqual([2, 3]);
  });

  it("rate limits: a bucket empties, refuses with a wait, and refills with time", async (context) => {
    if (skip()) return context.skip();
    const limits = (await fresh(kind)).rateLimits();
    const bucket = { capacity: 2, refillPerSecond: 0.5 };
    const t = 1_000_000;
    expect(await limits.take("share", "1.2.3.4", bucket, t)).toEqual({ ok: true });
    expect(await limits.take("share", "1.2.3.4", bucket, t)).toEqual({ ok: true });
    expect(await limits.take("share", "1.2.3.4", bucket, t)).toEqual({ ok: false, retryAfterSeconds: 2 });
    expect(await limits.take("share", "5.6.7.8", bucket, t)).toEqual({ ok: true });
    expect(await limits.take("share", "1.2.3.4", bucket, t + 2000)).toEqual({ ok: true });
  });
});

describe("PostgreSQL migrations", () => {
  it("two stores starting together on an empty database migrate it once", async (context) => {
    if (!cluster) return context.skip();
    databases += 1;
    const url = await cluster.createDatabase(`store_test_${databases}`);
    const first = openPostgresStore(url, options());
    const second = openPostgresStore(url, options());
    opened.push(first, second);
    await Promise.all([first.ready(), second.ready()]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rows = (await client.query("SELECT version FROM schema_migrations ORDER BY version")).rows;
      expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    } finally {
      await client.end();
    }
    // Both answer, and a third process finds nothing left to apply.
    await first.shares().put("x", "1.x");
    expect(await second.shares().get(shortLinkId("x"))).toBe("1.x");
    const third = openPostgresStore(url, options());
    opened.push(third);
    await third.ready();
  });
});

describe("PostgreSQL job lease", () => {
  /** The state of each experiment job, and the processes with a heartbeat, read from the database itself. */
  async function read(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const jobs = (await client.query<{ state: string }>("SELECT state FROM pgboss.job ORDER BY created_on")).rows;
      const processes = (await client.query<{ id: string }>("SELECT id FROM job_processes")).rows;
      return { states: jobs.map((job) => job.state), processes: processes.length };
    } finally {
      await client.end();
    }
  }

  async function waitFor(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("a job whose holder's heartbeat is stale goes to another process at once; a clean stop hands its jobs back", async (context) => {
    if (!cluster) return context.skip();
    databases += 1;
    const url = await cluster.createDatabase(`store_test_${databases}`);
    // The expiry stays an hour: only the lease can hand the job on within the test.
    const holder = openPostgresStore(
      url,
      options({ jobs: { heartbeatSeconds: 3600, staleSeconds: 1, pollingSeconds: 0.5 } }),
    );
    const other = openPostgresStore(
      url,
      options({ jobs: { heartbeatSeconds: 0.2, staleSeconds: 1, pollingSeconds: 0.5 } }),
    );
    opened.push(holder, other);
    const taken: string[] = [];
    const hang = (who: string) => async () => {
      taken.push(who);
      await new Promise(() => {});
    };
    await holder.experimentJobs()!.work(hang("holder"), 1);
    await holder.experimentJobs()!.start("e1", {}, ["k1"]);
    await waitFor(async () => taken.length === 1, "the holder to take the job");
    await other.experimentJobs()!.work(hang("other"), 1);
    // The holder writes no heartbeat for an hour: once its only one is a second old, the other process takes over.
    await waitFor(async () => taken.length === 2, "the other process to take the job");
    expect(taken).toEqual(["holder", "other"]);
    expect((await read(url)).states).toEqual(["active"]);

    // A clean stop: the job is back in the queue (retry) and the heartbeat gone, before any staleness.
    opened.splice(opened.indexOf(other), 1);
    await other.close();
    const after = await read(url);
    expect(after.states).toEqual(["retry"]);
    expect(after.processes).toBe(0);
  }, 20_000);
});
