/**
 * What the browser benchmarks share: their command-line flags, the page's address, one timed key press and one timed
 * import.
 */
import type { Page } from "@playwright/test";

/** `--name value` on the command line. */
export function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** `--url`, else `--port` / BENCH_PORT / E2E_PORT on localhost. */
export function baseUrl(): string {
  const url = flag("url");
  if (url) return url.replace(/\/$/, "");
  const port = flag("port") ?? process.env.BENCH_PORT ?? process.env.E2E_PORT ?? "3000";
  return `http://localhost:${port}`;
}

/**
 * Presses → and waits until the prefix bar shows the next step's detail, then one frame more (the numbers are
 * painted). Returns the milliseconds from the key press, or null at the last step.
 */
export async function stepOnce(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        const element = document.querySelector('[data-testid="prefix-bar-content"]');
        const position = document.querySelector('[data-testid="stepper-position"]')?.textContent ?? "";
        const [current, total] = (position.match(/\d[\d,]*/g) ?? []).map((value) => Number(value.replace(/,/g, "")));
        const detail = element?.getAttribute("data-detail") ?? "";
        if (!element || !detail || !(current < total)) return resolve(null);
        const expected = `${detail.split(":")[0]}:${Number(detail.split(":")[1]) + 1}`;
        const started = performance.now();
        const timeout = setTimeout(() => resolve(null), 30_000);
        const observer = new MutationObserver(() => {
          if (element.getAttribute("data-detail") !== expected) return;
          observer.disconnect();
          clearTimeout(timeout);
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
        });
        observer.observe(element, { attributes: true, attributeFilter: ["data-detail"] });
        window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
      }),
  );
}

/** How many runs have ended on the page so far: the run status's `data-runs-ended`, which only grows. */
export async function runsEnded(page: Page): Promise<number> {
  return Number((await page.getByTestId("run-status").getAttribute("data-runs-ended")) ?? 0);
}

/**
 * Waits until a run has ended after the count `before` (read before the change that starts it) and none is under
 * way. Waiting for `data-running="true"` first would race: a short run can start and end before the wait begins.
 */
export async function waitForRunAfter(page: Page, before: number, timeout = 600_000): Promise<void> {
  await page.waitForFunction(
    (count) => {
      const status = document.querySelector('[data-testid="run-status"]');
      return (
        Number(status?.getAttribute("data-runs-ended") ?? 0) > count && status?.getAttribute("data-running") === "false"
      );
    },
    before,
    { timeout, polling: 50 },
  );
}

/** "67 ms" or "1.2 s" (the run status's "simulated in" figure) in milliseconds; null when it is neither. */
export function durationMs(text: string): number | null {
  const match = /([\d.,]+)\s*(ms|s)\b/.exec(text);
  if (!match) return null;
  const value = Number(match[1].replace(/,/g, ""));
  return Number.isFinite(value) ? (match[2] === "s" ? value * 1000 : value) : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The worker's run against Node's over several first visits: medians, their ratio, and the single visits within 1.3×. */
export function ratioLine(example: string, pairs: ReadonlyArray<{ worker: number; node: number }>): string {
  const worker = median(pairs.map((pair) => pair.worker));
  const node = median(pairs.map((pair) => pair.node));
  const within = pairs.filter((pair) => pair.worker <= 1.3 * pair.node).length;
  const each = pairs.map((pair) => (pair.worker / pair.node).toFixed(2)).join(", ");
  return (
    `${example}: worker's run median ${Math.round(worker)} ms, Node run median ${Math.round(node)} ms: ` +
    `${(worker / node).toFixed(2)}× over ${pairs.length} first visits; ${within} of ${pairs.length} single visits ` +
    `within 1.3× (${each})`
  );
}

/** A person's import, timed on the page's clock from the file input's change event (`importAt`). */
export type ImportTimes = { importAt: number; shown: number; firstRequest: number; all: number };

/**
 * Opens `file` (`toolCount` tools) with the catalog panel's "Open file" on a page whose run has ended, and waits for
 * the count of its tools, the first request of the run that follows (the prefix bar's detail of a new run), and that
 * run's end. The file's transfer into the browser is not the page's time: the clock starts at the change event.
 */
export async function openFileAndTime(page: Page, file: string, toolCount: number): Promise<ImportTimes> {
  const before = await runsEnded(page);
  const runBefore = await page.getByTestId("prefix-bar-content").getAttribute("data-detail-run");
  await page
    .getByTestId("catalog-file-input")
    .evaluate((input) =>
      input.addEventListener(
        "change",
        () => ((window as unknown as { __importAt: number }).__importAt = performance.now()),
      ),
    );
  const since = async () =>
    page.evaluate(() => performance.now() - (window as unknown as { __importAt: number }).__importAt);
  await page.getByTestId("catalog-file-input").setInputFiles(file);
  await page
    .getByTestId("catalog-count")
    .getByText(`${toolCount.toLocaleString("en-US")} tools`)
    .waitFor({ timeout: 300_000 });
  const shown = await since();
  await page.waitForFunction(
    (previous) => {
      const bar = document.querySelector('[data-testid="prefix-bar-content"]');
      const run = bar?.getAttribute("data-detail-run") ?? "";
      return run !== "" && run !== previous && bar?.getAttribute("data-detail") !== "";
    },
    runBefore ?? "",
    { timeout: 300_000, polling: 20 },
  );
  const firstRequest = await since();
  await waitForRunAfter(page, before);
  const all = await since();
  const importAt = await page.evaluate(() => (window as unknown as { __importAt: number }).__importAt);
  return { importAt, shown, firstRequest, all };
}
