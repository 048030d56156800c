import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** The fake provider the app talks to in e2e (playwright.config.ts starts it and points the app at it). */
export const FAKE_PROVIDER_URL = process.env.PLAYGROUND_TEST_PROVIDER_BASE_URL ?? "http://127.0.0.1:3199";

export type FakeBehaviour =
  | { kind: "error"; status: number; retryAfter?: number; message?: string; match?: string; after?: number }
  | { kind: "slow"; delayMs: number; match?: string; after?: number };

/** Live mode as a test sees it: the key field, the run controls, the comparison table, the error banner. */
export class LivePanel {
  constructor(
    readonly page: Page,
    readonly request: APIRequestContext,
  ) {}

  get root(): Locator {
    return this.page.getByTestId("live-mode");
  }
  get keyInput(): Locator {
    return this.page.getByTestId("live-key-input");
  }
  get remember(): Locator {
    return this.page.getByTestId("live-key-remember");
  }
  get status(): Locator {
    return this.page.getByTestId("live-status");
  }
  get rows(): Locator {
    return this.page.getByTestId("live-comparison-row");
  }
  get error(): Locator {
    return this.page.getByTestId("live-error");
  }

  /** Shows live mode: the page reveals it with the control whose test id is `live-mode-open` when it is not always visible. */
  async show() {
    if (!(await this.root.isVisible())) await this.page.getByTestId("live-mode-open").click();
    await expect(this.root).toBeVisible();
  }

  async pasteKey(key: string) {
    await this.keyInput.fill(key);
  }

  async run() {
    await this.page.getByTestId("live-run-button").click();
  }

  async waitForStatus(status: "done" | "failed" | "stopped", timeout = 60_000) {
    await expect(this.status).toHaveAttribute("data-status", status, { timeout });
  }

  /** Raw values of one figure for every row: predicted, measured and difference. */
  async figures(field: string): Promise<Array<{ predicted: number; measured: number; difference: number }>> {
    const count = await this.rows.count();
    const result = [];
    for (let index = 0; index < count; index += 1) {
      const row = this.rows.nth(index);
      const value = async (source: string) =>
        Number(
          await row
            .locator(`[data-testid="live-cell"][data-field="${field}"][data-source="${source}"]`)
            .getAttribute("data-value"),
        );
      result.push({
        predicted: await value("predicted"),
        measured: await value("measured"),
        difference: await value("difference"),
      });
    }
    return result;
  }

  async resetFake() {
    await this.request.post(`${FAKE_PROVIDER_URL}/__control/reset`);
  }

  async enqueue(...behaviours: FakeBehaviour[]) {
    await this.request.post(`${FAKE_PROVIDER_URL}/__control/enqueue`, { data: { behaviours } });
  }

  async fakeRequests(): Promise<Array<{ path: string; headers: Record<string, string>; body: unknown }>> {
    return (await this.request.get(`${FAKE_PROVIDER_URL}/__control/requests`)).json();
  }
}
