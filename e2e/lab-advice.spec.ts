import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { LabPage } from "./pages/lab-page";

const EXAMPLE = "mixed-mcp";
/** BM25 (emulated) does not find git_checkout for this query: its description is "Switches branches". */
const QUERY = "switch to the main branch";
const BETTER_DESCRIPTION =
  "Switch to another branch: check out the main branch, or any existing branch, in a local git repository.";
/** Words that are never advice for a description, whatever a search does with them. */
const NEVER_ADVICE = ["to", "the", "what", "is", "it", "right", "now", "in", "can", "you", "please"];

test.beforeAll(() => fs.mkdirSync("test-results/screenshots", { recursive: true }));

test.describe("search lab advice", () => {
  // Every test measures 362 tools × 78 queries × 3 searches in the browser, on a shared 2-core machine.
  test.describe.configure({ timeout: 300_000 });
  let lab: LabPage;

  test.beforeEach(async ({ page }) => {
    lab = new LabPage(page);
  });

  test.afterEach(() => {
    expect(lab.externalRequests, "no request may leave localhost").toEqual([]);
    expect(lab.consoleErrors, "no console errors").toEqual([]);
  });

  test("'why not' suggests only content words that move the tool up, each with the rank it would reach", async ({
    page,
  }) => {
    await lab.open(EXAMPLE);
    for (const query of [QUERY, "what time is it in Tokyo right now"]) {
      await lab.queryRow(query).getByTestId("query-why").click();
      const explanation = page.getByTestId("query-explanation");
      await expect(explanation).toHaveAttribute("data-state", "ready", { timeout: 120_000 });
      const words = await explanation
        .getByTestId("explain-missing-word")
        .evaluateAll((chips) =>
          chips.map((chip) => ({ word: chip.getAttribute("data-word") ?? "", text: chip.textContent ?? "" })),
        );
      for (const { word, text } of words) {
        expect(NEVER_ADVICE, `"${word}" is not advice`).not.toContain(word);
        expect(text).toMatch(/→ rank \d+/);
      }
      if (query === QUERY) {
        // BM25 misses git_checkout; adding "switch" to its description is what brings it back.
        const bm25 = explanation.getByTestId("explain-search-anthropic-bm25");
        await expect(bm25.getByTestId("explain-expected")).toHaveAttribute("data-tool", "git_checkout");
        await expect(bm25.locator('[data-testid="explain-missing-word"][data-word="switch"]')).toBeVisible();
        await lab.screenshot("advice", lab.queryRow(QUERY).locator("xpath=following-sibling::tr[1]"));
      }
      await lab.queryRow(query).getByTestId("query-why").click();
    }
  });

  test("the expected-tool chip opens the tool; an edited row stays in 'Missed by a search' with its why open", async ({
    page,
  }) => {
    await lab.open(EXAMPLE);
    await page.getByTestId("query-filter").selectOption("missed");
    const row = lab.queryRow(QUERY);
    await expect(row).toBeVisible();
    await row.getByTestId("query-why").click();
    const explanation = page.getByTestId("query-explanation");
    await expect(explanation).toHaveAttribute("data-state", "ready", { timeout: 120_000 });

    await row.getByTestId("query-expected-tool").filter({ hasText: "git_checkout" }).click();
    await expect(page.getByTestId("description-tool-name")).toHaveText("git_checkout");

    // The edit fixes the miss, so the row no longer matches the filter, yet it stays, with its "why" open.
    await lab.editDescription(BETTER_DESCRIPTION);
    await expect(page.getByTestId("edit-delta")).toBeVisible({ timeout: 180_000 });
    await lab.waitForMeasurements();
    await expect(lab.rank(QUERY, "anthropic-bm25")).toHaveAttribute("data-rank", "1");
    await expect(row).toBeVisible();
    await expect(explanation).toBeVisible();
    await expect(row.getByTestId("query-why")).toHaveAttribute("aria-expanded", "true");
    // Token changes read in words, not as an arrow beside a signed number.
    await expect(page.getByTestId("edit-tokens-delta")).toHaveText(/^\d[\d,]* (more|fewer) tokens$/);
    await lab.screenshot("kept-row");
  });

  test("the linter shows the few findings that matter first, by the recall at stake", async ({ page }) => {
    await lab.open(EXAMPLE);
    await lab.openTab("linter");
    const top = page.getByTestId("lint-top");
    await expect(top).toBeVisible();
    const findings = top.getByTestId("lint-top-finding");
    const count = await findings.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    await expect(findings.first()).toContainText(/up to \+\d+(\.\d)? pt recall@5/);
    await lab.screenshot("linter-top", page.getByTestId("lab-tabs"));
  });
});
