import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { PlaygroundPage } from "./pages/playground-page";

test.beforeAll(() => fs.mkdirSync("test-results/screenshots", { recursive: true }));

/**
 * A projector, a laptop and a phone: the page never scrolls sideways from 360 px up, and nothing sticks out of the
 * viewport unless it sits in a container that scrolls on its own (a wide table, the code editor).
 */
const WIDTHS = [360, 390, 768, 1280, 1440];

test.describe("responsive layout", () => {
  test("no horizontal scroll and nothing clipped at 360, 390, 768, 1280 and 1440 px; panels stack on a phone", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const playground = new PlaygroundPage(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await playground.open("learning-agent");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // Let the charts and the editor lay out at the new width.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `page wider than the ${width} px viewport`,
        })
        .toBeLessThanOrEqual(0);
      const sticking = await page.evaluate(() => {
        const viewport = window.innerWidth;
        const scrollsOrClips = (element: Element | null): boolean => {
          for (let node = element?.parentElement ?? null; node && node !== document.body; node = node.parentElement) {
            const style = getComputedStyle(node);
            if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) return true;
          }
          return false;
        };
        return [...document.querySelectorAll("main *, header *")]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && box.right > viewport + 1 && !scrollsOrClips(element);
          })
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
      });
      expect(sticking, `elements past the right edge at ${width} px`).toEqual([]);
    }
    // On a phone the run comes first and the inputs follow below it, full width.
    await page.setViewportSize({ width: 390, height: 844 });
    const run = await page.getByTestId("stepper-panel").boundingBox();
    const inputs = await page.getByRole("complementary", { name: "Scenario inputs" }).boundingBox();
    expect(run && inputs && inputs.y > run.y && Math.abs(inputs.x - run.x) < 2).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await playground.screenshot("phone");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await playground.screenshot("first-screen");
  });
});
