/** What the browser benchmarks share: their command-line flags, the page's address, and one timed key press. */
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
