/**
 * Automated accessibility checks (axe-core, WCAG 2.1 A and AA rules) of the main views in both themes. Serious and
 * critical findings fail the test; each one is listed with the element it was found on.
 */
import { expect, test } from "@playwright/test";
import { seriousAxeFindings } from "./pages/axe";
import { PlaygroundPage } from "./pages/playground-page";

test.describe("accessibility", () => {
  test.setTimeout(180_000);

  for (const theme of ["light", "dark"] as const) {
    test(`the playground, its live panel, dialogs and decide views have no serious axe findings (${theme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: theme });
      const playground = new PlaygroundPage(page);
      await playground.open("learning-agent");
      expect(await seriousAxeFindings(page, { withData: true })).toEqual([]);
      await page.getByTestId("live-mode-open").click();
      await expect(page.getByTestId("live-mode")).toBeVisible();
      expect(await seriousAxeFindings(page, { withData: true })).toEqual([]);
      await page.getByTestId("simulated-mode-open").click();
      await page.getByTestId("decide-panel").scrollIntoViewIfNeeded();
      await expect(page.getByTestId("decide-status")).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
      expect(await seriousAxeFindings(page, { withData: true })).toEqual([]);
      await page.getByTestId("share-open").click();
      await expect(page.getByTestId("share-link")).toHaveValue(/#s=/);
      expect(await seriousAxeFindings(page, { withData: true })).toEqual([]);
    });
  }

  test("the search lab has no serious axe findings", async ({ page }) => {
    await page.goto("/lab");
    await expect(page.getByTestId("lab-status")).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
    expect(await seriousAxeFindings(page, { withData: true })).toEqual([]);
  });
});
