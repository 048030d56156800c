/**
 * npx tsx scripts/profile-import-workers.ts --port <p> [--own-catalog 10000 [--distinct-schemas]] [--out <directory>] [--top 25]
 *
 * Where the engine workers' time goes during a person's import: the same "Open file" of the bench's own catalog
 * (scripts/test-support/own-catalog.ts) into the weather example, with the V8 sampling profiler of every worker
 * (the page's engine worker, its helper, the editor's) on, through the Chrome DevTools Protocol. A trace
 * (`bench:browser:profile --moment import`) shows when each thread is busy; this says in which functions. It writes
 * each worker's `.cpuprofile` (open it in DevTools' Performance panel) and prints each one's heaviest functions by
 * self time. Against a build made with `next build --no-mangling` the functions keep their names. A figure for a
 * person, not a test: the profiler slows the workers, so the import's times it prints are not the bench's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { flag, openFileAndTime, settlePage } from "./bench-support";
import { writeOwnCatalogFile } from "./test-support/own-catalog";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Self time by function (name and file), heaviest first. */
function heaviestFunctions(profile: CpuProfile, count: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop() ?? ""}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
  return [...self]
    .sort((left, right) => right[1] - left[1])
    .slice(0, count)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`);
}

async function main(): Promise<void> {
  const port = Number(flag("port") ?? 3000);
  const count = Number(flag("own-catalog") ?? 10_000) || 10_000;
  const out = flag("out") ?? os.tmpdir();
  const top = Number(flag("top") ?? 25);
  const { file } = writeOwnCatalogFile(count, { distinctSchemas: process.argv.includes("--distinct-schemas") });

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/?example=weather`);
  await page.locator('[data-testid="run-status"][data-running="false"]').waitFor({ timeout: 120_000 });
  // As bench:browser: the file is chosen once the page has settled (`--import-early`: at once).
  if (!process.argv.includes("--import-early")) await settlePage(page);

  // Workers are reached through the browser's own session (a nested worker, the helper, has no page of its own).
  const session = await browser.newBrowserCDPSession();
  let nextId = 1;
  const answers = new Map<string, (message: { result?: unknown }) => void>();
  session.on("Target.receivedMessageFromTarget", (event: { sessionId: string; message: string }) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) answers.get(`${event.sessionId}/${message.id}`)?.(message);
  });
  const call = (sessionId: string, method: string, params: object = {}) => {
    const id = nextId++;
    const answer = new Promise<{ result?: unknown }>((resolve) => answers.set(`${sessionId}/${id}`, resolve));
    void session
      .send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) })
      .catch(() => answers.get(`${sessionId}/${id}`)?.({}));
    return answer;
  };
  const profiled = new Map<string, { sessionId: string; name: string }>();
  const attach = async (targetId: string, name: string) => {
    if (profiled.has(targetId)) return;
    const { sessionId } = (await session.send("Target.attachToTarget", { targetId, flatten: false })) as {
      sessionId: string;
    };
    profiled.set(targetId, { sessionId, name: name || `worker-${profiled.size + 1}` });
    await call(sessionId, "Profiler.enable");
    await call(sessionId, "Profiler.setSamplingInterval", { interval: 250 });
    await call(sessionId, "Profiler.start");
  };
  session.on("Target.targetCreated", (event: { targetInfo: { type: string; targetId: string; title: string } }) => {
    if (event.targetInfo.type === "worker") void attach(event.targetInfo.targetId, event.targetInfo.title);
  });
  await session.send("Target.setDiscoverTargets", { discover: true });
  const { targetInfos } = (await session.send("Target.getTargets")) as {
    targetInfos: Array<{ type: string; targetId: string; title: string }>;
  };
  for (const target of targetInfos) if (target.type === "worker") await attach(target.targetId, target.title);

  const times = await openFileAndTime(page, file, count);
  console.log(
    `import of ${count} tools under the profiler: scenario shown ${times.shown.toFixed(0)} ms, first request ` +
      `${times.firstRequest.toFixed(0)} ms, every strategy ${times.all.toFixed(0)} ms`,
  );
  for (const [targetId, { sessionId, name }] of profiled) {
    const stopped = await Promise.race([
      call(sessionId, "Profiler.stop"),
      new Promise<{ result?: unknown }>((resolve) => setTimeout(() => resolve({}), 5_000)),
    ]);
    const profile = (stopped.result as { profile?: CpuProfile } | undefined)?.profile;
    // A worker that ended meanwhile (the editor's language workers come and go) has nothing to give.
    if (!profile) continue;
    const written = path.join(out, `import-${name.replace(/\W+/g, "-")}-${targetId.slice(0, 6)}.cpuprofile`);
    fs.writeFileSync(written, JSON.stringify(profile));
    const busy = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
    console.log(`\n${name} (${busy.toFixed(0)} ms sampled) → ${written}`);
    for (const line of heaviestFunctions(profile, top)) console.log(line);
  }
  await browser.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
