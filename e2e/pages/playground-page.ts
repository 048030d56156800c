import { expect, type Locator, type Page } from "@playwright/test";
import { watchPage } from "./page-watch";
import { capture } from "./screenshots";

/** The playground as a test sees it: named regions and the actions a person takes. */
export class PlaygroundPage {
  readonly externalRequests: string[];
  readonly consoleErrors: string[];

  constructor(readonly page: Page) {
    ({ externalRequests: this.externalRequests, consoleErrors: this.consoleErrors } = watchPage(page));
  }

  /**
   * Opens an example by name. The specs start from the anti-pattern's first request, named in the URL; without a
   * named moment (`{ moment: null }`) the page chooses its opening request itself, one that shows caching at work.
   */
  async open(exampleId: string, { moment = "strategy=naive-dynamic&step=1" }: { moment?: string | null } = {}) {
    await this.page.goto(`/?example=${exampleId}${moment ? `&${moment}` : ""}`);
    await expect(this.compareTable).toBeVisible();
    await this.waitForRun();
  }

  /** Waits until a run finished and the current step's detail arrived. */
  async waitForRun() {
    await expect(this.page.getByTestId("run-status")).toHaveAttribute("data-running", "false");
    // Worker start, example load and the first tokenizer use take a few seconds on a busy machine; all eight strategies
    // of the 10,000-tool example took 28 s on an idle one and over a minute beside another heavy job.
    await expect(this.page.getByTestId("run-status")).toContainText("simulated in", { timeout: 180_000 });
    await expect(this.prefixBarContent).not.toHaveAttribute("data-detail", "", { timeout: 30_000 });
  }

  get catalogEditor(): Locator {
    return this.page.getByTestId("catalog-editor");
  }
  get catalogProblems(): Locator {
    return this.page.getByTestId("catalog-problems");
  }
  get prefixBarContent(): Locator {
    return this.page.getByTestId("prefix-bar-content");
  }
  get timeline(): Locator {
    return this.page.getByTestId("timeline-container");
  }
  get stepPosition(): Locator {
    return this.page.getByTestId("stepper-position");
  }
  get compareTable(): Locator {
    return this.page.getByTestId("compare");
  }

  async openSidePanel(panel: "catalog" | "conversation" | "settings") {
    await this.page.getByTestId(`side-tab-${panel}`).click();
  }

  async selectStrategy(id: string) {
    await this.page.getByTestId("strategy-picker").selectOption(id);
  }

  async openRunTab(tab: "request" | "diff" | "response") {
    await this.page.getByTestId(`tab-${tab}`).click();
  }

  /** Replaces the whole catalog text by typing, as a person would (auto-closing is off in this editor). */
  async replaceCatalogText(text: string) {
    await this.focusCatalogEditor();
    await this.page.keyboard.press("ControlOrMeta+A");
    await this.page.keyboard.press("Delete");
    await this.page.keyboard.insertText(text);
  }

  async typeInCatalogEditor(text: string) {
    await this.focusCatalogEditor();
    await this.page.keyboard.press("ControlOrMeta+End");
    await this.page.keyboard.type(text);
  }

  /** Clicks into the text area near the top left: Monaco's line layer is far wider and taller than the viewport. */
  async focusCatalogEditor() {
    await this.catalogEditor.locator(".monaco-editor").click({ position: { x: 80, y: 10 } });
  }

  /** Moves focus away from inputs and editors so the stepper's keys apply. */
  async focusPage() {
    await this.page.getByTestId("stepper-position").click();
  }

  async stepCount(): Promise<number> {
    const text = (await this.stepPosition.textContent()) ?? "";
    const match = /of\s+(\d+)/.exec(text);
    return match ? Number(match[1]) : 0;
  }

  /** Waits for the detail of `strategy` at `stepIndex` (0-based) to be on screen. */
  async waitForStep(strategy: string, stepIndex: number) {
    await expect(this.prefixBarContent).toHaveAttribute("data-detail", `${strategy}:${stepIndex}`);
  }

  /** Bar segments only: the legend's swatches carry `data-status` too. */
  async invalidatedSegmentCount(): Promise<number> {
    return this.prefixBarContent.locator("[data-testid=prefix-segment][data-status=invalidated]").count();
  }

  async screenshot(name: string, locator?: Locator) {
    const path = `test-results/screenshots/${name}.png`;
    await capture(locator ?? this.page, path);
  }
}
