#!/usr/bin/env node
/**
 * `npm test`: every check of the project, in two stages, and a table of how long each took (docs/TESTING.md,
 * "CI time"). It fails when any check fails: the checks of a stage always run to their end (one run reports every
 * failure of its stage), and no later stage starts after a failure.
 *
 *   1. typecheck (route types, then tsc), lint and format check, side by side: each uses one core.
 *   2. the unit tests beside the production build and then the browser tests against that build (E2E_PREBUILT=1
 *      tells playwright.config.ts not to build it again). Vitest runs one test file at a time on a 2-core machine
 *      (its default is one worker fewer than the cores), so the build takes the other core instead of waiting, and
 *      the browser tests start when the build is done rather than when the unit tests are. The build skips Next.js's
 *      own TypeScript pass: stage 1 already ran tsc over the same files, route types included, and the build would
 *      repeat it (a minute or more on CI's machine).
 *
 * The single checks stay available on their own: `npm run typecheck`, `lint`, `format:check`, `test:unit`,
 * `test:e2e` (which builds for itself), and `test:unit:lts`, the unit tests on the current Node.js LTS
 * (scripts/node-lts.mjs: the official binary from the npm registry). That run is not a stage here: beside the build
 * it made stage 2 twice as long (654 s against ≈ 330 s on a clean clone), which took CI past 25 minutes.
 *
 * Plain JavaScript on purpose, like scripts/serve.mjs: it runs with `node` before any build tool.
 */
/* global process, console, performance, Buffer */
import { spawn } from "node:child_process";

const STAGES = [
  [
    { name: "typecheck", command: "npm run --silent typecheck" },
    { name: "lint", command: "npm run --silent lint" },
    { name: "format:check", command: "npm run --silent format:check" },
  ],
  [
    // Printed whole when it ends: the browser tests stream beside it.
    { name: "test:unit", command: "npm run --silent test:unit" },
    {
      name: "build",
      command: "npx next build",
      env: { PLAYGROUND_SKIP_BUILD_TYPECHECK: "1" },
      // The browser tests start as soon as the build is done, while the unit tests finish on the other core.
      then: { name: "test:e2e", command: "npm run --silent test:e2e", stream: true, env: { E2E_PREBUILT: "1" } },
    },
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
      const outcome = code === 0 ? "passed" : signal ? `stopped (${signal})` : `FAILED (exit code ${code})`;
      timings.push({ name: job.name, elapsed, outcome });
      console.log(`── ${job.name}: ${outcome} in ${elapsed.toFixed(1)} s ──`);
      resolve(code === 0);
    });
  });
}

/** Runs a job, then the job it names as `then` if it passed. */
async function runChain(job) {
  const passed = await run(job);
  return passed && job.then ? runChain(job.then) : passed;
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
  const outcomes = await Promise.all(stage.map(runChain));
  if (outcomes.includes(false)) {
    failed = true;
    break;
  }
}
console.log("\nnpm test: time per check (s)");
for (const { name, elapsed, outcome } of timings)
  console.log(`  ${name.padEnd(14)} ${elapsed.toFixed(1).padStart(7)}  ${outcome}`);
console.log(`  ${"total".padEnd(14)} ${seconds(started).toFixed(1).padStart(7)}`);
if (failed) {
  console.error("npm test: FAILED");
  process.exit(1);
}
console.log("npm test: every check passed");
