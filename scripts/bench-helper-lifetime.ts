/**
 * The helper engine worker's lifetime in the browser (is it stopped, and its memory freed?): opens the 10,000-tool
 * example, waits for its run, moves to a small example in the page (the example picker), and prints at each moment
 * the page's worker targets (Chrome DevTools Protocol, nested workers included) and the renderer processes' resident
 * memory. A figure, not a test: `npx tsx scripts/bench-helper-lifetime.ts --port <p> [--collect-garbage]` against a
 * production build.
 */
import { execFileSync } from "node:child_process";
import { chromium, type Browser, type Page } from "@playwright/test";

const port = Number(process.argv[process.argv.indexOf("--port") + 1] || 3202);
const base = `http://127.0.0.1:${port}`;
/** `--collect-garbage`: each worker collects its garbage before its heap is read (what it keeps, not what it had). */
const collectGarbage = process.argv.includes("--collect-garbage");

/** Resident memory of the browser's renderer processes (the page and its workers live in one), in MB. */
function rendererMegabytes(): number {
  const lines = execFileSync("ps", ["-eo", "rss,args"], { encoding: "utf8" }).split("\n");
  const kilobytes = lines
    .filter((line) => line.includes("--type=renderer") && line.includes("chromium"))
    .reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[0]), 0);
  return Math.round(kilobytes / 1024);
}

/** Each worker target's name and its V8 heap in use (MB), through a non-flat DevTools session per target. */
async function workerHeaps(browser: Browser): Promise<string[]> {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = (await session.send("Target.getTargets")) as {
    targetInfos: { targetId: string; type: string; title: string; url: string }[];
  };
  const answers = new Map<string, (message: string) => void>();
  // Events (Inspector.workerScriptLoaded) come first; the answer is the message with our id.
  session.on("Target.receivedMessageFromTarget", (event: { sessionId: string; message: string }) => {
    if ((JSON.parse(event.message) as { id?: number }).id === 1) answers.get(event.sessionId)?.(event.message);
  });
  const rows: string[] = [];
  for (const target of targetInfos.filter((candidate) => candidate.type === "worker")) {
    const { sessionId } = (await session.send("Target.attachToTarget", {
      targetId: target.targetId,
      flatten: false,
    })) as { sessionId: string };
    if (collectGarbage) {
      // What the worker keeps, not what it has not yet collected: an idle worker's heap holds garbage until the next
      // collection (the id 2 answer is not awaited by name; the heap reading below waits behind it in the worker).
      await session.send("Target.sendMessageToTarget", {
        sessionId,
        message: JSON.stringify({ id: 2, method: "HeapProfiler.collectGarbage" }),
      });
    }
    const answer = new Promise<string>((resolve) => answers.set(sessionId, resolve));
    await session.send("Target.sendMessageToTarget", {
      sessionId,
      message: JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" }),
    });
    const reply = JSON.parse(
      await Promise.race([answer, new Promise<string>((r) => setTimeout(() => r("{}"), 5_000))]),
    );
    const used = reply.result?.usedSize as number | undefined;
    rows.push(`${target.title || target.url} ${used === undefined ? "?" : Math.round(used / 1048576)} MB`);
    await session.send("Target.detachFromTarget", { sessionId });
  }
  await session.detach();
  return rows;
}

async function waitForRun(page: Page) {
  await page.locator('[data-testid="run-status"][data-running="false"]').waitFor({ timeout: 600_000 });
  await page.getByTestId("run-status").getByText("simulated in").waitFor({ timeout: 600_000 });
}

async function report(browser: Browser, page: Page, moment: string) {
  // Let a terminated worker's memory go, and the heap settle, before reading.
  await page.waitForTimeout(3_000);
  const heap = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
  );
  const workers = await workerHeaps(browser);
  console.log(
    `${moment.padEnd(36)} ${workers.length} workers (${workers.join(", ")}); page heap ${Math.round(heap / 1048576)} MB; renderer RSS ${rendererMegabytes()} MB; load ${execFileSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).trim()}`,
  );
}

async function main() {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--enable-precise-memory-info"],
  });
  const page = await browser.newPage();
  await page.goto(`${base}/?example=synthetic-10000`);
  await waitForRun(page);
  await report(browser, page, "synthetic-10000, run done");
  await page.getByTestId("example-picker").selectOption("weather");
  await waitForRun(page);
  await report(browser, page, "moved to weather, its run done");
  await page.getByTestId("example-picker").selectOption("synthetic-10000");
  await waitForRun(page);
  await report(browser, page, "back to synthetic-10000, run done");
  await browser.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
