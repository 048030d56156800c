#!/usr/bin/env node
/**
 * `npm test`: every check of the project, in two stages, and a table of how long each took (docs/TESTING.md,
 * "CI time"). It fails when any check fails: the checks of a stage always run to their end (one run reports every
 * failure of its stage), and no later stage starts after a failure.
 *
 *   1. typecheck (route types, then tsc), lint and format check, side by side: each uses one core. Beside them the
 *      LTS binary is installed and better-sqlite3 compiled for it (`node-lts prepare`): on a clean CI machine that
 *      made this stage about 40 s longer and the last job, which nothing runs beside at its end, about 45 s shorter.
 *   2. the unit tests beside the production build, then the browser tests against that build (E2E_PREBUILT=1 tells
 *      playwright.config.ts not to build it again) in two parts: part 1 starts when the build is done, while the
 *      unit tests finish on the other core, and part 2 when both are done, so neither core idles. Each part has its
 *      own server, fakes, ports and result folders (E2E_PART in playwright.config.ts), since some specs change a
 *      server's state (a rate limit they exhaust, a fake's request log they read). Vitest runs one test file at a
 *      time on a 2-core machine (its default is one worker fewer than the cores). The build skips Next.js's own
 *      TypeScript pass: stage 1 already ran tsc over the same files, route types included. When part 2 is done, the
 *      unit tests run a second time on the current Node.js LTS (`test:unit:lts`, scripts/node-lts.mjs: the official
 *      binary from the npm registry, with better-sqlite3 built for it) on the core part 2 leaves while part 1
 *      finishes: beside the build it doubled stage 2's time, after every other check it would add its whole time.
 *
 * Part 2's ports are E2E_PORT_2, FAKE_PROVIDER_PORT_2 and MCP_SERVER_PORT_2 (defaults 3117, 3189, 3188); part 1 uses
 * playwright.config.ts's E2E_PORT, FAKE_PROVIDER_PORT and MCP_SERVER_PORT.
 *
 * The single checks stay available on their own: `npm run typecheck`, `lint`, `format:check`, `test:unit`,
 * `test:unit:lts` and `test:e2e` (which builds for itself).
 *
 * Plain JavaScript on purpose, like scripts/serve.mjs: it runs with `node` before any build tool.
 */
/* global process, console, performance, Buffer */
import { spawn } from "node:child_process";

const E2E_PART_1 = { E2E_PREBUILT: "1", E2E_PART: "1" };
const E2E_PART_2 = {
  E2E_PREBUILT: "1",
  E2E_PART: "2",
  E2E_PORT: process.env.E2E_PORT_2 ?? "3117",
  FAKE_PROVIDER_PORT: process.env.FAKE_PROVIDER_PORT_2 ?? "3189",
  MCP_SERVER_PORT: process.env.MCP_SERVER_PORT_2 ?? "3188",
};

const STAGES = [
  [
    { name: "typecheck", command: "npm run --silent typecheck" },
    { name: "lint", command: "npm run --silent lint" },
    { name: "format:check", command: "npm run --silent format:check" },
    { name: "node-lts prepare", command: "node scripts/node-lts.mjs --version" },
  ],
  [
    // Printed whole when it ends: the browser tests stream beside it.
    { name: "test:unit", command: "npm run --silent test:unit" },
    {
      name: "build",
      command: "npx next build",
      env: { PLAYGROUND_SKIP_BUILD_TYPECHECK: "1" },
      // Part 1 of the browser tests starts as soon as the build is done, while the unit tests finish.
      then: { name: "test:e2e 1/2", command: "npm run --silent test:e2e", stream: true, env: E2E_PART_1 },
    },
    // Part 2 takes the core the unit tests leave. Its output is printed whole, so the two parts' lines do not mix.
    { name: "test:e2e 2/2", after: ["test:unit", "build"], command: "npm run --silent test:e2e", env: E2E_PART_2 },
    // The same unit tests on the other supported Node.js line, on the core part 2 leaves, and on both once part 1
    // is done (it ends soon after part 2): two Vitest workers.
    { name: "test:unit:lts", after: ["test:e2e 2/2"], command: "npm run --silent test:unit:lts -- --maxWorkers=2" },
  ],
];

const running = new Set();
const timings = [];

function seconds(since) {
  return (performance.now() - since) / 1000;
}

/** Runs one check in its own process group, so Ctrl-C stops it with everything it started. */
function run(job) {
  const started = performance.now();
  const output = [];
  const child = spawn(job.command, {
    shell: true,
    detached: true,
    env: { ...process.env, ...job.env },
    stdio: ["ignore", job.stream ? "inherit" : "pipe", job.stream ? "inherit" : "pipe"],
  });
  running.add(child);
  // Checks that run side by side would interleave their lines: their output is printed whole when they end.
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      running.delete(child);
      const elapsed = seconds(started);
      if (!job.stream) {
        console.log(`\n── ${job.name} ──`);
        process.stdout.write(Buffer.concat(output).toString());
      }
      const verdict = code === 0 ? "passed" : signal ? `stopped (${signal})` : `FAILED (exit code ${code})`;
      timings.push({ name: job.name, elapsed, outcome: verdict });
      console.log(`── ${job.name}: ${verdict} in ${elapsed.toFixed(1)} s ──`);
      outcome(job.name).resolve(code === 0);
      resolve(code === 0);
    });
  });
}

/** Runs a job, then the job it names as `then` if it passed. */
async function runChain(job) {
  const passed = await run(job);
  return passed && job.then ? runChain(job.then) : passed;
}

/** The outcome of a job by name, once it has run: what a job with `after` waits for. */
const outcomes = new Map();
function outcome(name) {
  if (!outcomes.has(name)) {
    let resolve;
    const promise = new Promise((done) => (resolve = done));
    outcomes.set(name, { promise, resolve });
  }
  return outcomes.get(name);
}

/**
 * Runs a stage's jobs side by side. A job with `after` starts when the jobs it names have ended (those jobs only, not
 * the jobs they start next) and only if they passed.
 */
function runStage(stage) {
  return Promise.all(
    stage.map(async (job) => {
      if (job.after) {
        const before = await Promise.all(job.after.map((name) => outcome(name).promise));
        if (before.includes(false)) {
          console.log(`── ${job.name}: not run (${job.after.join(" or ")} failed) ──`);
          return false;
        }
      }
      return runChain(job);
    }),
  );
}

function stopAll(signal) {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(code);
  });
}

const started = performance.now();
let failed = false;
for (const stage of STAGES) {
  const passed = await runStage(stage);
  if (passed.includes(false)) {
    failed = true;
    break;
  }
}
console.log("\nnpm test: time per check (s)");
for (const { name, elapsed, outcome } of timings)
  console.log(`  ${name.padEnd(16)} ${elapsed.toFixed(1).padStart(7)}  ${outcome}`);
console.log(`  ${"total".padEnd(16)} ${seconds(started).toFixed(1).padStart(7)}`);
if (failed) {
  console.error("npm test: FAILED");
  process.exit(1);
}
console.log("npm test: every check passed");
