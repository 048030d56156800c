import { expect, type Locator, type Page } from "@playwright/test";
import { watchPage } from "./page-watch";
import { capture } from "./screenshots";

export type LabSearchId = "anthropic-bm25" | "anthropic-regex" | "client";

/** The search lab as a test sees it: named regions and the actions a tool author takes. */
export class LabPage {
  readonly externalRequests: string[];
  readonly consoleErrors: string[];

  constructor(readonly page: Page) {
    ({ externalRequests: this.externalRequests, consoleErrors: this.consoleErrors } = watchPage(page));
  }

  async open(exampleId: string) {
    await this.page.goto(`/lab?example=${exampleId}`);
    await this.waitForMeasurements();
  }

  /** Waits until the worker has answered for the current catalog, queries, options and draft. */
  async waitForMeasurements() {
    // Worker start, the example's catalog and the first tokenizer use take a while on a busy machine.
    await expect(this.status).toHaveAttribute("data-state", "ready", { timeout: 180_000 });
  }

  get status(): Locator {
    return this.page.getByTestId("lab-status");
  }

  metric(search: LabSearchId, metric: "recallAt1" | "recallAt3" | "recallAt5" | "recallAtK" | "mrr"): Locator {
    return this.page.getByTestId(`metric-${search}-${metric}`);
  }

  async metricValue(
    search: LabSearchId,
    metric: "recallAt1" | "recallAt3" | "recallAt5" | "recallAtK" | "mrr",
  ): Promise<number> {
    return Number(await this.metric(search, metric).getAttribute("data-value"));
  }

  queryRow(text: string): Locator {
    return this.page.locator(`[data-testid="query-row"][data-query="${text}"]`);
  }

  rank(text: string, search: LabSearchId): Locator {
    return this.queryRow(text).getByTestId(`rank-${search}`);
  }

  async openTab(tab: "queries" | "tools" | "linter" | "confusable" | "semantic" | "compression") {
    await this.page.getByTestId(`lab-tab-${tab}`).click();
  }

  async selectTool(name: string) {
    await this.page.getByTestId("description-tool-picker").fill(name);
    await expect(this.page.getByTestId("description-tool-name")).toHaveText(name);
  }

  async editDescription(text: string) {
    await this.page.getByTestId("description-textarea").fill(text);
  }

  async importQueries(name: string, text: string) {
    await this.page
      .getByTestId("queries-import-file")
      .setInputFiles({ name, mimeType: "application/x-ndjson", buffer: Buffer.from(text) });
  }

  async screenshot(name: string, locator?: Locator) {
    const path = `test-results/screenshots/lab-${name}.png`;
    // The sticky header would cover the top of an element scrolled into view; it stays in place for the capture.
    if (locator) await capture(locator, path, { style: '[data-testid="lab-header"] { position: static !important; }' });
    else await capture(this.page, path);
  }
}
