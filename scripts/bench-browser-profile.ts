/**
 * npm run bench:browser:profile [-- --port 3000] [--example learning-agent] [--moment step|after-run|startup|run|edit|import]
 *   [--own-catalog 10000 [--distinct-schemas]] [--trace out.json]
 *   [--no-sampler]
 *
 * Where the main thread's time goes, from a Chrome performance trace (the profile behind docs/PERFORMANCE.md's
 * changes; `npm run bench:browser` is the measure, this says why). It opens one example in Debian's Chromium and
 * records a trace of one moment:
 *   - `step` (default): after every strategy ran, five presses of → (each waits for the step's numbers);
 *   - `after-run`: the same presses at once after the run (as bench:browser steps), then 1.5 s (autosave), so what
 *     mounts after the run (the panels below the fold) is inside the trace;
 *   - `startup`: from navigation until every strategy ran;
 *   - `run`: from the selected strategy's first request on screen until every strategy ran: what the page's thread
 *     spends while the engine worker finishes the other strategies (the two compete for the cores);
 *   - `edit`: at 10,000 tools (per-tool editor), one tool's description changed and the run that follows;
 *   - `import`: a person's own catalog opened with "Open file" and the run that follows (profileImport).
 * It prints the renderer's main thread by kind of work (script, style, layout, paint, GC, …) with its longest
 * tasks, the engine worker's busy time, and the heaviest script entry points (function and file). `--trace` keeps
 * the raw trace for chrome://tracing or the DevTools Performance panel, `--cpu` the main thread's sample profile.
 * When the trace holds the engine worker's run (`startup`, `run`), it prints every thread's CPU inside that run's
 * window (reportRunWindow); `--no-sampler` leaves the page's sampler off, so its cost is not in those figures.
 */
import fs from "node:fs";
import os from "node:os";
import { chromium, type CDPSession, type Page } from "@playwright/test";
import { baseUrl, flag, openFileAndTime, runsEnded, settlePage, stepOnce, waitForRunAfter } from "./bench-support";
import { writeOwnCatalogFile } from "./test-support/own-catalog";

/**
 * Registered before the page's scripts: a stand-in for the React DevTools hook (production React reports every
 * commit to it too). After each commit it finds the components that rendered and the elements placed, by the
 * nearest element above them with a data-testid (the panel), so "what re-rendered on a key press" has an answer
 * without a development build. While `__benchCounting` is on it counts the renders per panel; while `__benchCommits`
 * is a list, it records each commit: its time, and per panel the components' render time (a profiling build, `next
 * build --profile`, times each fiber) and the elements placed, so a long task names what it rendered.
 */
const RENDER_COUNTER = `
  window.__benchRenders = {};
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject(renderer) { this.renderers.set(this.renderers.size + 1, renderer); return this.renderers.size; },
    checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
    onCommitFiberRoot(id, root) {
      if (!window.__benchCounting && !window.__benchCommits) return;
      const components = new Set([0, 1, 11, 14, 15]);
      const panelOf = (fiber) => {
        for (let node = fiber.return; node; node = node.return)
          if (node.tag === 5 && node.memoizedProps && node.memoizedProps["data-testid"]) return node.memoizedProps["data-testid"];
        return "(page)";
      };
      const panels = {};
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        const alternate = fiber.alternate;
        const rendered = components.has(fiber.tag) && (fiber.flags & 1);
        const placed = fiber.tag === 5 && (fiber.flags & 2);
        if (rendered || placed) {
          const panel = panelOf(fiber);
          const entry = panels[panel] || (panels[panel] = { components: 0, ms: 0, placed: 0 });
          if (rendered) { entry.components += 1; entry.ms += fiber.selfBaseDuration || 0; }
          if (placed) entry.placed += 1;
        }
        // A subtree whose children are the previous commit's objects did not render.
        if (fiber.child && !(alternate && alternate.child === fiber.child)) stack.push(fiber.child);
        else if (fiber.child && !alternate) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      if (window.__benchCounting)
        for (const panel in panels)
          if (panels[panel].components > 0)
            window.__benchRenders[panel] = (window.__benchRenders[panel] || 0) + panels[panel].components;
      if (window.__benchCommits)
        window.__benchCommits.push({ at: performance.now(), renderMs: root.current.actualDuration || 0, panels });
    },
  };
`;

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "toplevel",
  "v8.execute",
  "v8",
  "disabled-by-default-v8.compile",
  "blink.user_timing",
  "loading",
  "disabled-by-default-v8.gc",
].join(",");

/** The kind of work a trace event is, by its name (DevTools' own grouping, simplified). */
function kindOf(name: string): string {
  if (
    /^(FunctionCall|EvaluateScript|v8\.compile|v8\.run|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|v8\.callFunction|V8\.Execute|HandlePostMessage|FireIdleCallback|v8\.evaluateModule|CompileScript|CompileCode|CacheScript|v8\.produceModuleCache|ScheduleStyleRecalculation)$/.test(
      name,
    )
  )
    return "script";
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|InvalidateLayout)$/.test(name)) return "style";
  if (/^(Layout|UpdateLayout|ScrollLayer)$/.test(name)) return "layout";
  if (/^(Paint|PaintImage|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintSetup|RasterTask)$/.test(name))
    return "paint";
  if (/GC|GCEvent|V8\.GC/.test(name)) return "gc";
  if (/^(ParseHTML|ResourceReceivedData|ResourceFinish|ResourceSendRequest|ResourceReceiveResponse)$/.test(name))
    return "loading";
  return "other";
}

type Interval = { start: number; end: number; name: string; data?: Record<string, unknown> };

/** Self time (own duration minus nested events') per event, for one thread's complete events. */
function selfTimes(events: TraceEvent[]): Array<Interval & { self: number }> {
  const sorted = events
    .filter((event) => event.ph === "X" && typeof event.dur === "number")
    .map((event) => ({ start: event.ts, end: event.ts + (event.dur ?? 0), name: event.name, data: event.args?.data }))
    .sort((left, right) => left.start - right.start || right.end - left.end);
  const result: Array<Interval & { self: number }> = [];
  const stack: Array<Interval & { self: number }> = [];
  for (const interval of sorted) {
    while (stack.length && stack[stack.length - 1].end <= interval.start) stack.pop();
    const entry = { ...interval, self: interval.end - interval.start };
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= Math.min(entry.end, parent.end) - entry.start;
    result.push(entry);
    stack.push(entry);
  }
  return result;
}

function threadEvents(events: TraceEvent[], threadName: RegExp): TraceEvent[][] {
  const threads = events.filter(
    (event) => event.ph === "M" && event.name === "thread_name" && threadName.test(event.args?.name ?? ""),
  );
  return threads
    .map((thread) => events.filter((event) => event.pid === thread.pid && event.tid === thread.tid))
    .sort((left, right) => busy(right) - busy(left));
}

function busy(events: TraceEvent[]): number {
  return events
    .filter((event) => event.ph === "X" && (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask"))
    .reduce((sum, event) => sum + (event.dur ?? 0), 0);
}

const ms = (microseconds: number) => `${(microseconds / 1000).toFixed(1)} ms`;

/** Returns the longest main-thread tasks (trace microseconds), for the sampler's attribution. */
function report(events: TraceEvent[], wallMs: number): Array<{ start: number; end: number }> {
  const [main] = threadEvents(events, /^CrRendererMain$/);
  if (!main) throw new Error("profile: no renderer main thread in the trace");
  const tasks = main.filter((event) => event.ph === "X" && event.name === "RunTask");
  const total = tasks.reduce((sum, event) => sum + (event.dur ?? 0), 0);
  console.log(`renderer main thread: busy ${ms(total)} of ${wallMs.toFixed(0)} ms wall, ${tasks.length} tasks`);

  const times = selfTimes(main);
  const byKind = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const entry of times) {
    if (entry.name === "RunTask" || entry.name === "ThreadControllerImpl::RunTask") continue;
    byKind.set(kindOf(entry.name), (byKind.get(kindOf(entry.name)) ?? 0) + entry.self);
    byName.set(entry.name, (byName.get(entry.name) ?? 0) + entry.self);
  }
  console.log(
    "  by kind (self time): " +
      [...byKind.entries()]
        .sort((left, right) => right[1] - left[1])
        .map(([kind, time]) => `${kind} ${ms(time)}`)
        .join(", "),
  );
  console.log(
    "  by event (self time): " +
      [...byName.entries()]
        .sort((left, right) => right[1] - left[1])
        .slice(0, 12)
        .map(([name, time]) => `${name} ${ms(time)}`)
        .join(", "),
  );

  // Script entry points: the outermost script events inside each task, by what they ran.
  const entryPoints = new Map<string, number>();
  for (const entry of times) {
    if (
      !/^(FunctionCall|EvaluateScript|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|HandlePostMessage|v8\.callFunction)$/.test(
        entry.name,
      )
    )
      continue;
    const data = entry.data ?? {};
    const where = [data.functionName, data.type, data.url ? String(data.url).replace(/^.*\//, "") : "", data.lineNumber]
      .filter((part) => part !== undefined && part !== "")
      .join(" ");
    const key = `${entry.name}${where ? ` (${where})` : ""}`;
    entryPoints.set(key, (entryPoints.get(key) ?? 0) + (entry.end - entry.start));
  }
  console.log("  heaviest script entry points (inclusive):");
  for (const [key, time] of [...entryPoints.entries()].sort((left, right) => right[1] - left[1]).slice(0, 12))
    console.log(`    ${ms(time).padStart(10)}  ${key}`);

  const longest = [...tasks].sort((left, right) => (right.dur ?? 0) - (left.dur ?? 0)).slice(0, 6);
  const origin = tasks.length ? Math.min(...tasks.map((task) => task.ts)) : 0;
  console.log("  longest tasks (start after trace start, duration, heaviest events inside):");
  for (const task of longest) {
    const inside = times
      .filter((entry) => entry.start >= task.ts && entry.end <= task.ts + (task.dur ?? 0) && entry.name !== "RunTask")
      .reduce((map, entry) => map.set(entry.name, (map.get(entry.name) ?? 0) + entry.self), new Map<string, number>());
    const top = [...inside.entries()]
      .sort((left, right) => right[1] - left[1])
      .slice(0, 4)
      .map(([name, time]) => `${name} ${ms(time)}`)
      .join(", ");
    console.log(`    +${ms(task.ts - origin).padStart(10)}  ${ms(task.dur ?? 0).padStart(9)}  ${top}`);
  }
  const longestWindows = longest.map((task) => ({ start: task.ts, end: task.ts + (task.dur ?? 0), origin }));

  const workers = threadEvents(events, /^DedicatedWorker thread$/);
  for (const worker of workers.slice(0, 3)) {
    const workerTasks = worker.filter((event) => event.ph === "X" && event.name === "RunTask");
    if (!workerTasks.length) continue;
    const longestWorker = Math.max(...workerTasks.map((event) => event.dur ?? 0));
    console.log(
      `worker thread ${worker[0].tid}: busy ${ms(busy(worker))}, ${workerTasks.length} tasks, longest ${ms(longestWorker)}`,
    );
  }
  return longestWindows;
}

/**
 * Every thread's CPU inside the engine worker's run ("engine run <id>", the measure workers/engine.worker.ts makes
 * of each run): the two cores are shared, so whatever else runs meanwhile (the page, V8 compiling on the renderer's
 * thread pool, the compositor, the network) can take time from the worker's run that the same run in Node does not
 * lose. Per thread: thread time (`tdur`, CPU, not wall) of its outermost events, counted by the share of each event
 * inside the window, and the events with the most of it (self time, by name), so each thread's work has a name.
 */
function reportRunWindow(events: TraceEvent[]): void {
  const runs = events.filter(
    (event) => (event.ph === "b" || event.ph === "e") && /^engine run \d+$/.test(event.name),
  ) as Array<TraceEvent & { id2?: { local?: string }; id?: string }>;
  const begin = runs.find((event) => event.ph === "b");
  const end = begin && runs.find((event) => event.ph === "e" && event.name === begin.name && event.pid === begin.pid);
  if (!begin || !end) {
    console.log('engine run window: no "engine run" measure in the trace (a build before the worker measured it)');
    return;
  }
  const from = begin.ts;
  const to = end.ts;
  const names = new Map<string, string>();
  const processes = new Map<number, string>();
  for (const event of events) {
    if (event.ph !== "M") continue;
    if (event.name === "thread_name") names.set(`${event.pid}:${event.tid}`, event.args?.name ?? "?");
    if (event.name === "process_name") processes.set(event.pid, event.args?.name ?? "?");
  }
  type Timed = TraceEvent & { tdur?: number; tts?: number };
  const byThread = new Map<string, Timed[]>();
  for (const event of events as Timed[]) {
    if (event.ph !== "X" || typeof event.dur !== "number") continue;
    if (event.ts + event.dur < from || event.ts > to) continue;
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(event);
    byThread.set(key, list);
  }
  const inside = (event: Timed) =>
    event.dur ? Math.max(0, Math.min(event.ts + event.dur, to) - Math.max(event.ts, from)) / event.dur : 0;
  const rows: Array<{ thread: string; cpu: number; wall: number; top: string }> = [];
  for (const [key, list] of byThread) {
    list.sort((left, right) => left.ts - right.ts || (right.dur ?? 0) - (left.dur ?? 0));
    // Outermost events only: nested ones are inside their parent's time.
    let cpu = 0;
    let wall = 0;
    let openUntil = -Infinity;
    for (const event of list) {
      if (event.ts < openUntil) continue;
      openUntil = event.ts + (event.dur ?? 0);
      const share = inside(event);
      cpu += (event.tdur ?? event.dur ?? 0) * share;
      wall += (event.dur ?? 0) * share;
    }
    const self = new Map<string, number>();
    for (const entry of selfTimes(list)) {
      const share = Math.max(0, Math.min(entry.end, to) - Math.max(entry.start, from));
      if (share <= 0 || entry.name === "RunTask" || entry.name === "ThreadControllerImpl::RunTask") continue;
      self.set(entry.name, (self.get(entry.name) ?? 0) + Math.min(share, entry.self));
    }
    const top = [...self.entries()]
      .sort((left, right) => right[1] - left[1])
      .slice(0, 4)
      .filter(([, time]) => time >= 500)
      .map(([name, time]) => `${name} ${ms(time)}`)
      .join(", ");
    const pid = Number(key.split(":")[0]);
    rows.push({ thread: `${processes.get(pid) ?? pid} / ${names.get(key) ?? key}`, cpu, wall, top });
  }
  rows.sort((left, right) => right.cpu - left.cpu);
  const total = rows.reduce((sum, row) => sum + row.cpu, 0);
  console.log(
    `engine run window (${begin.name}, ${ms(to - from)} wall): CPU of every thread ${ms(total)} ` +
      "(thread time of outermost events, wall in brackets; busiest events by self wall time)",
  );
  for (const row of rows.filter((row) => row.cpu >= 200 || row.wall >= 1_000))
    console.log(
      `  ${ms(row.cpu).padStart(9)} (${ms(row.wall).padStart(9)})  ${row.thread}${row.top ? `: ${row.top}` : ""}`,
    );
}

type CpuProfile = {
  /** Microseconds on the trace's clock. */
  startTime: number;
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
};

/**
 * The main thread's JavaScript by file (self time of its functions) and its heaviest functions, from V8's sampler;
 * then, for each of the longest tasks, the files and functions sampled inside it (what to split or defer).
 */
function reportCpu(profile: CpuProfile, longTasks: Array<{ start: number; end: number; origin?: number }>): void {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)?.callFrame;
    const delta = profile.timeDeltas[index + 1] ?? 0;
    if (!frame) return;
    const file = frame.url ? frame.url.replace(/^.*\//, "") : `(${frame.functionName || "native"})`;
    if (frame.functionName === "(idle)" || frame.functionName === "(program)") return;
    byFile.set(file, (byFile.get(file) ?? 0) + delta);
    const name = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()].sort((left, right) => right[1] - left[1]).slice(0, count);
  console.log("main-thread JavaScript by file (self time, sampled):");
  for (const [file, time] of top(byFile, 10)) console.log(`    ${ms(time).padStart(10)}  ${file}`);
  console.log("heaviest functions (self time, sampled):");
  for (const [name, time] of top(byFunction, 15)) console.log(`    ${ms(time).padStart(10)}  ${name}`);

  // Each sample's time on the trace clock: the profile's start plus the deltas so far.
  const sampleTimes: number[] = [];
  let clock = profile.startTime;
  profile.samples.forEach((_, index) => {
    clock += profile.timeDeltas[index] ?? 0;
    sampleTimes.push(clock);
  });
  for (const task of longTasks) {
    const files = new Map<string, number>();
    const functions = new Map<string, number>();
    profile.samples.forEach((id, index) => {
      if (sampleTimes[index] < task.start || sampleTimes[index] > task.end) return;
      const frame = nodes.get(id)?.callFrame;
      if (!frame || frame.functionName === "(idle)") return;
      const delta = profile.timeDeltas[index + 1] ?? 0;
      const file = frame.url ? frame.url.replace(/^.*\//, "") : `(${frame.functionName || "native"})`;
      files.set(file, (files.get(file) ?? 0) + delta);
      const name = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      functions.set(name, (functions.get(name) ?? 0) + delta);
    });
    if (files.size === 0) continue;
    const at = task.origin === undefined ? "" : `+${ms(task.start - task.origin)} `;
    console.log(`long task ${at}(${ms(task.end - task.start)}), sampled inside it:`);
    console.log(
      "    files: " +
        top(files, 6)
          .map(([file, time]) => `${file} ${ms(time)}`)
          .join(", "),
    );
    for (const [name, time] of top(functions, 6)) console.log(`    ${ms(time).padStart(10)}  ${name}`);
  }
}

/** `--no-sampler`: no V8 sampling on the page (its cost lands on the page's thread, inside the windows measured). */
async function startCpu(page: Page): Promise<CDPSession | null> {
  if (process.argv.includes("--no-sampler")) return null;
  const session = await page.context().newCDPSession(page);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 200 });
  await session.send("Profiler.start");
  return session;
}

async function stopCpu(session: CDPSession): Promise<CpuProfile> {
  const { profile } = (await session.send("Profiler.stop")) as unknown as { profile: CpuProfile };
  return profile;
}

type Commit = {
  at: number;
  renderMs: number;
  panels: Record<string, { components: number; ms: number; placed: number }>;
};

/**
 * `--moment import [--own-catalog N]`: a person's own catalog opened with "Open file" over the weather example, as
 * `npm run bench:browser -- --own-catalog N` does, traced from the file's change event until every strategy ran.
 * Besides the trace's report it prints, on the page's clock from the import, the long tasks and every React commit
 * that rendered for 10 ms or more or placed 100 elements, with the panels it rendered (times per panel need a
 * profiling build: `next build --profile`, with `--no-mangling` for names in the sampled functions).
 */
async function profileImport(page: Page, url: string, count: number, startRecording: () => Promise<void>) {
  const { file } = writeOwnCatalogFile(count, { distinctSchemas: process.argv.includes("--distinct-schemas") });
  // Every message between the page and its workers, by kind and the page's time (sent, or handled on the page).
  await page.addInitScript(() => {
    const log: Array<[number, string]> = [];
    (window as unknown as { __benchMessages: typeof log }).__benchMessages = log;
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        const name = options?.name ?? "worker";
        // A run's progress names the strategies it hands over: which worker's group finished when.
        this.addEventListener("message", (event) => {
          const answer = event.data as { kind?: string; summaries?: Array<{ id: string }> };
          const strategies = answer?.summaries ? ` (${answer.summaries.map((run) => run.id).join(", ")})` : "";
          log.push([performance.now(), `${name} → ${answer?.kind ?? "?"}${strategies}`]);
        });
      }
      postMessage(data: unknown, transfer?: unknown) {
        const request = data as { kind?: string; strategyIds?: string[] };
        const first = request?.kind === "run" && request.strategyIds ? ` ${request.strategyIds[0]} first` : "";
        log.push([performance.now(), `→ ${request?.kind ?? "?"}${first}`]);
        super.postMessage(data, transfer as Transferable[]);
      }
    } as typeof Worker;
  });
  await page.goto(`${url}/?example=weather`, { waitUntil: "commit" });
  await page.getByTestId("run-status").getByText("simulated in").waitFor({ timeout: 300_000 });
  // As bench:browser: the file is chosen once the page has settled (`--import-early`: at once), then `--settle ms` more.
  if (!process.argv.includes("--import-early")) await settlePage(page);
  await page.waitForTimeout(Number(flag("settle") ?? 0));
  // The page's long tasks and React commits from now on; what came before the import is left out below.
  await page.evaluate(() => {
    const target = window as unknown as { __benchCommits: Commit[]; __longTasks: number[][] };
    target.__longTasks = [];
    target.__benchCommits = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) target.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask" });
  });
  await startRecording();
  const started = Date.now();
  const { importAt, shown, firstRequest, all } = await openFileAndTime(page, file, count);
  const wall = Date.now() - started;
  const { commits, longTasks, messages } = await page.evaluate(() => {
    const target = window as unknown as {
      __benchCommits: Commit[];
      __longTasks: number[][];
      __benchMessages: Array<[number, string]>;
    };
    return { commits: target.__benchCommits, longTasks: target.__longTasks, messages: target.__benchMessages };
  });
  console.log(
    `import of ${count} tools: scenario shown ${shown.toFixed(0)} ms, first request ${firstRequest.toFixed(0)} ms, ` +
      `every strategy ${all.toFixed(0)} ms (from the change event)`,
  );
  console.log(
    "long tasks after the import (start, duration): " +
      longTasks
        .filter(([start]) => start >= importAt)
        .map(([start, duration]) => `+${(start - importAt).toFixed(0)} ${duration.toFixed(0)} ms`)
        .join(", "),
  );
  const shownMessages = messages.filter(([at]) => at >= importAt);
  const collapsed: string[] = [];
  for (const [index, [at, kind]] of shownMessages.entries())
    if (kind !== shownMessages[index - 1]?.[1]) collapsed.push(`+${(at - importAt).toFixed(0)} ${kind}`);
  console.log(`messages after the import: ${collapsed.join(", ")}`);
  console.log("commits after the import (end, render time, panels by render time / elements placed):");
  for (const commit of commits.filter((entry) => entry.at >= importAt)) {
    const placed = Object.values(commit.panels).reduce((sum, panel) => sum + panel.placed, 0);
    if (commit.renderMs < 10 && placed < 100) continue;
    const panels = Object.entries(commit.panels)
      .sort((left, right) => right[1].ms - left[1].ms || right[1].placed - left[1].placed)
      .slice(0, 5)
      .map(([name, panel]) => `${name} ${panel.ms.toFixed(0)} ms/${panel.placed}`)
      .join(", ");
    console.log(
      `    +${(commit.at - importAt).toFixed(0).padStart(6)}  ${commit.renderMs.toFixed(0).padStart(5)} ms  ${panels}`,
    );
  }
  return wall;
}

async function main(): Promise<void> {
  const url = baseUrl();
  const example = flag("example") ?? "learning-agent";
  const moment = flag("moment") ?? "step";
  const executablePath =
    process.env.PLAYWRIGHT_CHROMIUM_PATH || (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(RENDER_COUNTER);
  const page = await context.newPage();
  const counting = (on: boolean) =>
    page.evaluate((value) => {
      const target = window as unknown as { __benchCounting: boolean; __benchRenders: Record<string, number> };
      target.__benchCounting = value;
      if (value) target.__benchRenders = {};
    }, on);
  console.log(
    `profile of "${moment}" on ${moment === "import" ? "an import over weather" : example} at ${url} — load average ${os.loadavg()[0].toFixed(1)}, ${os.cpus().length} cores`,
  );
  const rendersSoFar = () =>
    page.evaluate(() => (window as unknown as { __benchRenders: Record<string, number> }).__benchRenders);
  const printRenders = (window: string, renders: Record<string, number>) =>
    console.log(
      `components rendered ${window}, by panel: ` +
        Object.entries(renders)
          .sort((left, right) => right[1] - left[1])
          .map(([panel, count]) => `${panel} ${count}`)
          .join(", "),
    );
  const allRan = () => page.getByTestId("run-status").getByText("simulated in").waitFor({ timeout: 600_000 });

  let wall: number;
  let cpu: CDPSession | null = null;
  if (moment === "import") {
    // `--no-trace`: the page's own figures only (long tasks, commits), without the trace's cost on every thread.
    const traced = !process.argv.includes("--no-trace");
    wall = await profileImport(page, url, Number(flag("own-catalog") ?? 10_000) || 10_000, async () => {
      if (!traced) return;
      await browser.startTracing(page, { categories: CATEGORIES.split(",") });
      cpu = await startCpu(page);
    });
    if (!traced) return browser.close();
  } else if (moment === "startup") {
    // Counted from the page's first commit: what renders while the page starts and the run goes.
    await context.addInitScript("window.__benchCounting = true;");
    await browser.startTracing(page, { categories: CATEGORIES.split(",") });
    cpu = await startCpu(page);
    const started = Date.now();
    await page.goto(`${url}/?example=${example}`, { waitUntil: "commit" });
    await allRan();
    wall = Date.now() - started;
    printRenders("from navigation until every strategy ran", await rendersSoFar());
  } else if (moment === "run") {
    await page.goto(`${url}/?example=${example}`, { waitUntil: "commit" });
    await page.locator('[data-testid="prefix-bar-content"]:not([data-detail=""])').waitFor({ timeout: 600_000 });
    await browser.startTracing(page, { categories: CATEGORIES.split(",") });
    cpu = await startCpu(page);
    const started = Date.now();
    await counting(true);
    await allRan();
    wall = Date.now() - started;
    const renders = await rendersSoFar();
    await counting(false);
    printRenders("from the first request until every strategy ran", renders);
  } else {
    await page.goto(`${url}/?example=${example}`, { waitUntil: "commit" });
    await allRan();
    // `after-run` starts at once, as bench:browser's stepping does: what mounts after the run is inside the window.
    if (moment !== "after-run") await page.waitForTimeout(1_500);
    if (moment === "step" || moment === "after-run") {
      await browser.startTracing(page, { categories: CATEGORIES.split(",") });
      cpu = await startCpu(page);
      const started = Date.now();
      const presses: number[] = [];
      await counting(true);
      for (let press = 0; press < 5; press += 1) {
        const time = await stepOnce(page);
        if (time === null) break;
        presses.push(Math.round(time));
      }
      await page.waitForTimeout(moment === "after-run" ? 1_500 : 500);
      wall = Date.now() - started;
      const renders = await page.evaluate(
        () => (window as unknown as { __benchRenders: Record<string, number> }).__benchRenders,
      );
      await counting(false);
      console.log(`key press → numbers: ${presses.join(", ")} ms`);
      console.log(
        `components rendered over ${presses.length} presses, by panel: ` +
          Object.entries(renders)
            .sort((left, right) => right[1] - left[1])
            .map(([panel, count]) => `${panel} ${count}`)
            .join(", "),
      );
    } else if (moment === "edit") {
      // The per-tool editor of a big catalog: a word appended to the selected tool's description (as bench:browser).
      const editor = page.locator('[data-testid="catalog-editor"] .monaco-editor').first();
      await editor.waitFor({ timeout: 120_000 });
      await editor.click();
      for (const key of ["Control+Home", "ArrowDown", "ArrowDown", "End", "ArrowLeft", "ArrowLeft"])
        await page.keyboard.press(key);
      await browser.startTracing(page, { categories: CATEGORIES.split(",") });
      cpu = await startCpu(page);
      const before = await runsEnded(page);
      const started = Date.now();
      await counting(true);
      await page.keyboard.type(" now");
      await waitForRunAfter(page, before);
      await page.waitForTimeout(1_500);
      wall = Date.now() - started;
      const renders = await page.evaluate(
        () => (window as unknown as { __benchRenders: Record<string, number> }).__benchRenders,
      );
      await counting(false);
      console.log(
        "components rendered from the keystroke until 1.5 s after the run, by panel: " +
          Object.entries(renders)
            .sort((left, right) => right[1] - left[1])
            .map(([panel, count]) => `${panel} ${count}`)
            .join(", "),
      );
    } else throw new Error(`profile: unknown moment ${moment}`);
  }
  const profile = cpu ? await stopCpu(cpu) : null;
  const buffer = await browser.stopTracing();
  const trace = JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const out = flag("trace");
  if (out) fs.writeFileSync(out, buffer);
  // `--cpu out.cpuprofile`: V8's sample profile of the main thread, for the DevTools Performance panel or a script.
  const cpuOut = flag("cpu");
  if (cpuOut && profile) fs.writeFileSync(cpuOut, JSON.stringify(profile));
  const longTasks = report(events, wall);
  reportRunWindow(events);
  if (profile) reportCpu(profile, longTasks);
  await browser.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
