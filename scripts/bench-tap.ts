/**
 * npm run bench:tap -- [--port 3205] [--requests 2000] [--samples 300] [--in-process]
 *
 * The recording tap's cost, measured against a fake streaming upstream on loopback:
 * 1. added time to first byte: the same streamed request straight to the upstream and through the tap, alternated,
 *    after a warm-up; the median and p99 of the paired differences (the goal: ≤ 5 ms and ≤ 25 ms);
 * 2. 50 concurrent streaming requests from one client: each must arrive byte for byte as the upstream sent it;
 * 3. memory over `--requests` requests (10 at a time): the server's resident set after each quarter.
 *
 * By default the tap is the production server (`node scripts/serve.mjs`, the build in .next; run `npx next build`
 * first), started here with TAP_ANTHROPIC_UPSTREAM pointing at the fake and a throwaway data folder, so the figures
 * include Next's routing. `--in-process` measures lib/tap alone behind a bare node:http server instead.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { TapStore } from "../lib/tap/tap-store";
import { startTapTestServer } from "../lib/tap/test-support";

type Options = { port: number; requests: number; samples: number; inProcess: boolean };

function fail(message: string): never {
  console.error(`bench:tap: ${message}`);
  process.exit(2);
}

function parseArguments(argv: readonly string[]): Options {
  const options: Options = { port: 3205, requests: 2000, samples: 300, inProcess: false };
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

function residentMiB(pid: number | undefined): number | null {
  if (pid === undefined) return process.memoryUsage().rss / 1024 / 1024;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
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

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const upstream = await startUpstream();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-tap-"));
  let tapOrigin: string;
  let stop: () => Promise<void>;
  let serverPid: number | undefined;
  if (options.inProcess) {
    const store = new TapStore({ directory: dataDir });
    const server = await startTapTestServer({
      environment: { TAP_ANTHROPIC_UPSTREAM: upstream.url },
      store: () => store,
      exposed: () => false,
    });
    tapOrigin = server.origin;
    stop = async () => {
      await server.close();
      store.close();
    };
  } else {
    if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID")))
      fail("no production build in .next: run npx next build first (or pass --in-process)");
    const child = spawn(process.execPath, ["scripts/serve.mjs", "--port", String(options.port)], {
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        TAP_ANTHROPIC_UPSTREAM: upstream.url,
        PLAYGROUND_DATA_DIR: dataDir,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    serverPid = child.pid;
    tapOrigin = `http://127.0.0.1:${options.port}`;
    await waitForServer(`${tapOrigin}/api/live/status`, child);
    stop = async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    };
  }
  const direct = `${upstream.url}/v1/messages`;
  const tapped = `${tapOrigin}/tap/anthropic/v1/messages`;
  console.log(
    `bench:tap: tap ${options.inProcess ? "in process (lib/tap behind node:http)" : `= the production server (scripts/serve.mjs, pid ${serverPid})`}; upstream ${upstream.url}; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`,
  );

  try {
    // 1. Added time to first byte.
    for (let index = 0; index < 50; index += 1) {
      await post(direct, requestBody(index));
      await post(tapped, requestBody(index));
    }
    const directTimes: number[] = [];
    const tapTimes: number[] = [];
    const added: number[] = [];
    for (let index = 0; index < options.samples; index += 1) {
      const body = requestBody(index);
      const first = await post(direct, body);
      const second = await post(tapped, body);
      if (second.text !== first.text) fail(`sample ${index}: the tap's answer differs from the upstream's`);
      directTimes.push(first.ttfbMs);
      tapTimes.push(second.ttfbMs);
      added.push(second.ttfbMs - first.ttfbMs);
    }
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(
      `TTFB over ${options.samples} paired requests: direct median ${ms(percentile(directTimes, 0.5))}, p99 ${ms(percentile(directTimes, 0.99))}; ` +
        `through the tap median ${ms(percentile(tapTimes, 0.5))}, p99 ${ms(percentile(tapTimes, 0.99))}`,
    );
    const addedMedian = percentile(added, 0.5);
    const addedP99 = percentile(added, 0.99);
    console.log(
      `added TTFB: median ${ms(addedMedian)} (goal ≤ 5 ms: ${addedMedian <= 5 ? "met" : "NOT met"}), p99 ${ms(addedP99)} (goal ≤ 25 ms: ${addedP99 <= 25 ? "met" : "NOT met"})`,
    );

    // 2. 50 concurrent streams, each whole.
    const concurrent = await Promise.all(Array.from({ length: 50 }, (_, index) => post(tapped, requestBody(index))));
    const whole = concurrent.filter((result) => result.status === 200 && result.text === EXPECTED).length;
    console.log(`50 concurrent streaming requests: ${whole} of 50 arrived whole (byte for byte as sent)`);

    // 3. Memory over many requests.
    const samples: string[] = [];
    const quarter = Math.max(1, Math.floor(options.requests / 4));
    let sent = 0;
    const before = residentMiB(serverPid);
    while (sent < options.requests) {
      const batch = Math.min(10, options.requests - sent);
      const results = await Promise.all(
        Array.from({ length: batch }, (_, index) => post(tapped, requestBody(sent + index))),
      );
      if (results.some((result) => result.text !== EXPECTED)) fail(`a stream arrived broken near request ${sent}`);
      sent += batch;
      if (sent % quarter === 0 || sent === options.requests)
        samples.push(`${sent}: ${residentMiB(serverPid)?.toFixed(0) ?? "?"} MiB`);
    }
    console.log(
      `server resident memory over ${options.requests} requests (before: ${before?.toFixed(0) ?? "?"} MiB): ${samples.join(", ")}`,
    );
    const recorded = new TapStore({ directory: dataDir, readonly: true });
    const total = recorded.sessions().reduce((sum, session) => sum + session.requests, 0);
    recorded.close();
    console.log(`recorded: ${total} requests in the store (every streamed request through the tap)`);
  } finally {
    await stop();
    await upstream.close();
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
