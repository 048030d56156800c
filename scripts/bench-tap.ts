/**
 * npm run bench:tap -- [--port 3205] [--requests 2000] [--samples 300] [--runs 3] [--in-process]
 *
 * The recording tap's cost, measured against a fake streaming upstream on loopback:
 * 1. added time to first byte: the same streamed request straight to the upstream, through the production server's
 *    tap, and through lib/tap alone in this process (a bare node:http server: the part of the figure that is the
 *    tap's own code), in turn, after a warm-up; the median and p99 of the paired differences (the goal: ≤ 5 ms and
 *    ≤ 25 ms), `--runs` times with the load average of each, and the median of the runs;
 * 2. 50 concurrent streaming requests from one client: each must arrive byte for byte as the upstream sent it;
 * 3. memory over `--requests` requests (10 at a time): the server's heap, off-heap buffers and resident set after a
 *    forced garbage collection, before and at a quarter, half and all of them, and whether it stays flat.
 *
 * The production server is `node scripts/serve.mjs` (the build in .next; run `npx next build` first), started here
 * with TAP_ANTHROPIC_UPSTREAM pointing at the fake, a throwaway data folder and scripts/bench-tap-probe.mjs (which
 * collects garbage and reports memory on SIGUSR2). `--in-process` measures lib/tap alone, without a build.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { TapStore } from "../lib/server/store/sqlite-tap-store";
import { startTapTestServer } from "../lib/tap/test-support";
import { sqliteTapRecords } from "../lib/server/store/sqlite-store";

type Options = { port: number; requests: number; samples: number; runs: number; inProcess: boolean };

function fail(message: string): never {
  console.error(`bench:tap: ${message}`);
  process.exit(2);
}

function parseArguments(argv: readonly string[]): Options {
  const options: Options = { port: 3205, requests: 2000, samples: 300, runs: 3, inProcess: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = () => {
      const text = argv[++index];
      const parsed = Number(text);
      if (!Number.isInteger(parsed) || parsed <= 0) fail(`${argument} needs a positive whole number`);
      return parsed;
    };
    if (argument === "--port") options.port = value();
    else if (argument === "--requests") options.requests = value();
    else if (argument === "--samples") options.samples = value();
    else if (argument === "--runs") options.runs = value();
    else if (argument === "--in-process") options.inProcess = true;
    else fail(`unknown argument ${argument}`);
  }
  return options;
}

const EVENTS = 20;
const EVENT_GAP_MS = 2;
function eventText(index: number): string {
  const data = { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: `word ${index} ` } };
  return `event: content_block_delta\ndata: ${JSON.stringify(data)}\n\n`;
}
const START =
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_bench","type":"message","role":"assistant","model":"claude-sonnet-4-6","content":[],"usage":{"input_tokens":5000,"cache_read_input_tokens":4000,"cache_creation_input_tokens":0,"output_tokens":1}}}\n\n';
const STOP = 'event: message_stop\ndata: {"type":"message_stop"}\n\n';
const EXPECTED = START + Array.from({ length: EVENTS }, (_, index) => eventText(index)).join("") + STOP;

/** A fake Anthropic stream: the first event at once, then one every EVENT_GAP_MS. */
async function startUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      response.write(START);
      let index = 0;
      const next = () => {
        if (response.destroyed) return;
        if (index === EVENTS) return void response.end(STOP);
        response.write(eventText(index++));
        setTimeout(next, EVENT_GAP_MS);
      };
      setTimeout(next, EVENT_GAP_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const TOOLS = Array.from({ length: 40 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Does thing number ${index} to a record of the workspace, carefully and with a receipt.`,
  input_schema: { type: "object", properties: { id: { type: "string" }, note: { type: "string" } } },
}));
function requestBody(index: number): string {
  return JSON.stringify({
    model: "claude-sonnet-4-6",
    max_tokens: 256,
    stream: true,
    system: "You are a careful agent. ".repeat(200),
    tools: TOOLS,
    messages: [{ role: "user", content: `Question ${index % 7}` }],
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One streamed POST: time to the first body byte and the whole body. */
function post(url: string, body: string): Promise<{ ttfbMs: number; text: string; status: number }> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "x-api-key": "sk-ant-bench-0000000000000000",
          "anthropic-version": "2023-06-01",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        let ttfbMs = -1;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => {
          if (ttfbMs < 0) ttfbMs = performance.now() - began;
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({ ttfbMs, text: Buffer.concat(chunks).toString("utf8"), status: response.statusCode ?? 0 }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

type Memory = { heapUsed: number; external: number; rss: number };
const MIB = 1024 * 1024;

/** The memory a process really holds: after a forced collection (the child's probe, or this process's gc). */
async function memoryAfterGc(pid: number | undefined, probeFile: string): Promise<Memory> {
  if (pid === undefined) {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) fail("run with node --expose-gc (npm run bench:tap does) to measure memory after a collection");
    gc();
    gc();
    const usage = process.memoryUsage();
    return { heapUsed: usage.heapUsed, external: usage.external, rss: usage.rss };
  }
  fs.rmSync(probeFile, { force: true });
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      const usage = JSON.parse(fs.readFileSync(probeFile, "utf8")) as Memory;
      return { heapUsed: usage.heapUsed, external: usage.external, rss: usage.rss };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  fail("the server's memory probe did not answer (scripts/bench-tap-probe.mjs)");
}

const memoryText = (memory: Memory) =>
  `heap ${(memory.heapUsed / MIB).toFixed(1)}, buffers ${(memory.external / MIB).toFixed(1)}, resident ${(memory.rss / MIB).toFixed(0)} MiB`;

/**
 * Flat: what the collector cannot free (heap and off-heap buffers) grows by under 4 MiB from the first checkpoint to
 * the last (a leak of one 10 KB request body per request would be 15 MiB over 1,500), and the resident set by under
 * 10 % (allocator and SQLite page cache settle without shrinking).
 */
function isFlat(first: Memory, last: Memory): boolean {
  const retained = last.heapUsed + last.external - (first.heapUsed + first.external);
  return retained < 4 * MIB && last.rss < first.rss * 1.1;
}

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  fail(`the server at ${url} did not answer within 120 s`);
}

type Ttfb = { direct: number[]; tap: number[]; added: number[]; inProcessAdded: number[] };

/** One run of paired requests: straight, through the tap, and (when measured) through lib/tap in this process. */
async function measureTtfb(direct: string, tapped: string, inProcess: string | null, samples: number): Promise<Ttfb> {
  const result: Ttfb = { direct: [], tap: [], added: [], inProcessAdded: [] };
  for (let index = 0; index < samples; index += 1) {
    const body = requestBody(index);
    const first = await post(direct, body);
    const second = await post(tapped, body);
    if (second.text !== first.text) fail(`sample ${index}: the tap's answer differs from the upstream's`);
    result.direct.push(first.ttfbMs);
    result.tap.push(second.ttfbMs);
    result.added.push(second.ttfbMs - first.ttfbMs);
    if (inProcess) {
      const third = await post(inProcess, body);
      if (third.text !== first.text) fail(`sample ${index}: lib/tap's answer differs from the upstream's`);
      result.inProcessAdded.push(third.ttfbMs - first.ttfbMs);
    }
  }
  return result;
}

const median = (values: readonly number[]) => percentile(values, 0.5);

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const upstream = await startUpstream();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-tap-"));
  const inProcessDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-tap-in-process-"));
  const probeFile = path.join(dataDir, "memory.json");
  // lib/tap alone, in this process: the whole figure with --in-process, and the tap's own part beside the server.
  const inProcessStore = new TapStore({ directory: inProcessDir });
  const inProcessServer = await startTapTestServer({
    environment: { TAP_ANTHROPIC_UPSTREAM: upstream.url },
    store: () => sqliteTapRecords(inProcessStore),
    exposed: () => false,
  });
  let tapOrigin = inProcessServer.origin;
  let stopServer = async () => undefined;
  let serverPid: number | undefined;
  if (!options.inProcess) {
    if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID")))
      fail("no production build in .next: run npx next build first (or pass --in-process)");
    const probe = path.join(process.cwd(), "scripts", "bench-tap-probe.mjs");
    const child = spawn(
      process.execPath,
      ["--expose-gc", "--import", pathToFileURL(probe).href, "scripts/serve.mjs", "--port", String(options.port)],
      {
        env: {
          ...process.env,
          NEXT_TELEMETRY_DISABLED: "1",
          TAP_ANTHROPIC_UPSTREAM: upstream.url,
          PLAYGROUND_DATA_DIR: dataDir,
          BENCH_TAP_PROBE_FILE: probeFile,
        },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    serverPid = child.pid;
    tapOrigin = `http://127.0.0.1:${options.port}`;
    await waitForServer(`${tapOrigin}/api/live/status`, child);
    stopServer = async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    };
  }
  const direct = `${upstream.url}/v1/messages`;
  const tapped = `${tapOrigin}/tap/anthropic/v1/messages`;
  const inProcessTapped = options.inProcess ? null : `${inProcessServer.origin}/tap/anthropic/v1/messages`;
  console.log(
    `bench:tap: tap ${options.inProcess ? "in process (lib/tap behind node:http)" : `= the production server (scripts/serve.mjs, pid ${serverPid}), beside lib/tap in process`}; upstream ${upstream.url}; ${os.cpus().length} CPUs`,
  );

  try {
    // 1. Added time to first byte.
    for (let index = 0; index < 50; index += 1) {
      await post(direct, requestBody(index));
      await post(tapped, requestBody(index));
      if (inProcessTapped) await post(inProcessTapped, requestBody(index));
    }
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    const runMedians: number[] = [];
    const runP99s: number[] = [];
    const inProcessMedians: number[] = [];
    for (let run = 1; run <= options.runs; run += 1) {
      const load = os.loadavg()[0];
      const ttfb = await measureTtfb(direct, tapped, inProcessTapped, options.samples);
      runMedians.push(median(ttfb.added));
      runP99s.push(percentile(ttfb.added, 0.99));
      if (inProcessTapped) inProcessMedians.push(median(ttfb.inProcessAdded));
      console.log(
        `run ${run} (load ${load.toFixed(1)}), ${options.samples} pairs: direct median ${ms(median(ttfb.direct))}, through the tap ${ms(median(ttfb.tap))}; ` +
          `added median ${ms(median(ttfb.added))}, p99 ${ms(percentile(ttfb.added, 0.99))}` +
          (inProcessTapped
            ? `; lib/tap alone in process adds median ${ms(median(ttfb.inProcessAdded))}, p99 ${ms(percentile(ttfb.inProcessAdded, 0.99))}`
            : ""),
      );
    }
    const addedMedian = median(runMedians);
    const addedP99 = median(runP99s);
    console.log(
      `added TTFB, median of ${options.runs} runs: median ${ms(addedMedian)} (goal ≤ 5 ms: ${addedMedian <= 5 ? "met" : "NOT met"}), p99 ${ms(addedP99)} (goal ≤ 25 ms: ${addedP99 <= 25 ? "met" : "NOT met"})` +
        (inProcessTapped ? `; of the median, lib/tap's own code ${ms(median(inProcessMedians))}` : ""),
    );

    // 2. 50 concurrent streams, each whole.
    const concurrent = await Promise.all(Array.from({ length: 50 }, (_, index) => post(tapped, requestBody(index))));
    const whole = concurrent.filter((result) => result.status === 200 && result.text === EXPECTED).length;
    console.log(`50 concurrent streaming requests: ${whole} of 50 arrived whole (byte for byte as sent)`);

    // 3. Memory over many requests, after a forced collection at each checkpoint.
    const checkpoints = new Set([
      Math.max(1, Math.floor(options.requests / 4)),
      Math.max(1, Math.floor(options.requests / 2)),
      options.requests,
    ]);
    const samples: { sent: number; memory: Memory }[] = [];
    let sent = 0;
    const before = await memoryAfterGc(serverPid, probeFile);
    while (sent < options.requests) {
      const batch = Math.min(10, options.requests - sent);
      const results = await Promise.all(
        Array.from({ length: batch }, (_, index) => post(tapped, requestBody(sent + index))),
      );
      if (results.some((result) => result.text !== EXPECTED)) fail(`a stream arrived broken near request ${sent}`);
      const reached = [...checkpoints].find((checkpoint) => sent < checkpoint && sent + batch >= checkpoint);
      sent += batch;
      if (reached !== undefined) samples.push({ sent, memory: await memoryAfterGc(serverPid, probeFile) });
    }
    console.log(`${options.inProcess ? "this process's" : "the server's"} memory after a forced collection:`);
    console.log(`  before: ${memoryText(before)}`);
    for (const sample of samples) console.log(`  after ${sample.sent} requests: ${memoryText(sample.memory)}`);
    const flat = isFlat(samples[0].memory, samples[samples.length - 1].memory);
    console.log(
      `memory over ${options.requests} requests: ${flat ? "flat" : "GROWING"} (heap and buffers ${((samples[samples.length - 1].memory.heapUsed + samples[samples.length - 1].memory.external - samples[0].memory.heapUsed - samples[0].memory.external) / MIB).toFixed(1)} MiB from ${samples[0].sent} to ${samples[samples.length - 1].sent} requests; goal: flat)`,
    );
    const recorded = new TapStore({ directory: options.inProcess ? inProcessDir : dataDir, readonly: true });
    const total = recorded.sessions().reduce((sum, session) => sum + session.requests, 0);
    recorded.close();
    console.log(`recorded: ${total} requests in the store (every streamed request through the tap)`);
  } finally {
    await stopServer();
    await inProcessServer.close();
    inProcessStore.close();
    await upstream.close();
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(inProcessDir, { recursive: true, force: true });
  }
}

void main();
