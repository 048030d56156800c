/**
 * The Experiment view against the production build and the fake provider: the shipped task set loads with no
 * problems and an estimate, the simulated run (in the page's worker) fills the table, the position design compares
 * appended declarations with the up-front ones, a measured run on the fake model (a pasted key,
 * two strategies) stands beside it with the comparisons and exports, and the share link opens the same results.
 * Two page loads.
 */
import { expect, test } from "@playwright/test";

test("walks the Experiment view by its visible text", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/experiment");
  await expect(page.getByRole("heading", { name: "Experiment", exact: true })).toBeVisible();
  await expect(page.getByText("8 tasks, no problems")).toBeVisible();
  await expect(page.getByText(/^Predicted cost: \$\d+\.\d{4} for \d+ task-runs$/)).toBeVisible();

  // Two strategies: the tools up front against Anthropic's tool search (every other one the provider carries off).
  const kept = ["full", "anthropic-tool-search"];
  for (const box of await page.getByRole("group", { name: "Strategies" }).getByRole("checkbox").all()) {
    const id = (await box.evaluate((element) => element.closest("label")?.textContent ?? "")).trim();
    if (!kept.includes(id) && (await box.isChecked())) await box.uncheck();
  }
  await expect(page.getByText(/for 16 task-runs$/)).toBeVisible();

  await page.getByRole("button", { name: "Run experiment" }).click();
  const table = page.getByTestId("experiment-table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("cell", { name: "simulated" }).first()).toBeVisible();

  // The built-in position design on the simulated model (the page's worker): up front vs appended mid-conversation.
  await page.getByRole("combobox", { name: /^Design/ }).selectOption("position");
  await expect(
    page.getByText(/^Declared up front: full; appended mid-conversation: anthropic-mid-conversation\./),
  ).toBeVisible();
  await page.getByRole("button", { name: "Run experiment" }).click();
  await expect(
    page.getByRole("heading", { name: /^Position: appended mid-conversation against declared up front/ }),
  ).toBeVisible();
  await expect(page.getByText(/^anthropic-mid-conversation − full: /)).toBeVisible();
  await page.getByRole("combobox", { name: /^Design/ }).selectOption("");
  await expect(page.getByText(/for 16 task-runs$/)).toBeVisible();

  await page.getByLabel("Simulated model only (spends nothing)").uncheck();
  await page.getByLabel("API key (optional when the server has one)").fill("sk-ant-e2e-experiment-0123456789");
  await page.getByRole("button", { name: "Run experiment" }).click();
  await expect(page.getByText(/of 16 task-runs · \$/)).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(5, { timeout: 120_000 });
  await expect(table.getByRole("cell", { name: "measured" })).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Completion by strategy, with 95 % intervals" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Paired comparisons (completion)" })).toBeVisible();
  await expect(page.getByText(/^anthropic-tool-search − full: .*noise/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Markdown report" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "CSV" }).click();
  expect((await download).suggestedFilename()).toBe("experiment.csv");

  await page.getByRole("button", { name: "Copy share link" }).click();
  await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
  expect(page.url()).toContain("#results=");
  await page.reload();
  await expect(page.getByText(/^Shared results: weather · anthropic · /)).toBeVisible();
  await expect(page.getByTestId("experiment-table").getByRole("row")).toHaveCount(5);
});
