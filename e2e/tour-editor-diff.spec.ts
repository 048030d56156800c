import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { PlaygroundPage } from "./pages/playground-page";
import { capture } from "./pages/screenshots";

/**
 * The tour shows what it talks about without covering it (beside or below on a screen, docked on a phone); the
 * catalog opens in a large editor that keeps every keystroke; the diff compares any two requests. One page load each.
 */
test.beforeAll(() => fs.mkdirSync("test-results/screenshots", { recursive: true }));

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Waits until the tour box and its target stop moving (the smooth scroll has ended), then returns both boxes. */
async function settledBoxes(page: Page, tour: Locator, target: Locator): Promise<{ tour: Box; target: Box }> {
  let previous = "";
  await expect
    .poll(async () => {
      const now = JSON.stringify([await boxOf(tour), await boxOf(target)]);
      const same = now === previous;
      previous = now;
      return same;
    })
    .toBe(true);
  return { tour: await boxOf(tour), target: await boxOf(target) };
}

test.describe("tour, large editor and any-two-requests diff", () => {
  test.setTimeout(240_000);
  let playground: PlaygroundPage;

  test.beforeEach(async ({ page }) => {
    playground = new PlaygroundPage(page);
  });

  test.afterEach(() => {
    expect(playground.externalRequests, "no request may leave localhost").toEqual([]);
    expect(playground.consoleErrors, "no console errors").toEqual([]);
  });

  test("the tour's stubs and Kimi steps scroll to what they describe and never cover it; on a phone it docks", async ({
    page,
  }) => {
    // The tour's own example, so it opens nothing new.
    await playground.open("seed-200-tools");
    await page.getByTestId("page-intro").getByRole("button", { name: /tour/i }).click();
    const first = page.getByRole("dialog", { name: "The 80k-token problem" });
    await expect(first).toBeVisible();
    const requestPanel = page.locator("[data-tour=request-panel]");
    const editor = page.getByTestId("request-editor");
    // The words beside the bar state the bar's own total (Claude's count), not the write-ups' 80,000. The bar may
    // still show the strategy's previous request while the tour moves to its first call: wait until they agree.
    const barTotal = async () => /([\d,]+) prompt tokens/.exec(await playground.prefixBarContent.innerText())?.[1];
    const agrees = async (dialog: Locator, words: (total: string) => string) => {
      await expect
        .poll(async () => {
          const total = await barTotal();
          return total !== undefined && (await dialog.locator("#tour-body").innerText()).includes(words(total));
        })
        .toBe(true);
      return (await barTotal())!;
    };
    await agrees(first, (total) => `almost all of its ${total} tokens are tool definitions`);
    await expect(playground.prefixBarContent).toHaveAttribute("data-detail", /^full:/);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    const stubs = page.getByRole("dialog", { name: "Stubs: register everything, but small" });
    await expect(stubs).toBeVisible();
    await expect(page.getByTestId("strategy-picker")).toHaveValue("stubs");
    await agrees(stubs, (total) => `this request's prompt is ${total} tokens where loading everything's first call`);
    await expect(playground.prefixBarContent).toHaveAttribute("data-detail", /^stubs:/);
    // The request body is scrolled to the schema that came back as a tool result, and that line is marked.
    await expect(editor.locator(".view-lines")).toContainText('"type": "tool_result"');
    await expect(editor.locator(".tour-revealed-line")).toBeVisible();
    const atStubs = await settledBoxes(page, stubs, requestPanel);
    expect(overlap(atStubs.tour, atStubs.target), "the tour box covers the request it describes").toBe(false);
    expect(atStubs.target.y).toBeGreaterThanOrEqual(0);
    expect(atStubs.target.y + atStubs.target.height).toBeLessThanOrEqual(900);
    await capture(page, "test-results/screenshots/tour-stubs-1440.png");

    for (let step = 0; step < 3; step += 1) await page.getByRole("button", { name: "Next", exact: true }).click();
    const kimi = page.getByRole("dialog", { name: "Kimi: tools as an appended message" });
    await expect(kimi).toBeVisible();
    await expect(page.getByTestId("strategy-picker")).toHaveValue("kimi-dynamic");
    await expect(editor.locator(".tour-revealed-line")).toBeVisible();
    await expect(editor.locator(".view-lines")).toContainText('"role": "system"');
    await expect(editor.locator(".view-lines")).toContainText('"tools": [');
    const atKimi = await settledBoxes(page, kimi, requestPanel);
    expect(overlap(atKimi.tour, atKimi.target), "the tour box covers the request it describes").toBe(false);

    // A phone: the box docks at the bottom and the described part sits above it.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(kimi).toHaveAttribute("data-placement", "dock");
    const docked = await settledBoxes(page, kimi, requestPanel);
    expect(Math.round(docked.tour.y + docked.tour.height)).toBe(844);
    expect(docked.tour.width).toBe(390);
    expect(docked.target.y, "the request's top is on screen above the docked box").toBeGreaterThanOrEqual(0);
    expect(docked.target.y).toBeLessThan(docked.tour.y - 100);
    await capture(page, "test-results/screenshots/tour-kimi-390.png");
    await kimi.getByRole("button", { name: "Skip tour" }).click();
    await expect(kimi).toBeHidden();
  });

  test("the catalog opens in a large editor with the same checks, and closing it keeps the text (at 390 px)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await playground.open("weather");
    await page.getByRole("button", { name: /expand editor/i }).click();
    const dialog = page.getByRole("dialog", { name: "Catalog JSON" });
    await expect(dialog).toBeVisible();
    const large = dialog.getByTestId("catalog-editor-expanded");
    await expect(large.locator(".monaco-editor")).toBeVisible();
    const box = await boxOf(large);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height, "taller than the inline editor's ~15 lines").toBeGreaterThan(400);
    // Same validation: a broken edit is reported in the dialog's own problem list.
    await large.locator(".monaco-editor").click({ position: { x: 60, y: 10 } });
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" oops");
    await expect(dialog.getByTestId("catalog-problem").first()).toBeVisible();
    await capture(page, "test-results/screenshots/catalog-editor-expanded-390.png");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The inline editor has the text typed in the large one, and the same problem.
    await expect(playground.catalogEditor.locator(".monaco-editor")).toBeVisible();
    await playground.focusCatalogEditor();
    await page.keyboard.press("ControlOrMeta+End");
    await expect(playground.catalogEditor.locator(".view-lines")).toContainText("oops");
    await expect(page.getByTestId("catalog-problem-count")).toContainText("error");
    await expect(page.getByTestId("stale-results")).toBeVisible();
  });

  test("the diff compares any two requests, previous vs current by default, with words from the same figures", async ({
    page,
  }) => {
    await playground.open("learning-agent");
    await playground.focusPage();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowRight");
    await playground.waitForStep("naive-dynamic", 3);
    await page.getByRole("tab", { name: "Diff" }).click();
    const first = page.getByRole("combobox", { name: "First request to compare" });
    const second = page.getByRole("combobox", { name: "Second request to compare" });
    await expect(first).toHaveValue("2");
    await expect(second).toHaveValue("3");
    const words = page.getByTestId("diff-words");
    await expect(words).toContainText(/request 3/i);
    await expect(words).toContainText(/request 4/i);

    // Following the stepper until a pick: request 5 loses the cache (a tool inserted into `tools`).
    await playground.focusPage();
    await page.keyboard.press("ArrowRight");
    await expect(second).toHaveValue("4");
    await expect(page.getByTestId("diff-comparison")).toHaveAttribute("data-kind", "parts");
    await expect(words).toContainText(/part at tools\[\d+\]|the very first block \(tools\[\d+\]\)/);

    // Any two: request 1 against request 7.
    await first.selectOption("0");
    await second.selectOption("6");
    const comparison = page.getByTestId("diff-comparison");
    await expect(page.getByTestId("diff-shown")).toHaveAttribute("data-pair", "0:6");
    await expect(page.getByTestId("request-diff").getByText("Request 1", { exact: true })).toBeVisible();
    await expect(page.getByTestId("request-diff").getByText("Request 7", { exact: true })).toBeVisible();
    const shared = Number(await comparison.getAttribute("data-shared"));
    const fromRest = Number(await comparison.getAttribute("data-from-rest"));
    const toRest = Number(await comparison.getAttribute("data-to-rest"));
    const format = (value: number) => value.toLocaleString("en-US");
    // The words and the legend carry the bars' own figures.
    if (shared > 0) await expect(words).toContainText(format(shared));
    await expect(words).toContainText(format(toRest));
    await expect(comparison.getByRole("listitem")).toContainText([format(shared), format(fromRest), format(toRest)]);
    await expect(page.getByTestId("request-diff-editor").locator(".monaco-diff-editor")).toBeVisible();
    await capture(page, "test-results/screenshots/diff-any-two.png");

    // Stepping keeps the pick; "Previous vs current" goes back to following the stepper.
    await playground.focusPage();
    await page.keyboard.press("ArrowRight");
    await expect(first).toHaveValue("0");
    await page.getByRole("button", { name: "Previous vs current" }).click();
    await expect(first).toHaveValue("4");
    await expect(second).toHaveValue("5");
  });
});
