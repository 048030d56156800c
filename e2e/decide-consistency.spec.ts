import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { PlaygroundPage } from "./pages/playground-page";
import { capture } from "./pages/screenshots";

test.beforeAll(() => fs.mkdirSync("test-results/screenshots", { recursive: true }));

/**
 * One answer to "which strategy is cheapest?": the compare table and the decide view judge it among the runs on the
 * scenario's own provider and model, and name the same strategy. A run moved to another model is marked, never
 * "cheapest".
 */
test("the compare table and the decide panels name one cheapest strategy", async ({ page }) => {
  test.setTimeout(300_000);
  const playground = new PlaygroundPage(page);
  await playground.open("learning-agent");
  const cheapestRows = playground.compareTable.locator('[data-testid="compare-row"]:has([data-cheapest="true"])');
  await expect(cheapestRows.first()).toBeVisible();
  const tableCheapest = await cheapestRows.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-strategy")));
  // No run on another model is called cheapest.
  await expect(cheapestRows.getByTestId("compare-other-model")).toHaveCount(0);
  await expect(playground.compareTable.getByTestId("compare-other-model").first()).toBeVisible();

  const statement = page.getByTestId("decide-cheapest");
  await statement.scrollIntoViewIfNeeded();
  await expect(statement).toContainText("Cheapest here:");
  expect(tableCheapest).toContain(await statement.getAttribute("data-strategy"));
  // The recommendation comes first in the decide view and says whether it is the cheapest.
  await expect(statement).toContainText(/The recommendation below(, .+,)? is (also the cheapest|not the cheapest)/);
  const recommendation = page.getByTestId("decide-recommendation");
  const breakEven = page.getByTestId("decide-break-even");
  const recommendationBox = await recommendation.boundingBox();
  const breakEvenBox = await breakEven.boundingBox();
  expect(recommendationBox && breakEvenBox && recommendationBox.y < breakEvenBox.y).toBe(true);
  await capture(recommendation, "test-results/screenshots/decide.png");
});
