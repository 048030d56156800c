import { expect, test } from "@playwright/test";
import { EXAMPLES } from "../lib/examples/index";
import { STRATEGY_IDS } from "../lib/scenario/types";
import { headlineDisagreements } from "../lib/view/cache-headline";
import { PlaygroundPage } from "./pages/playground-page";

/**
 * The cache card's words agree with its numbers on every request of every example and strategy. Driven from the
 * page's own data (the headline's text and the legend totals it carries), one → at a time, so it stays fast.
 */
test.describe("the cache card's words agree with its numbers", () => {
  for (const example of EXAMPLES) {
    test(`on every request of ${example.title}`, async ({ page }) => {
      test.setTimeout(example.id === "synthetic-10000" ? 900_000 : 300_000);
      const playground = new PlaygroundPage(page);
      await playground.open(example.id);
      const headline = playground.prefixBarContent.getByTestId("cache-headline");
      const failures: string[] = [];
      let checked = 0;
      for (const strategy of STRATEGY_IDS) {
        await playground.selectStrategy(strategy);
        const count = await playground.stepCount();
        if (count === 0) continue;
        await page.keyboard.press("Home");
        for (let index = 0; index < count; index += 1) {
          if (index > 0) await page.keyboard.press("ArrowRight");
          await playground.waitForStep(strategy, index);
          const shown = await headline.evaluate((element) => ({
            sentence: element.textContent ?? "",
            tone: element.getAttribute("data-tone") as "success" | "danger" | "neutral",
            totals: {
              read: Number(element.getAttribute("data-read")),
              write: Number(element.getAttribute("data-write")),
              uncached: Number(element.getAttribute("data-uncached")),
              invalidated: Number(element.getAttribute("data-invalidated")),
            },
          }));
          // The legend beside it prints the same totals.
          const legend = await playground.prefixBarContent
            .getByTestId("prefix-legend-tokens")
            .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? "").replace(/[^\d]/g, "")));
          const expectedLegend = [
            shown.totals.read,
            shown.totals.write,
            shown.totals.uncached,
            shown.totals.invalidated,
          ];
          if (legend.join(",") !== expectedLegend.join(","))
            failures.push(`${strategy} request ${index + 1}: legend ${legend} vs headline figures ${expectedLegend}`);
          for (const problem of headlineDisagreements(shown, shown.totals))
            failures.push(`${strategy} request ${index + 1}: ${problem} — "${shown.sentence}"`);
          checked += 1;
        }
      }
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }
});
