import { expect, test } from "@playwright/test";
import weather from "../examples/weather.json";
import { PlaygroundPage } from "./pages/playground-page";

/**
 * Issue 37, words against numbers, read by the text a person sees: a request the provider refuses is called refused
 * on the step, the cache card, the compare table and the catalog's problems; the decide panels judge the
 * conversation's own four turns and say why when they name another winner than the compare table.
 */
test.describe("words against numbers", () => {
  test.setTimeout(300_000);

  test("a tool name the provider refuses: the request reads refused everywhere, the name is an error", async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("weather", { moment: "strategy=full&step=1" });
    const tools = [...weather.catalog.tools, { ...weather.catalog.tools[0], name: "get weather!" }];
    await playground.replaceCatalogText(JSON.stringify({ tools }, null, 1));
    await expect(playground.catalogProblems).toContainText(
      /"get weather!" does not match .*: Anthropic.* refuses every request that declares it \(400\)/,
    );
    await expect(page.getByTestId("catalog-problem-count")).toContainText(/^[1-9]\d* errors?/);
    await expect(playground.compareTable.locator('[data-strategy="full"]').getByTestId("compare-fails")).toHaveText(
      "fails at request 1",
    );
    await playground.selectStrategy("full");
    await playground.focusPage();
    await page.keyboard.press("Home");
    await playground.waitForStep("full", 0);
    const notes = page.getByTestId("step-notes");
    await expect(notes).toContainText("Refused by the provider: 400 invalid_request_error");
    await expect(notes).not.toContainText("Nothing unusual in this request");
    await expect(page.getByTestId("step-cost")).toHaveText("Refused");
    const headline = page.getByTestId("cache-headline");
    await expect(headline).toContainText(/^Refused: the provider answers 400 invalid_request_error and reads none/);
    await expect(headline).not.toContainText("full input price");
  });

  test("decide: every panel prices the conversation's 4 turns and says why it names another winner", async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open("learning-agent");
    const decide = page.getByTestId("decide-panel");
    await decide.scrollIntoViewIfNeeded();
    await expect(page.getByTestId("decide-turns-value")).toHaveText("4");
    await expect(page.getByTestId("decide-status")).toHaveAttribute("data-state", "ready", { timeout: 120_000 });
    // "never" is more than a 4-turn session can say.
    await expect(page.getByTestId("break-even-table")).not.toContainText(/never(?!: it cannot run)/);
    const current = page.locator('[data-testid="heat-map-cell"][data-current="true"]');
    await expect(current).toHaveAttribute("data-turns", "4");
    await expect(current).toHaveAttribute("data-source", "simulated");
    const cheapest = await page.getByTestId("decide-cheapest").getAttribute("data-strategy");
    await expect(page.getByTestId("break-even-table")).toBeVisible();
    // The case: the session's cheapest (Register everything) is not the conversation's (Tool Search), and
    // the panel says why, naming both.
    const note = page.getByTestId("break-even-winner-note");
    await expect(note).toContainText(
      /^In this session of 4 turns, .+ is the cheapest, while the simulated conversation names /,
    );
    await expect(note).toContainText("not the conversation's own messages");
    const cellStrategy = await current.getAttribute("data-strategy");
    if (cellStrategy !== cheapest)
      await expect(page.getByTestId("heat-map-winner-note")).toContainText(
        /^In the outlined cell \(this catalog, 4 turns\), .+ is the cheapest, while the simulated conversation names /,
      );
  });
});
