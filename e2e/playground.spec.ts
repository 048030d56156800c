import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { PlaygroundPage } from "./pages/playground-page";

const EXAMPLE = "learning-agent";

test.beforeAll(() => fs.mkdirSync("test-results/screenshots", { recursive: true }));

test.describe("playground", () => {
  let playground: PlaygroundPage;

  test.beforeEach(async ({ page }) => {
    playground = new PlaygroundPage(page);
  });

  test.afterEach(() => {
    expect(playground.externalRequests, "no request may leave localhost").toEqual([]);
    expect(playground.consoleErrors, "no console errors").toEqual([]);
  });

  test("opens an example and shows every view", async () => {
    test.slow();
    await playground.open(EXAMPLE);
    await expect(playground.page.getByTestId("scenario-title")).toContainText("tools");
    await expect(playground.page.getByTestId("tool-row").first()).toBeVisible();
    await expect(playground.page.getByTestId("tool-tokens").first()).toContainText("tok");
    await playground.screenshot("catalog");
    await playground.openSidePanel("conversation");
    await expect(playground.page.getByTestId("turn").first()).toBeVisible();
    await playground.screenshot("conversation");
    await playground.openSidePanel("settings");
    await expect(playground.page.getByTestId("unconfirmed-badge").first()).toBeVisible();
    await playground.screenshot("settings");
    await playground.openRunTab("diff");
    await playground.page.getByTestId("step-next").click();
    await playground.screenshot("diff", playground.page.getByTestId("request-area"));
    await playground.openRunTab("response");
    await playground.screenshot("response", playground.page.getByTestId("request-area"));
    await playground.openRunTab("request");
    await playground.screenshot("request");
    await playground.page.getByTestId("compare").scrollIntoViewIfNeeded();
    await playground.screenshot("charts-and-compare");
    await playground.screenshot("compare", playground.compareTable);
    await playground.screenshot("learn", playground.page.getByTestId("learn"));
    await playground.page.getByTestId("theme-toggle").click();
    await expect(playground.page.locator("html")).toHaveClass(/dark/);
    await playground.page.evaluate(() => window.scrollTo(0, 0));
    await playground.screenshot("dark");
  });

  test("invalid catalog JSON shows a marker and a problem, and fixing it clears them", async () => {
    await playground.open("weather");
    const editor = playground.catalogEditor;
    await expect(editor.locator(".monaco-editor")).toBeVisible();
    const valid =
      '{ "tools": [ { "name": "get_weather", "description": "Weather now.", "inputSchema": { "type": "object" } } ] }';
    await playground.replaceCatalogText(valid.slice(0, -4));
    await playground.typeInCatalogEditor(" , ]");
    await expect(editor.locator(".squiggly-error").first()).toBeAttached();
    await expect(playground.catalogProblems.getByTestId("catalog-problem").first()).toBeVisible();
    await expect(playground.catalogProblems).toContainText(/expected|unexpected|JSON/i);
    await playground.screenshot("catalog-invalid");
    // The rest of the page keeps the last valid catalog.
    await expect(playground.page.getByTestId("tool-row").first()).toBeVisible();

    await playground.replaceCatalogText(valid);
    await expect(playground.page.getByTestId("catalog-problem-count")).toContainText("none");
    await expect(editor.locator(".squiggly-error")).toHaveCount(0);
    await expect(playground.page.getByTestId("catalog-count")).toHaveText("1 tool");
  });

  test("steps five requests with the keyboard and the timeline follows", async () => {
    await playground.open(EXAMPLE);
    await playground.selectStrategy("anthropic-tool-search");
    await playground.waitForStep("anthropic-tool-search", 0);
    expect(await playground.stepCount()).toBeGreaterThanOrEqual(6);
    await playground.focusPage();
    for (let step = 1; step <= 5; step += 1) {
      await playground.page.keyboard.press("ArrowRight");
      await expect(playground.stepPosition).toContainText(`${step + 1} of`);
      await playground.waitForStep("anthropic-tool-search", step);
      const current = playground.timeline.locator('[data-testid=timeline-step][aria-current="step"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAttribute("data-index", String(step));
    }
    await playground.page.keyboard.press("Home");
    await expect(playground.stepPosition).toContainText("1 of");
    await playground.page.keyboard.press("End");
    await expect(playground.stepPosition).toContainText(`${await playground.stepCount()} of`);
    // At a phone's width the chips overflow their row: the current one is scrolled into view (in the frame after the
    // selection moves), at either end.
    await playground.page.setViewportSize({ width: 390, height: 844 });
    const currentChip = playground.timeline.locator('[data-testid=timeline-step][aria-current="step"]');
    const whereIsCurrent = () =>
      currentChip.evaluate((chip) => {
        let row = chip.parentElement;
        while (row && row.scrollWidth <= row.clientWidth) row = row.parentElement;
        if (!row || row === document.documentElement || row === document.body) return "row does not overflow";
        const rowBox = row.getBoundingClientRect();
        const chipBox = chip.getBoundingClientRect();
        return chipBox.left >= rowBox.left - 1 && chipBox.right <= rowBox.right + 1 ? "in view" : "out of view";
      });
    await playground.page.keyboard.press("Home");
    await expect(playground.stepPosition).toContainText("1 of");
    await expect.poll(whereIsCurrent).toBe("in view");
    await playground.page.keyboard.press("End");
    await expect.poll(whereIsCurrent).toBe("in view");
  });

  // The count looks at bar segments only: the prefix legend's swatches carry data-status="invalidated" as well, and
  // counting them would stop the loop at request 1.
  test("naive-dynamic invalidates the cache at discovery; anthropic-tool-search never does", async () => {
    // About thirty requests, each waiting for its detail from the worker.
    test.slow();
    // 200 tools: big enough that the first request is cached, so inserting a tool loses something.
    await playground.open("seed-200-tools");
    await playground.selectStrategy("naive-dynamic");
    await playground.waitForStep("naive-dynamic", 0);
    // The new strategy's run arrives asynchronously from the worker: wait for its full step count.
    await expect.poll(() => playground.stepCount(), { timeout: 60_000 }).toBeGreaterThan(6);
    const naiveSteps = await playground.stepCount();
    let invalidatedAt = -1;
    await playground.focusPage();
    for (let step = 0; step < naiveSteps; step += 1) {
      if (step > 0) await playground.page.keyboard.press("ArrowRight");
      await playground.waitForStep("naive-dynamic", step);
      if ((await playground.invalidatedSegmentCount()) > 0) {
        invalidatedAt = step;
        break;
      }
    }
    expect(invalidatedAt, "naive-dynamic shows an invalidated segment").toBeGreaterThan(0);
    await expect(playground.page.getByTestId("divergence")).toContainText("invalidated");
    await playground.screenshot("prefix-naive-dynamic", playground.page.getByTestId("prefix-panel"));

    await playground.selectStrategy("anthropic-tool-search");
    await playground.page.keyboard.press("Home");
    await playground.waitForStep("anthropic-tool-search", 0);
    await expect.poll(() => playground.stepCount(), { timeout: 60_000 }).toBeGreaterThan(6);
    const searchSteps = await playground.stepCount();
    await playground.focusPage();
    for (let step = 0; step < searchSteps; step += 1) {
      if (step > 0) await playground.page.keyboard.press("ArrowRight");
      await playground.waitForStep("anthropic-tool-search", step);
      expect(await playground.invalidatedSegmentCount(), `step ${step + 1}`).toBe(0);
    }
    await playground.screenshot("prefix-anthropic-tool-search", playground.page.getByTestId("prefix-panel"));
  });

  test("the charts render with data", async () => {
    await playground.open(EXAMPLE);
    for (const id of ["chart-tokens-per-step", "chart-cumulative-cost", "chart-tool-share"]) {
      const chart = playground.page.getByTestId(id);
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator("svg").first()).toBeVisible();
      // Data marks, not just axes: bars, lines or their rectangles.
      await expect
        .poll(
          () =>
            chart
              .locator(
                ".recharts-bar-rectangle path, .recharts-bar-rectangle rect, .recharts-line-curve, .recharts-rectangle",
              )
              .count(),
          { message: id },
        )
        .toBeGreaterThan(0);
    }
    await playground.screenshot("charts", playground.page.getByTestId("charts"));
  });

  test("the compare table shows the same totals as npm run simulate --json", async () => {
    const output = execFileSync("npx", ["tsx", "scripts/simulate.ts", `example:${EXAMPLE}`, "--json"], {
      encoding: "utf8",
      maxBuffer: 512 * 1024 * 1024,
    });
    const simulated = JSON.parse(output) as {
      strategies: Array<{ id: string; refused?: string; totals: { input: number; costUsd: number } }>;
    };
    await playground.open(EXAMPLE);
    for (const strategy of simulated.strategies) {
      const row = playground.compareTable.locator(`[data-testid=compare-row][data-strategy="${strategy.id}"]`);
      await expect(row, strategy.id).toBeVisible();
      if (strategy.refused) {
        await expect(row).toHaveAttribute("data-refused", "true");
        continue;
      }
      await expect(row.getByTestId("compare-input"), `${strategy.id} input tokens`).toHaveAttribute(
        "data-value",
        String(strategy.totals.input),
      );
      const shownCost = Number(await row.getByTestId("compare-cost").getAttribute("data-value"));
      expect(shownCost, `${strategy.id} cost`).toBeCloseTo(strategy.totals.costUsd, 9);
    }
  });
});
