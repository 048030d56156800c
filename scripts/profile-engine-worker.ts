/**
 * npx tsx scripts/profile-engine-worker.ts [--port 3000] [--example synthetic-10000] [--top 25] [--trace out.json]
 * npx tsx scripts/profile-engine-worker.ts --read out.json [--top 60]   (the same report from a kept trace)
 *
 * Where the engine WORKER's time goes in Chromium, next to `node --cpu-prof` of the same run (docs/PERFORMANCE.md):
 * it opens `?example=<id>` in Debian's Chromium with V8's sampling profiler on for every thread (the trace category
 * `disabled-by-default-v8.cpu_profiler`, which samples dedicated workers too, nested ones included), waits until
 * every strategy ran, and prints for each thread that ran script — the page, the engine worker, the count helper —
 * its sampled time and the functions with the most self time (and the heaviest by total time, callers included).
 * A measure it is not (`npm run bench:browser` is): sampling adds its own cost; the shares are what it is for.
 */
import fs from "node:fs";
import os from "node:os";
import { chromium } from "@playwright/test";
import { baseUrl, flag } from "./bench-support";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; parent?: number; callFrame: CallFrame };
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
  };
};

/** One sampled thread: its profile's nodes by id and the sampled microseconds by node. */
type ThreadProfile = { nodes: Map<number, ProfileNode>; selfMicros: Map<number, number>; thread: string };

function frameLabel(frame: CallFrame): string {
  const file = frame.url ? frame.url.replace(/^.*\/_next\/static\//, "").replace(/^.*\//, "") : "";
  return `${frame.functionName || "(anonymous)"}${file ? ` ${file}:${frame.lineNumber + 1}` : ""}`;
}

function collectProfiles(events: TraceEvent[]): ThreadProfile[] {
  const threadNames = new Map<string, string>();
  for (const event of events) {
    if (event.ph === "M" && event.name === "thread_name")
      threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? "");
  }
  const profiles = new Map<string, ThreadProfile>();
  // A "Profile" event opens a profile on its thread; its "ProfileChunk"s (same pid and id) may come from another tid.
  const threadOfProfile = new Map<string, string>();
  for (const event of events) {
    if (event.name === "Profile") threadOfProfile.set(`${event.pid}:${event.id}`, `${event.pid}:${event.tid}`);
  }
  for (const event of events) {
    if (event.name !== "ProfileChunk") continue;
    const key = `${event.pid}:${event.id}`;
    const thread = threadOfProfile.get(key) ?? `${event.pid}:${event.tid}`;
    let profile = profiles.get(key);
    if (!profile) {
      profile = { nodes: new Map(), selfMicros: new Map(), thread: `${threadNames.get(thread) ?? "?"} (${thread})` };
      profiles.set(key, profile);
    }
    const data = event.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    // Each delta is the time since the previous sample: charged to the sample it ends on.
    samples.forEach((node, index) => {
      profile.selfMicros.set(node, (profile.selfMicros.get(node) ?? 0) + Math.max(0, deltas[index] ?? 0));
    });
  }
  return [...profiles.values()];
}

function report(profile: ThreadProfile, top: number): void {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let sampled = 0;
  let idle = 0;
  for (const [id, micros] of profile.selfMicros) {
    const node = profile.nodes.get(id);
    if (!node) continue;
    const label = frameLabel(node.callFrame);
    if (node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)") {
      idle += micros;
      continue;
    }
    sampled += micros;
    self.set(label, (self.get(label) ?? 0) + micros);
    // Total: every distinct function on the stack once.
    const seen = new Set<string>();
    for (let current: ProfileNode | undefined = node; current;) {
      const currentLabel = frameLabel(current.callFrame);
      if (!seen.has(currentLabel)) {
        seen.add(currentLabel);
        total.set(currentLabel, (total.get(currentLabel) ?? 0) + micros);
      }
      current = current.parent === undefined ? undefined : profile.nodes.get(current.parent);
    }
  }
  if (sampled < 50_000) return;
  const ms = (micros: number) => `${(micros / 1000).toFixed(0).padStart(7)} ms`;
  console.log(`\n${profile.thread}: ${ms(sampled)} in script/GC (idle or program ${ms(idle).trim()})`);
  console.log("  self time:");
  for (const [label, micros] of [...self].sort((left, right) => right[1] - left[1]).slice(0, top)) {
    console.log(`  ${ms(micros)} ${((micros / sampled) * 100).toFixed(1).padStart(5)} %  ${label}`);
  }
  console.log("  total time (callers included):");
  for (const [label, micros] of [...total].sort((left, right) => right[1] - left[1]).slice(0, top)) {
    console.log(`  ${ms(micros)} ${((micros / sampled) * 100).toFixed(1).padStart(5)} %  ${label}`);
  }
}

function reportTrace(buffer: Buffer, top: number): void {
  const events = (JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  for (const profile of collectProfiles(events)) report(profile, top);
}

async function main(): Promise<void> {
  const top = Number(flag("top") ?? 25);
  const kept = flag("read");
  if (kept) return reportTrace(fs.readFileSync(kept), top);
  const url = baseUrl();
  const example = flag("example") ?? "synthetic-10000";
  const executablePath =
    process.env.PLAYWRIGHT_CHROMIUM_PATH || (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ["disabled-by-default-v8.cpu_profiler", "__metadata"] });
  const started = Date.now();
  await page.goto(`${url}/?example=${example}`, { waitUntil: "commit" });
  await page.locator('[data-testid="prefix-bar-content"]:not([data-detail=""])').waitFor({ timeout: 600_000 });
  const firstRequest = Date.now() - started;
  await page.getByTestId("run-status").getByText("simulated in").waitFor({ timeout: 600_000 });
  const all = Date.now() - started;
  const status = ((await page.getByTestId("run-status").textContent()) ?? "").replace(/.*simulated in/, "").trim();
  const buffer = await browser.stopTracing();
  await browser.close();
  const traceFile = flag("trace");
  if (traceFile) fs.writeFileSync(traceFile, buffer);
  console.log(
    `${example} at ${url}, load average ${os.loadavg()[0].toFixed(1)}: first request ${(firstRequest / 1000).toFixed(1)} s, ` +
      `all strategies ${(all / 1000).toFixed(1)} s, worker's run ${status}`,
  );
  reportTrace(buffer, top);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
