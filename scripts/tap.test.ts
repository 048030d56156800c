/**
 * `npm run tap -- list | export`, the real script in a child process, on a store filled through the tap by the real
 * Anthropic SDK; its export run through `npm run trace` names the same misses as the live view (the page's view is
 * trace import of the /api/tap/export text, lib/trace's traceView).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_TOKEN_HEADER, serverSecret } from "../lib/server/request-guard";
import { tapExportRoute } from "../lib/tap/tap-routes";
import { TapStore } from "../lib/server/store/sqlite-tap-store";
import { startTapTestServer } from "../lib/tap/test-support";
import { analyseTrace } from "../lib/trace";
import { traceView } from "../lib/trace/trace-view";
import { startFakeProvider, type FakeProvider } from "../test/fake-provider/server";
import { runScript } from "./test-support/run-script";
import { sqliteTapRecords } from "../lib/server/store/sqlite-store";

const KEY = "sk-ant-clitest-0123456789abcdef";
const SYSTEM = "You answer questions about the weather and plan trips with care. ".repeat(120);
let directory: string;
let fake: FakeProvider;
let store: TapStore;
let previousDataDir: string | undefined;

const body = (messages: Anthropic.MessageParam[], tools: string[]) => ({
  model: "claude-sonnet-4-6",
  max_tokens: 200,
  system: [{ type: "text" as const, text: SYSTEM, cache_control: { type: "ephemeral" as const } }],
  tools: tools.map((name) => ({
    name,
    description: `The ${name} tool.`,
    input_schema: { type: "object" as const, properties: { city: { type: "string" } } },
  })),
  messages,
});

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "tap-cli-"));
  previousDataDir = process.env.PLAYGROUND_DATA_DIR;
  process.env.PLAYGROUND_DATA_DIR = directory;
  fake = await startFakeProvider();
  store = new TapStore({ directory });
  const server = await startTapTestServer({
    environment: { TAP_ANTHROPIC_UPSTREAM: fake.url },
    store: () => sqliteTapRecords(store),
    exposed: () => false,
  });
  const client = new Anthropic({ apiKey: KEY, baseURL: `${server.origin}/tap/anthropic`, maxRetries: 0 });
  const opening: Anthropic.MessageParam = { role: "user", content: "Plan a week in Provence." };
  await client.messages.create(body([opening], ["get_weather"]));
  const second = [
    opening,
    { role: "assistant" as const, content: "Gladly." },
    { role: "user" as const, content: "Rain?" },
  ];
  await client.messages.create(body(second, ["get_weather"]));
  await client.messages.create(
    body(
      [...second, { role: "assistant", content: "No." }, { role: "user", content: "Wind?" }],
      ["get_weather", "get_wind"],
    ),
  );
  await server.close();
});

afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.PLAYGROUND_DATA_DIR;
  else process.env.PLAYGROUND_DATA_DIR = previousDataDir;
  store.close();
  await fake.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("tap CLI", () => {
  it("lists the sessions, and an export read by npm run trace names the misses the live view names", async () => {
    const list = await runScript("scripts/tap.ts", ["list"]);
    expect(list.stderr).toBe("");
    expect(list.status).toBe(0);
    const session = store.resolveSession("latest")!;
    expect(list.stdout).toContain(`${session.id}\tanthropic\t`);
    expect(list.stdout).toMatch(/\t3\t1\t0\n$/);

    const out = path.join(directory, "session.jsonl");
    const exported = await runScript("scripts/tap.ts", ["export", "latest", "--out", out]);
    expect(exported.status).toBe(0);
    expect(exported.stderr).toBe(`tap: wrote 3 requests of session ${session.id} to ${out}\n`);
    const text = fs.readFileSync(out, "utf8");
    expect(text).not.toContain(KEY);
    const traced = await runScript("scripts/trace.ts", [out, "--json"]);
    expect(traced.status).toBe(0);
    const cli = JSON.parse(traced.stdout) as {
      requests: Array<{ divergence: { cause: string; reason: string } | null }>;
    };

    // The live view: the page asks /api/tap/export and hands the text to trace import.
    const response = await tapExportRoute(
      new Request(`http://localhost:3000/api/tap/export?session=${session.id}`, {
        headers: { host: "localhost:3000", [PAGE_TOKEN_HEADER]: serverSecret() },
      }),
      { store: () => sqliteTapRecords(store) },
    );
    expect(response.status).toBe(200);
    const live = analyseTrace(await response.text());
    if (!live.ok) throw new Error(live.error);
    const liveMisses = traceView(live.analysis).steps.map((step) =>
      step.explanation ? { cause: step.explanation.cause, reason: step.explanation.headline } : null,
    );
    expect(liveMisses.some((miss) => miss?.cause === "tools-changed")).toBe(true);
    expect(
      cli.requests.map(
        (request) => request.divergence && { cause: request.divergence.cause, reason: request.divergence.reason },
      ),
    ).toEqual(liveMisses);

    const har = await runScript("scripts/tap.ts", ["export", session.id, "--format", "har"]);
    expect(har.status).toBe(0);
    expect(JSON.parse(har.stdout).log.entries).toHaveLength(3);
  });

  it("exits 2 with a one-line reason on bad input", async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /^tap: usage: npm run tap -- list/],
      [["frobnicate"], /^tap: unknown command frobnicate; usage/],
      [["export"], /^tap: export needs a session id or latest; usage/],
      [["export", "latest", "--format", "csv"], /^tap: unknown format csv; use jsonl or har$/],
      [["export", "no-such-session"], /^tap: no session no-such-session \(npm run tap -- list shows the ids\)$/],
      [["export", "latest", "--out"], /^tap: --out needs a value$/],
    ];
    for (const [args, reason] of cases) {
      const run = await runScript("scripts/tap.ts", args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.split("\n").filter(Boolean)).toHaveLength(1);
      expect(run.stderr.trim()).toMatch(reason);
    }
  });
});
