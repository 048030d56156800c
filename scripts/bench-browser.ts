/**
 * npm run bench:browser [-- --url http://localhost:3000 | --port 3000] — what a person waits for in the browser,
 * measured (never asserted): for each example, from navigation until the scenario is on screen, until the selected
 * strategy's first request is shown (slow runs show it before the other strategies finish), and until every
 * strategy has run; the worker's own run time; the first contentful paint; the longest main-thread task until
 * every strategy ran (long-task timing); the same run in Node (a fresh process, as the worker is a fresh isolate, and
 * the same messages: `nodeRun`);
 * and the first-load JavaScript of `/` (every `<script src>` of the served page, gzip as a server would send it).
 * Then it steps through the run with the keyboard: key press to the new step's request on screen, and the longest
 * main-thread task while stepping and until autosave has written (1 s after the last step). For a catalog edited one
 * tool at a time (over 300 tools, e.g. synthetic-10000), it then edits one tool's description in the per-tool editor
 * and times the keystroke to every strategy re-run, with the longest main-thread task from the keystroke until the
 * autosave after that run has written. The last column, **long tasks while running**, adds up the main thread's
 * long tasks (over 50 ms) from the first request on screen until every strategy ran: the page's share of the two
 * cores while the engine worker finishes the other strategies (`bench:browser:profile --moment run` gives the
 * whole busy time and what it was).
 *
 * Needs the playground running (`npm run playground`, or `next start -p <port>`) and a Chromium: Debian's
 * /usr/bin/chromium, or PLAYWRIGHT_CHROMIUM_PATH. The port also comes from BENCH_PORT or E2E_PORT.
 * `--examples weather,github-mcp` runs a subset. `--returning` opens each example a second time in the same browser
 * context and prints that visit as "<example> (return)": a returning visitor, with the HTTP cache, the token counts
 * the engine worker stored in IndexedDB, and the autosave of the first visit. `--visits N` makes N first visits of
 * each example, each in a new context and each with its own Node run just before it, prints every row, and then one
 * line per example: the medians of the worker's run and of the Node run, their ratio, and how many single visits were
 * within 1.3× (the goal: the page's run about as fast as Node's). A cold run of 50–100 ms moves by a quarter from
 * one process to the next, in Node as in the worker, so one visit's ratio is a sample, not the measure.
 * `--own-catalog N` (N tools, 10,000 when omitted) then imports a person's own catalog through the catalog panel's
 * "Open file" into the weather example, once per visit, and prints it as "own-catalog-N (import)": the real MCP
 * servers' tools served for many tenants (scripts/test-support/own-catalog.ts; namespaced names, nested schemas, long
 * descriptions, unlike the synthetic catalog), which no build-time first screen helps; `--distinct-schemas` gives
 * every tool a schema of its own ("own-catalog-N-distinct-schemas"), as a catalog gathered from many servers has,
 * where the tenants' copies of one server share theirs. Its times count from the file
 * input's change event: "scenario shown" until the catalog's tool count is on screen, "first request shown" until a
 * request of the import's run is, "all strategies" until that run has ended; "longest task" is from the import on;
 * "Node run" is the worker's parse of the text and the run, in one Node process (`nodeRunImport`). The file is chosen
 * once the page has settled (its editors and the panels below the fold are up, `settlePage`), as a person chooses it;
 * `--import-early` chooses it the moment the weather example's first run has ended, before the editors load.
 * `--examples none` runs only the import.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import zlib from "node:zlib";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import {
  baseUrl,
  durationMs,
  flag,
  openFileAndTime,
  settlePage,
  ratioLine,
  runsEnded,
  stepOnce,
  waitForRunAfter,
} from "./bench-support";
import { ownMcpCatalog, writeOwnCatalogFile, type OwnCatalogOptions } from "./test-support/own-catalog";

const DEFAULT_EXAMPLES = ["weather", "learning-agent", "github-mcp", "mixed-mcp", "synthetic-10000"];
/** Key presses per example when stepping (fewer when the run has fewer steps). */
const STEP_PRESSES = 5;
/** Autosave writes 1 s after the last change (components/share/use-autosave.ts); wait a little past it. */
const AFTER_STEPPING_MS = 1_500;

/**
 * `--node-run <example>`: the child process that times the same run in Node and prints milliseconds. The same work as
 * the worker's "simulated in" figure, through the same code: the engine worker's message loop
 * (lib/workbench/engine-host.ts, `createEngineHost`) with the worker's dependencies (the engine, the o200k counter),
 * its yields between strategies (a MessageChannel, as in the worker) and its progress messages (made and posted
 * nowhere), answering the page's `run` message for the strategies in the page's order; the example is loaded before,
 * by its own message, as in the worker. Not `setTimeout(0)` between strategies: that is at least 1 ms each in Node,
 * ≈ 7 ms of a 70 ms weather run, which the worker does not pay.
 */
async function nodeRun(exampleId: string): Promise<void> {
  const [{ localEngineDependencies }, { createEngineHost, messageChannelYield }, { STRATEGY_IDS }] = await Promise.all([
    import("../lib/workbench/first-view"),
    import("../lib/workbench/engine-host"),
    import("../lib/core/ids"),
  ]);
  type Answer = Parameters<Parameters<typeof createEngineHost>[0]["post"]>[0];
  // The host's MessageChannel does not keep Node alive (it is unref'd for tests): without a timer the process could
  // end while the run waits for a yield, printing nothing.
  const keepAlive = setInterval(() => undefined, 1_000);
  const answers: Answer[] = [];
  const host = createEngineHost({
    post: (response) => void answers.push(response),
    now: () => performance.now(),
    yieldToEvents: messageChannelYield(),
    dependencies: localEngineDependencies(),
  });
  host.receive({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId });
  await host.settled();
  // A large example's tools come first, in parts (lib/workbench/example-parts.ts): the answer is the last.
  const loaded = answers.find((answer) => answer.requestId === 1 && answer.kind !== "example-tools");
  if (loaded?.kind !== "example-loaded") throw new Error(`node run: ${loaded?.kind ?? "no answer"}`);
  const { catalog: _catalog, ...scenario } = loaded.scenario;
  // The page runs the selected strategy first, then the others; the total is the same work.
  host.receive({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: STRATEGY_IDS });
  await host.settled();
  const ran = answers.find((answer) => answer.requestId === 2 && answer.kind !== "run-progress");
  clearInterval(keepAlive);
  if (ran?.kind !== "run-result") throw new Error(`node run: ${ran?.kind ?? "no answer"}`);
  process.stdout.write(String(ran.timingMs));
}

/**
 * `--node-run own-catalog-N`: the import's work in Node, through the same message loop: the page's `parse-catalog`
 * of the file's text, then the run of the conversation the page writes over the imported tools
 * (components/import/apply-catalog-import.ts) with the weather example's settings, in the page's order. Prints the
 * milliseconds from the parse to the run's end.
 */
async function nodeRunImport(count: number, shape: OwnCatalogOptions): Promise<void> {
  const [{ localEngineDependencies }, { createEngineHost, messageChannelYield }, { STRATEGY_IDS }, { loadExample }] =
    await Promise.all([
      import("../lib/workbench/first-view"),
      import("../lib/workbench/engine-host"),
      import("../lib/core/ids"),
      import("../lib/examples"),
    ]);
  const { conversationForCatalog } = await import("../lib/scenario/catalog-conversation");
  const { argumentsPassSchema } = await import("../lib/catalog/argument-validation");
  const { exampleParts } = await import("../lib/workbench/example-parts");
  type Answer = Parameters<Parameters<typeof createEngineHost>[0]["post"]>[0];
  const keepAlive = setInterval(() => undefined, 1_000);
  const answers: Answer[] = [];
  const host = createEngineHost({
    post: (response) => void answers.push(response),
    now: () => performance.now(),
    yieldToEvents: messageChannelYield(),
    dependencies: localEngineDependencies(),
  });
  const { catalog: _weatherCatalog, ...weather } = await loadExample("weather");
  const text = JSON.stringify(ownMcpCatalog(count, shape));
  const started = performance.now();
  host.receive({
    kind: "parse-catalog",
    requestId: 1,
    catalogVersion: 2,
    text,
    sourceName: `own-catalog-${count}.json`,
  });
  await host.settled();
  // The tools cross in parts, as to the page (lib/workbench/example-parts.ts).
  const parts = exampleParts();
  for (const answer of answers) if (answer.requestId === 1 && answer.kind === "example-tools") parts.add(answer);
  const answered = answers.find((answer) => answer.requestId === 1 && answer.kind === "catalog-parsed");
  const parsed = answered?.kind === "catalog-parsed" ? parts.joinCatalog(answered) : null;
  if (!parsed || "error" in parsed || !parsed.catalog) throw new Error(`node run: the import did not parse`);
  const turns = conversationForCatalog(parsed.catalog, { argumentsValid: argumentsPassSchema });
  const first = "full" as const;
  host.receive({
    kind: "run",
    requestId: 2,
    catalogVersion: 2,
    scenario: { ...weather, turns },
    strategyIds: [first, ...STRATEGY_IDS.filter((id) => id !== first)],
  });
  await host.settled();
  const ran = answers.find((answer) => answer.requestId === 2 && answer.kind !== "run-progress");
  clearInterval(keepAlive);
  if (ran?.kind !== "run-result") throw new Error(`node run: ${ran?.kind ?? "no answer"}`);
  process.stdout.write(String(performance.now() - started));
}

function nodeRunMs(exampleId: string): number | null {
  const child = spawnSync(process.execPath, ["--import", "tsx", __filename, "--node-run", exampleId], {
    encoding: "utf8",
    maxBuffer: 1024 * 1024,
  });
  const printed = child.stdout.trim();
  const value = Number(printed);
  return child.status === 0 && printed !== "" && Number.isFinite(value) ? value : null;
}

/**
 * Sum of the page's `<script src>` files, raw and gzip (zlib's default level, what a server sends), as an English
 * reader gets them (no `Accept-Language`). A `nomodule` script (Next's polyfills) is left out: a browser that runs
 * modules, which every browser the page supports does, never downloads it.
 */
async function firstLoadJs(url: string): Promise<{ files: number; rawKb: number; gzipKb: number }> {
  const html = await (await fetch(url)).text();
  const sources = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1])
    .filter((attributes) => !/\snomodule\b/i.test(attributes))
    .flatMap((attributes) => /\ssrc="([^"]+)"/.exec(attributes)?.[1] ?? []);
  let raw = 0;
  let gzip = 0;
  for (const source of new Set(sources)) {
    const body = Buffer.from(await (await fetch(new URL(source, url))).arrayBuffer());
    raw += body.length;
    gzip += zlib.gzipSync(body).length;
  }
  return { files: new Set(sources).size, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

/** Registered before any page script: records every long task (> 50 ms) and the paint entries. */
const LONG_TASK_RECORDER = `
  window.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {}
`;

type PageTimes = { now: number; firstPaint: number | null; longTasks: Array<[number, number]> };

async function pageTimes(page: Page): Promise<PageTimes> {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return {
      now: performance.now(),
      firstPaint: paint ? paint.startTime : null,
      longTasks: (window as unknown as { __benchLongTasks: Array<[number, number]> }).__benchLongTasks.slice(),
    };
  });
}

function sumBetween(tasks: Array<[number, number]>, from: number, to: number): number {
  return tasks.filter(([start]) => start >= from && start <= to).reduce((sum, [, duration]) => sum + duration, 0);
}

function longestBetween(tasks: Array<[number, number]>, from: number, to: number): number {
  return tasks
    .filter(([start]) => start >= from && start <= to)
    .reduce((max, [, duration]) => Math.max(max, duration), 0);
}

/**
 * In the per-tool editor (catalogs over 300 tools), appends a word to the selected tool's description (line 3 of its
 * JSON ends with `",`) and waits until the run that follows has finished. Returns the milliseconds from the first
 * keystroke, and the page time of that keystroke; null when the catalog is edited whole (small examples).
 */
async function editOneTool(page: Page): Promise<{ milliseconds: number; from: number } | null> {
  const oneAtATime = await page.getByText(/one at a time \(over/).count();
  if (oneAtATime === 0) return null;
  const editor = page.locator('[data-testid="catalog-editor"] .monaco-editor').first();
  await editor.waitFor({ timeout: 120_000 });
  await editor.click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  const from = (await pageTimes(page)).now;
  const before = await runsEnded(page);
  const started = Date.now();
  await page.keyboard.type(" now");
  await waitForRunAfter(page, before);
  return { milliseconds: Date.now() - started, from };
}

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
const millis = (milliseconds: number) =>
  milliseconds >= 1000 ? seconds(milliseconds) : `${Math.round(milliseconds)} ms`;

const COLUMNS: Array<[string, number]> = [
  ["example", 25],
  ["scenario shown", 15],
  ["first request shown", 20],
  ["all strategies", 15],
  ["worker's run", 13],
  ["first paint", 12],
  ["longest task", 13],
  ["Node run", 10],
  ["first-load JS", 14],
  ["step → numbers (median/max)", 28],
  ["longest task stepping", 22],
  ["edit one tool → all strategies", 31],
  ["longest task editing", 21],
  ["long tasks while running", 25],
];

function row(cells: string[]): string {
  return cells
    .map((cell, index) => (index === 0 ? cell.padEnd(COLUMNS[0][1]) : cell.padStart(COLUMNS[index][1])))
    .join(" ");
}

/**
 * One visit of `?example=<id>` in a new page of `context`: the columns of one row apart from the Node run and the
 * first-load JS (which do not depend on the visit). A second visit in the same context is a returning visitor: the
 * HTTP cache, the engine worker's stored token counts (IndexedDB) and the autosave are there.
 */
async function visitExample(context: BrowserContext, url: string, example: string): Promise<string[]> {
  const page = await context.newPage();
  const started = Date.now();
  // From the first byte on: figures rendered with the HTML are on screen long before the load event.
  await page.goto(`${url}/?example=${example}`, { waitUntil: "commit" });
  await page.getByTestId("scenario-title").filter({ hasNotText: "Loading" }).waitFor({ timeout: 300_000 });
  const shown = Date.now() - started;
  await page.locator('[data-testid="prefix-bar-content"]:not([data-detail=""])').waitFor({ timeout: 300_000 });
  const firstRequest = Date.now() - started;
  const atFirstRequest = (await pageTimes(page)).now;
  await page.getByTestId("run-status").getByText("simulated in").waitFor({ timeout: 300_000 });
  const all = Date.now() - started;
  const untilAll = await pageTimes(page);
  const worker = ((await page.getByTestId("run-status").textContent()) ?? "").replace(/.*simulated in/, "").trim();

  const steps: number[] = [];
  const steppingFrom = (await pageTimes(page)).now;
  for (let press = 0; press < STEP_PRESSES; press += 1) {
    const milliseconds = await stepOnce(page);
    if (milliseconds === null) break;
    steps.push(milliseconds);
  }
  await page.waitForTimeout(AFTER_STEPPING_MS);
  const afterStepping = await pageTimes(page);
  const sorted = [...steps].sort((left, right) => left - right);

  const edit = await editOneTool(page);
  let editLongest: number | null = null;
  if (edit) {
    await page.waitForTimeout(AFTER_STEPPING_MS);
    const afterEdit = await pageTimes(page);
    editLongest = longestBetween(afterEdit.longTasks, edit.from, afterEdit.now);
  }
  await page.close();
  return [
    seconds(shown),
    seconds(firstRequest),
    seconds(all),
    worker,
    untilAll.firstPaint === null ? "n/a" : seconds(untilAll.firstPaint),
    millis(longestBetween(untilAll.longTasks, 0, untilAll.now)),
    sorted.length ? `${millis(sorted[Math.floor(sorted.length / 2)])} / ${millis(sorted[sorted.length - 1])}` : "n/a",
    millis(longestBetween(afterStepping.longTasks, steppingFrom, afterStepping.now)),
    edit ? millis(edit.milliseconds) : "n/a",
    editLongest === null ? "n/a" : millis(editLongest),
    millis(sumBetween(untilAll.longTasks, atFirstRequest, untilAll.now)),
  ];
}

/**
 * A person's own catalog (`file`, `toolCount` tools) opened with the catalog panel's "Open file" over the weather
 * example: the cells of one row, timed in the page from the file input's change event (the file's transfer into the
 * browser is not the page's time). Stepping and the per-tool edit are the examples' columns, left out here.
 */
async function importOwnCatalog(
  context: BrowserContext,
  url: string,
  file: string,
  toolCount: number,
): Promise<string[]> {
  const page = await context.newPage();
  await page.goto(`${url}/?example=weather`, { waitUntil: "commit" });
  await page.getByTestId("run-status").getByText("simulated in").waitFor({ timeout: 300_000 });
  if (!process.argv.includes("--import-early")) await settlePage(page);
  const { importAt, shown, firstRequest, all } = await openFileAndTime(page, file, toolCount);
  const times = await pageTimes(page);
  const worker = ((await page.getByTestId("run-status").textContent()) ?? "").replace(/.*simulated in/, "").trim();
  const failed = await page.getByTestId("run-error").count();
  await page.close();
  return [
    seconds(shown),
    seconds(firstRequest),
    failed > 0 ? "run failed" : seconds(all),
    worker,
    "n/a",
    millis(longestBetween(times.longTasks, importAt, times.now)),
    "n/a",
    "n/a",
    "n/a",
    "n/a",
    millis(sumBetween(times.longTasks, importAt + firstRequest, times.now)),
  ];
}

async function main(): Promise<void> {
  const nodeExample = flag("node-run");
  const ownCount = /^own-catalog-(\d+)(-distinct-schemas)?$/.exec(nodeExample ?? "");
  if (ownCount) return nodeRunImport(Number(ownCount[1]), { distinctSchemas: ownCount[2] !== undefined });
  if (nodeExample) return nodeRun(nodeExample);

  const url = baseUrl();
  const examples = flag("examples") === "none" ? [] : (flag("examples")?.split(",") ?? DEFAULT_EXAMPLES);
  const returning = process.argv.includes("--returning");
  const executablePath =
    process.env.PLAYWRIGHT_CHROMIUM_PATH || (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const script = await firstLoadJs(`${url}/`);
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  console.log(
    `browser timings at ${url} — ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; ` +
      `first-load JS of / ${script.files} files, ${script.rawKb.toFixed(0)} kB raw, ${script.gzipKb.toFixed(1)} kB gzip`,
  );
  console.log(row(COLUMNS.map(([title]) => title)));
  const firstVisits = Math.max(1, Math.floor(Number(flag("visits") ?? 1)) || 1);
  const ratios: string[] = [];
  for (const example of examples) {
    const pairs: Array<{ worker: number; node: number }> = [];
    for (let first = 1; first <= firstVisits; first += 1) {
      // One browser context per first visit: it sees no cache, no IndexedDB and no autosave.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(LONG_TASK_RECORDER);
      const node = nodeRunMs(example);
      const visits = returning ? 2 : 1;
      for (let visit = 1; visit <= visits; visit += 1) {
        const cells = await visitExample(context, url, example);
        const label = visit === 1 ? example : `${example} (return)`;
        const worker = durationMs(cells[3]);
        if (visit === 1 && worker !== null && node !== null) pairs.push({ worker, node });
        console.log(
          row([
            label,
            ...cells.slice(0, 6),
            node === null ? "failed" : millis(node),
            `${script.gzipKb.toFixed(0)} kB`,
            ...cells.slice(6),
          ]) + `  load ${os.loadavg()[0].toFixed(1)}`,
        );
      }
      await context.close();
    }
    if (firstVisits > 1 && pairs.length > 0) ratios.push(ratioLine(example, pairs));
  }
  if (process.argv.includes("--own-catalog")) {
    const count = Number(flag("own-catalog") ?? 10_000) || 10_000;
    const { label, file } = writeOwnCatalogFile(count, {
      distinctSchemas: process.argv.includes("--distinct-schemas"),
    });
    for (let visit = 1; visit <= firstVisits; visit += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(LONG_TASK_RECORDER);
      const node = nodeRunMs(label);
      const cells = await importOwnCatalog(context, url, file, count);
      console.log(
        row([
          `${label} (import)`,
          ...cells.slice(0, 6),
          node === null ? "failed" : millis(node),
          `${script.gzipKb.toFixed(0)} kB`,
          ...cells.slice(6),
        ]) + `  load ${os.loadavg()[0].toFixed(1)}`,
      );
      await context.close();
    }
  }
  await browser.close();
  for (const line of ratios) console.log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
