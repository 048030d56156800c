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

/** How long the page rests after its start-up work before a person's file is chosen (`settlePage`). */
export const SETTLED_REST_MS = 1_000;

/**
 * Waits until the page has done what it does after its first run: Monaco's editors are up and the panels below the
 * fold (the decide views last) have mounted, then rests `SETTLED_REST_MS`. A person opens a file seconds after the
 * page, not the moment its first view is on screen; imported before this, the import meets a page with no editors
 * and no charts to update, and measures less than a person waits.
 */
export async function settlePage(page: Page): Promise<void> {
  await page.locator(".monaco-editor").first().waitFor({ state: "attached", timeout: 120_000 });
  await page.getByTestId("decide-panel").waitFor({ state: "attached", timeout: 120_000 });
  await page.waitForTimeout(SETTLED_REST_MS);
}

/** A person's import, timed on the page's clock from the file input's change event (`importAt`). */
export type ImportTimes = { importAt: number; shown: number; firstRequest: number; all: number };

/** Installed in the page before the file is chosen: stamps the import's moments in `window.__importMoments`. */
const IMPORT_MOMENTS_WATCHER = `function ({ before, runBefore, countText }) {
  const moments = {};
  window.__importMoments = moments;
  const byTestId = (id) => document.querySelector('[data-testid="' + id + '"]');
  const observer = new MutationObserver(() => {
    if (moments.importAt === undefined) return;
    const now = performance.now();
    if (moments.shown === undefined && (byTestId("catalog-count")?.textContent ?? "").includes(countText))
      moments.shown = now;
    const bar = byTestId("prefix-bar-content");
    const run = bar?.getAttribute("data-detail-run") ?? "";
    if (moments.firstRequest === undefined && run !== "" && run !== runBefore && bar?.getAttribute("data-detail"))
      moments.firstRequest = now;
    const status = byTestId("run-status");
    const ended = Number(status?.getAttribute("data-runs-ended") ?? 0) > before;
    if (moments.all === undefined && ended && status?.getAttribute("data-running") === "false") {
      moments.all = now;
      observer.disconnect();
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  byTestId("catalog-file-input").addEventListener("change", () => (moments.importAt = performance.now()), {
    once: true,
  });
}`;

/**
 * Opens `file` (`toolCount` tools) with the catalog panel's "Open file" on a page whose run has ended, and times the
 * count of its tools on screen, the first request of the run that follows (the prefix bar's detail of a new run), and
 * that run's end. The file's transfer into the browser is not the page's time: the clock starts at the change event.
 * Each moment is stamped in the page by a MutationObserver at the DOM change that shows it, not found by polling:
 * polling every 20 ms would run the bench's own script on the page's thread throughout the import, and stamp a moment
 * up to a poll late.
 */
export async function openFileAndTime(page: Page, file: string, toolCount: number): Promise<ImportTimes> {
  const before = await runsEnded(page);
  const runBefore = (await page.getByTestId("prefix-bar-content").getAttribute("data-detail-run")) ?? "";
  // A string, not a function: tsx names the functions it compiles with a helper the page does not have.
  await page.evaluate(
    `(${IMPORT_MOMENTS_WATCHER})(${JSON.stringify({
      before,
      runBefore,
      countText: `${toolCount.toLocaleString("en-US")} tools`,
    })})`,
  );
  await page.getByTestId("catalog-file-input").setInputFiles(file);
  // Only to learn that the run has ended; the moments were stamped in the page.
  await page.waitForFunction(
    () => (window as unknown as { __importMoments: { all?: number } }).__importMoments.all !== undefined,
    undefined,
    { timeout: 600_000, polling: 500 },
  );
  const moments = await page.evaluate(
    () =>
      (
        window as unknown as {
          __importMoments: Required<Record<"importAt" | "shown" | "firstRequest" | "all", number>>;
        }
      ).__importMoments,
  );
  const { importAt } = moments;
  // A moment the page showed before it showed an earlier one (a first request painted with the count) is that one.
  const shown = moments.shown - importAt;
  const firstRequest = Math.max(shown, moments.firstRequest - importAt);
  const all = Math.max(firstRequest, moments.all - importAt);
  return { importAt, shown, firstRequest, all };
}
