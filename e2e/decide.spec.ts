import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { PlaygroundPage } from "./pages/playground-page";

/**
 * Explain and decide: the break-even explorer answers slider moves, the guided tour can be finished and
 * reopened, and the exported design-review report states the compare table's figures.
 */

/** The decide views as a test sees them. */
class DecidePanel {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId("decide-panel");
  }
  get status(): Locator {
    return this.page.getByTestId("decide-status");
  }

  /** Waits until the engine has run every strategy of the current session (the closed form shows at once). */
  async waitForEngine() {
    await expect(this.status).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
  }

  async setSlider(testId: "decide-tools-used" | "decide-turns" | "decide-minutes", value: number) {
    await this.page.getByTestId(testId).fill(String(value));
    await expect(this.page.getByTestId(`${testId}-value`)).toHaveText(String(value));
  }

  /** The engine's break-even turn of each progressive strategy that has one. */
  async engineBreakEvenTurns(): Promise<Record<string, number>> {
    const points = this.page.locator('[data-testid="break-even-point"][data-source="engine"]');
    const turns: Record<string, number> = {};
    for (const point of await points.all())
      turns[(await point.getAttribute("data-strategy")) ?? "?"] = Number(await point.textContent());
    return turns;
  }
}

test.beforeAll(() => fs.mkdirSync("test-results/screenshots", { recursive: true }));

test.describe("explain and decide", () => {
  // The engine runs every strategy in the page's worker and again in the decide worker; the tour loads the
  // 200-tool example. On a busy two-core machine that takes minutes, not seconds.
  test.setTimeout(300_000);
  let playground: PlaygroundPage;
  let decide: DecidePanel;

  test.beforeEach(async ({ page }) => {
    playground = new PlaygroundPage(page);
    decide = new DecidePanel(page);
  });

  test.afterEach(() => {
    expect(playground.externalRequests, "no request may leave localhost").toEqual([]);
    expect(playground.consoleErrors, "no console errors").toEqual([]);
  });

  test("moving a slider moves the break-even point, and engine and closed form agree", async ({ page }) => {
    await playground.open("learning-agent");
    await decide.root.scrollIntoViewIfNeeded();
    await decide.setSlider("decide-turns", 12);
    await decide.setSlider("decide-minutes", 2);
    // Sixteen tools: a point exists only while the session needs few of them, so sweep "tools used" until one moves.
    let previous: Record<string, number> | null = null;
    let moved: { strategy: string; from: number; to: number } | null = null;
    for (const toolsUsed of [1, 2, 3, 4]) {
      await decide.setSlider("decide-tools-used", toolsUsed);
      await decide.waitForEngine();
      const turns = await decide.engineBreakEvenTurns();
      for (const [strategy, turn] of Object.entries(turns)) {
        if (previous && previous[strategy] !== undefined && previous[strategy] !== turn)
          moved ??= { strategy, from: previous[strategy], to: turn };
      }
      if (moved) break;
      previous = turns;
    }
    expect(moved, "a break-even point moved when the session used more tools").not.toBeNull();
    // The chart marks the same points the table lists.
    await expect(page.getByTestId("break-even-chart")).toBeVisible();
    for (const gap of await page.getByTestId("break-even-gap").all()) {
      expect(Number(await gap.getAttribute("data-value"))).toBeLessThanOrEqual(0.1);
    }
    await playground.screenshot("decide-break-even", decide.root);
    // Past the cache lifetime every turn starts cold: loading everything pays its whole prefix again.
    const before = Number(
      await page
        .locator('[data-testid="break-even-row"][data-strategy="full"] [data-testid="break-even-engine-cost"]')
        .getAttribute("data-value"),
    );
    await decide.setSlider("decide-minutes", 10);
    await decide.waitForEngine();
    const after = Number(
      await page
        .locator('[data-testid="break-even-row"][data-strategy="full"] [data-testid="break-even-engine-cost"]')
        .getAttribute("data-value"),
    );
    expect(after).toBeGreaterThan(before);
    await expect(page.getByTestId("heat-map-cell").first()).toBeVisible();
    await expect(page.getByTestId("recommendation")).toHaveAttribute("data-rule", "few-tools");
  });

  test("the guided tour runs to the end with the keyboard, can be skipped with Esc and reopened from help", async ({
    page,
  }) => {
    await playground.open("learning-agent");
    await page.getByTestId("help-button").click();
    await page.getByTestId("start-tour").click();
    const tour = page.getByTestId("tour");
    await expect(tour).toBeVisible();
    await expect(tour).toHaveAttribute("data-step-index", "0");
    // The story runs on the 200-tool example, with the strategy each step talks about.
    await expect(page.getByTestId("scenario-title")).toContainText("200", { timeout: 60_000 });
    await expect(page.getByTestId("strategy-picker")).toHaveValue("full");
    await expect(tour).toHaveAttribute("data-target-found", "true");
    const steps = Number(((await page.getByTestId("tour-progress").textContent()) ?? "").match(/of (\d+)/)?.[1]);
    expect(steps).toBeGreaterThanOrEqual(5);
    expect(steps).toBeLessThanOrEqual(7);
    await page.keyboard.press("ArrowRight");
    await expect(tour).toHaveAttribute("data-step", "changing-tools");
    await expect(page.getByTestId("strategy-picker")).toHaveValue("naive-dynamic");
    await page.keyboard.press("ArrowLeft");
    await expect(tour).toHaveAttribute("data-step-index", "0");
    for (let index = 1; index < steps; index += 1) {
      await page.getByTestId("tour-next").click();
      await expect(tour).toHaveAttribute("data-step-index", String(index));
      await expect(page.getByTestId("tour-spotlight")).toBeVisible();
      if (index === 3) await playground.screenshot("tour-step");
    }
    await page.getByTestId("tour-finish").click();
    await expect(tour).toHaveCount(0);
    // Reopen from the help menu, then skip with Esc.
    await page.getByTestId("help-button").click();
    await page.getByTestId("start-tour").click();
    await expect(tour).toHaveAttribute("data-step-index", "0");
    await page.keyboard.press("Escape");
    await expect(tour).toHaveCount(0);
  });

  test("the exported report states the compare table's figures", async ({ page }) => {
    await playground.open("learning-agent");
    await decide.root.scrollIntoViewIfNeeded();
    await decide.waitForEngine();
    const download = page.waitForEvent("download");
    await page.getByTestId("export-report").click();
    const file = await (await download).path();
    const markdown = fs.readFileSync(file, "utf8");
    fs.writeFileSync("test-results/design-review.md", markdown);
    expect(markdown).toContain("# Design review:");
    expect(markdown).toMatch(/!\[Cumulative cost per request\]\(data:image\/svg\+xml/);
    expect(markdown).toContain("## Break-even");
    expect(markdown).toContain("## Recommendation");
    const json = /```json\n([\s\S]*?)\n```/.exec(markdown)?.[1];
    const figures = (JSON.parse(json ?? "{}") as { strategies: Array<Record<string, unknown>> }).strategies;
    const rows = page.getByTestId("compare-row");
    expect(figures).toHaveLength(await rows.count());
    for (const figure of figures) {
      const row = page.locator(`[data-testid="compare-row"][data-strategy="${String(figure.id)}"]`);
      if (figure.refused) {
        await expect(row).toHaveAttribute("data-refused", "true");
        continue;
      }
      const value = async (testId: string) => Number(await row.getByTestId(testId).getAttribute("data-value"));
      expect(figure.requests).toBe(await value("compare-requests"));
      expect(figure.input).toBe(await value("compare-input"));
      expect(figure.cacheHitRateByTokens).toBe(await value("compare-hit-tokens"));
      expect(figure.cacheHitRateByRequests).toBe(await value("compare-hit-requests"));
      expect(figure.costUsd).toBe(await value("compare-cost"));
      expect(`${figure.toolsFound} / ${figure.toolsNeeded}`).toBe(
        `${await row.getByTestId("compare-tools").getAttribute("data-found")} / ${await row.getByTestId("compare-tools").getAttribute("data-needed")}`,
      );
      // The formatted cost in the Markdown table is the text the compare table shows.
      const costText = ((await row.getByTestId("compare-cost").locator("span").first().textContent()) ?? "").trim();
      expect(markdown).toContain(`| ${costText} |`);
    }
  });
});
