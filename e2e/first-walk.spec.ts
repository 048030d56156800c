import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PlaygroundPage } from "./pages/playground-page";

test.beforeAll(() => fs.mkdirSync("test-results/screenshots", { recursive: true }));

/**
 * A newcomer's first walk through the page, on a phone and on a laptop: what they read must be there whole. A control
 * cut off by its neighbour, a subtitle that loses the model its figures are for, a legend that hides six of eight
 * strategies or a table that pushes the page sideways (a phone then zooms out and slides) all passed the layout spec,
 * which looks at the first screen only; this one walks to the bottom once every panel is on screen.
 */
const SCREENS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1440, height: 900 },
] as const;

/**
 * How much of an element's box a person can see: its box cut by every ancestor that clips or scrolls (a box
 * scrolled out of its own container is hidden as surely as one cut by `overflow: hidden`) and by the viewport's
 * width. 1 is whole.
 */
async function visibleShares(page: Page, selector: string): Promise<Array<{ text: string; share: number }>> {
  return page.evaluate((css) => {
    return [...document.querySelectorAll(css)].map((element) => {
      const box = element.getBoundingClientRect();
      let left = box.left;
      let right = box.right;
      let top = box.top;
      let bottom = box.bottom;
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        const clip = (value: string) => value !== "visible";
        if (!clip(style.overflowX) && !clip(style.overflowY)) continue;
        const outer = node.getBoundingClientRect();
        if (clip(style.overflowX)) {
          left = Math.max(left, outer.left);
          right = Math.min(right, outer.right);
        }
        if (clip(style.overflowY)) {
          top = Math.max(top, outer.top);
          bottom = Math.min(bottom, outer.bottom);
        }
      }
      right = Math.min(right, document.documentElement.clientWidth);
      left = Math.max(left, 0);
      const area = box.width * box.height;
      const seen = Math.max(0, right - left) * Math.max(0, bottom - top);
      return { text: (element.textContent ?? "").trim().slice(0, 60), share: area > 0 ? seen / area : 0 };
    });
  }, selector);
}

const cut = (shares: Array<{ text: string; share: number }>) =>
  shares.filter((entry) => entry.share < 0.99).map((entry) => `${entry.text} (${Math.round(entry.share * 100)}%)`);

for (const screen of SCREENS) {
  test(`${screen.name}: every view's name, legend and model is on screen whole, and nothing pushes the page sideways`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const playground = new PlaygroundPage(page);
    await playground.open("weather", { moment: null });

    // The first line says how to step without assuming a keyboard (a phone has no arrow keys).
    await expect(page.getByTestId("page-intro")).toContainText(
      "step through its requests (buttons, or ← → on a keyboard)",
    );

    // The header's pickers show the chosen example, strategy and model whole, on a phone too: not "Stubs +
    // load_tool_schem", "Edit tools as needed (anti-pat" (1440 px) or "Edit tools as neede" (390 px).
    await playground.selectStrategy("naive-dynamic");
    await playground.waitForRun();
    const clipped = await page.evaluate(() => {
      const context = document.createElement("canvas").getContext("2d")!;
      return ["example-picker", "strategy-picker", "model-picker"].flatMap((id) => {
        const select = document.querySelector<HTMLSelectElement>(`[data-testid=${id}]`)!;
        const style = getComputedStyle(select);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.text ?? "";
        // The padding on both sides and the arrow take 40 px of the box (a box sized to its choice is exactly text +
        // 40); a pixel of rounding is not a cut.
        return context.measureText(text).width + 40 > select.clientWidth + 1 ? [text] : [];
      });
    });
    expect(clipped, "header pickers whose choice is cut").toEqual([]);
    await expect(page.getByTestId("strategy-picker")).toHaveAttribute("title", "Edit tools as needed (anti-pattern)");

    // The request's three views: all three tabs can be seen and tapped (on a phone the model's name beside them
    // can cut the strip down to "Reques").
    const requestTabs = '[data-testid="request-area"] [role="tab"]';
    await expect(page.locator(requestTabs)).toHaveCount(3);
    expect(cut(await visibleShares(page, requestTabs)), "request views cut off").toEqual([]);
    await page.getByTestId("tab-diff").click();
    await expect(page.getByTestId("tabpanel-diff")).toBeVisible();
    await page.getByTestId("tab-request").click();

    // Walk down so every panel below the fold mounts, then wait for the decision's figures.
    await page.getByTestId("decide-panel").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("decide-status")).toHaveAttribute("data-state", "ready", { timeout: 120_000 });
    await page.getByTestId("chart-panel-cost").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("chart-cumulative-cost").getByTestId("chart-legend")).toBeVisible();

    // Panel titles and subtitles wrap instead of ending in "…": the recommendation's subtitle names the provider and
    // model its figures are for, and a phone cut it to "For this scenario on Anthropic Messages · cl…".
    const headings = await page.evaluate(() =>
      [...document.querySelectorAll("main section > header h2, main section > header h2 + p")]
        .filter((element) => element.getBoundingClientRect().width > 0)
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => (element.textContent ?? "").slice(0, 60)),
    );
    expect(headings, "panel titles or subtitles cut with an ellipsis").toEqual([]);
    await expect(page.getByTestId("decide-recommendation")).toContainText(/Anthropic Messages · claude-opus-4-8/);

    // The goals triangle's names are readable on a phone (they were 6-8 px there) and do not run into each other.
    const triangle = page.getByTestId("goals-triangle");
    await triangle.scrollIntoViewIfNeeded();
    await expect
      .poll(async () =>
        triangle.locator("svg").evaluate((svg: SVGSVGElement) => {
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          const texts = [...svg.querySelectorAll("text")];
          const small = texts
            .map((text) => ({ text: text.textContent, px: Number(text.getAttribute("font-size")) * scale }))
            .filter((entry) => entry.px < 11)
            .map((entry) => `${entry.text} ${entry.px.toFixed(1)} px`);
          const boxes = texts.map((text) => ({ text: text.textContent, box: text.getBoundingClientRect() }));
          const overlapping = boxes.flatMap((first, index) =>
            boxes
              .slice(index + 1)
              .filter(
                (second) =>
                  first.box.left < second.box.right - 1 &&
                  second.box.left < first.box.right - 1 &&
                  first.box.top < second.box.bottom - 1 &&
                  second.box.top < first.box.bottom - 1,
              )
              .map((second) => `${first.text} / ${second.text}`),
          );
          return [...small, ...overlapping];
        }),
      )
      .toEqual([]);

    // Every strategy in a chart's legend can be read: the cost chart's legend was a strip of two and a half lines
    // that hid most of its eight lines' names.
    const legendItems = '[data-testid="chart-legend"] li';
    const legends = await visibleShares(page, legendItems);
    expect(legends.length, "legend entries").toBeGreaterThanOrEqual(3 + 8 + 6);
    expect(cut(legends), "legend entries hidden").toEqual([]);

    // The compare table names the provider and model of every row in full.
    const models = page.getByTestId("compare-model");
    await expect(models).toHaveCount(12);
    const truncatedModels = await models.evaluateAll((elements) =>
      elements.filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent),
    );
    expect(truncatedModels, "provider and model cut in the compare table").toEqual([]);
    await expect(models.first()).toHaveText("Anthropic Messages · claude-opus-4-8");
    // The tables' "Strategy" headers sit over the names they head, on the left.
    for (const header of [
      page.getByTestId("compare-strategy-header"),
      page.getByTestId("break-even-table").locator("thead th").first(),
    ])
      expect(await header.evaluate((element) => getComputedStyle(element).textAlign)).toBe("left");

    // The heat map's column headings ("100", "200", "500", …) do not run into each other.
    const overlaps = await page.getByTestId("heat-map-column").evaluateAll((cells) => {
      const extents = cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const box = range.getBoundingClientRect();
        return { text: cell.textContent, left: box.left, right: box.right };
      });
      return extents.slice(1).flatMap((next, index) => (next.left < extents[index].right ? [next.text] : []));
    });
    expect(overlaps, "heat map headings overlapping").toEqual([]);

    // The charts of every strategy say which model their figures are for, and which strategies ran on another.
    await expect(page.getByTestId("chart-panel-cost").getByTestId("panel-subtitle")).toHaveText(
      "All strategies, USD · Anthropic Messages · claude-opus-4-8; OpenAI search on gpt-5.4, Kimi dynamic on kimi-k3",
    );
    // The catalog's counts are o200k, which the run's Claude figures are not: the line says so.
    await expect(page.getByTestId("catalog-total-o200k")).toHaveText("120 o200k tokens if all are sent");

    // Nothing is wider than the screen once every panel is there (the break-even table pushed a phone to 475 px,
    // and the tour then slid the page sideways).
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wider, "page wider than the screen").toBeLessThanOrEqual(0);

    await page.getByTestId("chart-panel-cost").scrollIntoViewIfNeeded();
    await playground.screenshot(`first-walk-${screen.name}-charts`);

    // An import's problems are read in lines as wide as their list, not in a column two words wide beside the path.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId("scenario-menu").click();
    await page.getByTestId("menu-import").click();
    await page
      .getByTestId("import-text")
      .fill('{"tools":[{"name":"ok","inputSchema":{"type":"object","properties":{"a":{"type":"strng"}}}}]}');
    await page.getByTestId("import-check").click();
    const message = page.getByTestId("import-problem-message").first();
    await expect(message).toContainText("input schema of ok cannot be compiled");
    const [messageBox, listBox] = [
      await message.boundingBox(),
      await page.getByTestId("import-problems").boundingBox(),
    ];
    expect(messageBox!.width, "problem message width").toBeGreaterThan(
      listBox!.width * (screen.width < 640 ? 0.85 : 0.5),
    );
    expect(playground.consoleErrors).toEqual([]);
  });
}

test("the tour's first step shows its own request when a link opened the page on another strategy's", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const playground = new PlaygroundPage(page);
  // The gateway's request 4: the tour's first step is about Register everything's first call.
  await playground.open("seed-200-tools", { moment: "strategy=gateway&step=4" });
  await expect(playground.stepPosition).toContainText("4");
  await page.getByTestId("intro-tour").click();
  await expect(page.getByTestId("tour")).toContainText("The 80k-token problem");
  await expect(page.getByTestId("strategy-picker")).toHaveValue("full");
  await expect(playground.stepPosition).toHaveText(/Step\s*1\s*of/);
  expect(playground.consoleErrors).toEqual([]);
});
