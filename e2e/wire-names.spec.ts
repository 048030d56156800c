import { expect, test } from "@playwright/test";
import weather from "../examples/weather.json";
import { PlaygroundPage } from "./pages/playground-page";

/**
 * A catalog with a tool name the provider refuses: one click sends wire names, as MCP clients do. The refused-name
 * error gives way to one line naming the mapping, the run no longer fails at its first request, Settings shows the
 * same choice, and the way back restores the refusal.
 */
test.describe("wire names", () => {
  test.setTimeout(300_000);

  test("one click sends wire names; the error becomes one line and the run is no longer refused", async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather", { moment: "strategy=full&step=1" });
    const tools = [...weather.catalog.tools, { ...weather.catalog.tools[0], name: "admin.weather/get" }];
    await playground.replaceCatalogText(JSON.stringify({ tools }, null, 1));
    await expect(playground.catalogProblems).toContainText(/"admin\.weather\/get" does not match .*: Anthropic/);
    const fails = playground.compareTable.locator('[data-strategy="full"]').getByTestId("compare-fails");
    await expect(fails).toHaveText("fails at request 1");

    // Counted runs: the refused run stays on screen until the one under wire names ends.
    const runsEnded = async () => Number((await page.getByTestId("run-status").getAttribute("data-runs-ended")) ?? 0);
    const before = await runsEnded();
    await page.getByTestId("send-wire-names").click();
    const line = page.getByTestId("wire-names-line");
    await expect(line).toContainText("1 tool name is sent as a wire name (admin.weather/get → admin_weather_get)");
    await expect(playground.catalogProblems).not.toContainText("does not match");
    await expect(page.getByTestId("catalog-problem-count")).not.toContainText(/[1-9]\d* errors?/);
    await expect.poll(runsEnded, { timeout: 180_000 }).toBeGreaterThan(before);
    await playground.waitForRun();
    await expect(fails).toHaveCount(0);
    await expect(page.getByTestId("step-cost")).not.toHaveText("Refused");

    await playground.openSidePanel("settings");
    await expect(page.getByRole("radiogroup", { name: "Tool names" }).getByLabel("Wire names")).toBeChecked();
    await playground.openSidePanel("catalog");

    await page.getByTestId("send-names-as-written").click();
    await expect(line).toHaveCount(0);
    await expect(page.getByTestId("send-wire-names")).toBeVisible();
    await expect(fails).toHaveText("fails at request 1");
  });
});
