import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PlaygroundPage } from "./pages/playground-page";

/**
 * The page's promise about the person's work: the tour, another example, a link and a reload never discard it
 * without keeping it in Saved scenarios or asking, and the page still works (and says so) when storage is blocked.
 */
test.beforeAll(() => fs.mkdirSync("test-results/screenshots", { recursive: true }));

/** An edit a person makes: a third turn in the weather example. */
async function editWork(page: Page) {
  await page.getByTestId("side-tab-conversation").click();
  await page.getByTestId("turn-add").click();
  await expect(page.getByTestId("scenario-title")).toContainText("3 turns");
}

async function waitForAutosave(page: Page) {
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
}

async function shareLinkOf(page: Page): Promise<string> {
  await page.getByTestId("share-open").click();
  const link = page.getByTestId("share-link");
  await expect(link).toHaveValue(/#s=/);
  const value = await link.inputValue();
  await page.getByTestId("share-dialog").getByRole("button", { name: "Close" }).click();
  return value;
}

test.describe("the page keeps the person's work", () => {
  test.setTimeout(300_000);
  let playground: PlaygroundPage;

  test.beforeEach(async ({ page }) => {
    playground = new PlaygroundPage(page);
  });

  test.afterEach(() => {
    expect(playground.externalRequests, "no request may leave localhost").toEqual([]);
    expect(playground.consoleErrors, "no console errors").toEqual([]);
  });

  test("the tour leaves edited work in place, skipped at once or after some steps, and after a reload", async ({
    page,
  }) => {
    await playground.open("weather");
    await editWork(page);
    await waitForAutosave(page);

    // Skipped at once.
    await page.getByRole("button", { name: "Help", exact: true }).click();
    await page.getByRole("button", { name: "Take the guided tour" }).click();
    const tour = page.getByRole("dialog", { name: "The 80k-token problem" });
    await expect(tour).toBeVisible();
    await expect(tour).toContainText("your work comes back");
    await tour.getByRole("button", { name: "Skip tour" }).click();
    await expect(page.getByTestId("scenario-title")).toContainText("Weather and files");
    await expect(page.getByTestId("scenario-title")).toContainText("3 turns");

    // Walked through a few steps (the tour's 200-tool example on screen), then left.
    await page.getByRole("button", { name: "Help", exact: true }).click();
    await page.getByRole("button", { name: "Take the guided tour" }).click();
    await expect(page.getByTestId("scenario-title")).toContainText("200 tools", { timeout: 60_000 });
    // The tour's own keys (its box follows the page while the example loads, so it is never still for a click).
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("tour")).toHaveAttribute("data-step", "changing-tools");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("tour")).toHaveAttribute("data-step", "stubs");
    await playground.screenshot("tour-step");
    // A reload in the middle of the tour finds the work, not the tour's example.
    await page.reload();
    await playground.waitForRun();
    await expect(page.getByTestId("scenario-title")).toContainText("Weather and files");
    await expect(page.getByTestId("scenario-title")).toContainText("3 turns");

    await page.getByRole("button", { name: "Help", exact: true }).click();
    await page.getByRole("button", { name: "Take the guided tour" }).click();
    await expect(page.getByTestId("scenario-title")).toContainText("200 tools", { timeout: 60_000 });
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("scenario-title")).toContainText("Weather and files");
    await expect(page.getByTestId("scenario-title")).toContainText("3 turns");
    await playground.waitForRun();
    await waitForAutosave(page);
    await page.reload();
    await playground.waitForRun();
    await expect(page.getByTestId("scenario-title")).toContainText("3 turns");
  });

  test("switching examples says the work is edited and keeps it in Saved scenarios", async ({ page }) => {
    await playground.open("weather");
    await expect(page.getByTestId("edited-marker")).toHaveCount(0);
    await editWork(page);
    await expect(page.getByTestId("edited-marker")).toBeVisible();
    await expect(page.getByTestId("example-picker").locator("option:checked")).toHaveText("Weather and files (edited)");
    await page.getByTestId("example-picker").selectOption("learning-agent");
    await expect(page.getByTestId("scenario-title")).toContainText("Learning agent");
    const notice = page.getByRole("status").filter({ hasText: "kept in Saved scenarios" });
    await expect(notice).toContainText('Your previous work is kept in Saved scenarios as "Weather and files');
    await expect(page.getByTestId("edited-marker")).toHaveCount(0);
    await page.getByTestId("scenario-menu").click();
    await page.getByRole("menuitem", { name: /Saved scenarios/ }).click();
    const saved = page.getByTestId("saved-dialog");
    await expect(saved.getByTestId("saved-entry")).toHaveCount(1);
    await expect(saved.getByTestId("saved-entry")).toContainText('(before opening "Learning agent"');
  });

  test("an example edited only in its settings is saved as its id and settings, and comes back with them", async ({
    page,
  }) => {
    await playground.open("weather");
    await playground.openSidePanel("settings");
    const minutes = page.locator("#setting-minutes");
    await minutes.fill("45");
    await minutes.press("Tab");
    await expect(page.getByTestId("edited-marker")).toBeVisible();
    await playground.waitForRun();
    await waitForAutosave(page);
    // The autosave names the example and carries the settings, not the scenario.
    const record = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("tool-disclosure-playground:working") ?? "null"),
    );
    expect(record).toMatchObject({ exampleId: "weather", settings: expect.any(String) });
    expect(record.payload).toBeUndefined();
    await page.reload();
    await playground.waitForRun();
    await playground.openSidePanel("settings");
    await expect(page.locator("#setting-minutes")).toHaveValue("45");
    await expect(page.getByTestId("edited-marker")).toBeVisible();
    // Another example named in the URL: the changed settings are work, kept in Saved scenarios first.
    await page.goto("/?example=learning-agent");
    await expect(page.getByRole("status").filter({ hasText: "kept in Saved scenarios" })).toContainText(
      'Your previous work is kept in Saved scenarios as "Weather and files',
    );
  });

  test("switching examples asks first when the browser cannot keep the work", async ({ page }) => {
    await playground.open("weather");
    await editWork(page);
    await page.evaluate(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    });
    await page.getByTestId("example-picker").selectOption("learning-agent");
    const alert = page.getByRole("alert").filter({ hasText: "could not be kept in Saved scenarios" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("storage is full");
    await expect(page.getByTestId("scenario-title")).toContainText("3 turns");
    await alert.getByRole("button", { name: "Keep my work on screen" }).click();
    await expect(page.getByTestId("scenario-title")).toContainText("Weather and files");
    await page.getByTestId("example-picker").selectOption("learning-agent");
    await page
      .getByRole("alert")
      .filter({ hasText: "could not be kept" })
      .getByRole("button", { name: 'Open "Learning agent" anyway' })
      .click();
    await expect(page.getByTestId("scenario-title")).toContainText("Learning agent");
  });

  test("a link opened with storage full keeps the work on screen and says why", async ({ page }) => {
    await playground.open("learning-agent");
    const link = await shareLinkOf(page);
    await page.getByTestId("example-picker").selectOption("weather");
    await playground.waitForRun();
    await editWork(page);
    await waitForAutosave(page);

    await page.addInitScript(() => {
      Storage.prototype.setItem = function (key: string) {
        // The working copy itself may still be rewritten; nothing new fits.
        throw new DOMException(`The quota has been exceeded (${key}).`, "QuotaExceededError");
      };
    });
    // A new document (not a same-page hash change), so the full storage applies from the start.
    await page.goto("about:blank");
    await page.goto(link);
    const alert = page.getByRole("alert").filter({ hasText: "was not opened" });
    await expect(alert).toContainText('The link to "Learning agent" was not opened');
    await expect(alert).toContainText("storage is full");
    await expect(page.getByTestId("scenario-title")).toContainText("Weather and files");
    await expect(page.getByTestId("scenario-title")).toContainText("3 turns");
    await playground.screenshot("link-storage-full", alert);
    await alert.getByRole("button", { name: "Open the link anyway" }).click();
    await expect(page.getByTestId("scenario-title")).toContainText("Learning agent");
  });

  test("with storage blocked the page works and says nothing will be kept", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        configurable: true,
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    await playground.open("weather");
    await expect(page.getByTestId("storage-blocked")).toContainText("nothing you do here will be kept");
    await page.getByTestId("step-next").click();
    await expect(page.getByTestId("stepper-position")).toContainText("2");
    await editWork(page);
    await expect(page.getByTestId("autosave-status")).toContainText("not kept: storage blocked");
    await page.getByRole("link", { name: "Lab" }).click();
    await expect(page.getByTestId("lab-status")).toBeVisible({ timeout: 60_000 });
    await page.getByTestId("lab-theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("a reload keeps unfinished catalog text, and the results say they are stale", async ({ page }) => {
    await playground.open("weather");
    await expect(page.getByTestId("stale-results")).toHaveCount(0);
    await playground.replaceCatalogText('{ "tools": [ { "name": "broken"');
    await expect(page.getByTestId("stale-results")).toContainText("Results are out of date");
    await expect(page.getByTestId("edited-marker")).toBeVisible();
    await page.reload();
    await playground.waitForRun();
    await expect(page.getByTestId("catalog-draft-restored")).toContainText("unfinished catalog text is back");
    await expect(page.getByTestId("stale-results")).toBeVisible();
    await expect(playground.catalogEditor).toContainText('{ "tools": [ { "name": "broken"');
  });

  test("→ and ← step after the strategy was picked with the mouse", async ({ page }) => {
    await playground.open("learning-agent");
    const picker = page.getByTestId("strategy-picker");
    await picker.selectOption("stubs");
    await picker.focus();
    await playground.waitForStep("stubs", 0);
    await page.keyboard.press("ArrowRight");
    await playground.waitForStep("stubs", 1);
    await page.keyboard.press("ArrowRight");
    await playground.waitForStep("stubs", 2);
    await page.keyboard.press("ArrowLeft");
    await playground.waitForStep("stubs", 1);
    await expect(picker).toHaveValue("stubs");
    await expect(picker).toBeFocused();
  });
});
