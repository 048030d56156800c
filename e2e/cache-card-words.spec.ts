import { expect, test, type Page } from "@playwright/test";
import { EXAMPLES } from "../lib/examples/index";
import { STRATEGY_IDS } from "../lib/scenario/types";
import { headlineDisagreements } from "../lib/view/cache-headline";
import { PlaygroundPage } from "./pages/playground-page";

type Card = {
  sentence: string;
  tone: "success" | "danger" | "neutral";
  totals: { read: number; write: number; uncached: number; invalidated: number };
  legend: string[];
};

/**
 * Waits until the cache card shows `expected` ("<strategy>:<index>", the card's own marker of the request it is
 * drawn for) and reads everything the check needs from the visible card, in one round trip. No fixed delay: a
 * MutationObserver wakes it when the card changes.
 */
function readCard(page: Page, expected: string): Promise<Card> {
  return page.evaluate(
    (wanted) =>
      new Promise<Card>((resolve, reject) => {
        const content = document.querySelector<HTMLElement>("[data-testid=prefix-bar-content]");
        if (!content) return reject(new Error("no cache card on the page"));
        const read = (): Card => {
          const headline = content.querySelector<HTMLElement>("[data-testid=cache-headline]");
          const number = (name: string) => Number(headline?.getAttribute(`data-${name}`));
          return {
            sentence: headline?.textContent ?? "",
            tone: (headline?.getAttribute("data-tone") ?? "neutral") as Card["tone"],
            totals: {
              read: number("read"),
              write: number("write"),
              uncached: number("uncached"),
              invalidated: number("invalidated"),
            },
            legend: [...content.querySelectorAll("[data-testid=prefix-legend-tokens]")].map((node) =>
              (node.textContent ?? "").replace(/[^\d]/g, ""),
            ),
          };
        };
        const shown = () =>
          content.getAttribute("data-detail") === wanted && content.querySelector("[data-testid=cache-headline]");
        if (shown()) return resolve(read());
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`the card never showed ${wanted} (it shows ${content.getAttribute("data-detail")})`));
        }, 60_000);
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(read());
        });
        observer.observe(content, { attributes: true, childList: true, subtree: true, characterData: true });
      }),
    expected,
  );
}

/**
 * The cache card's words agree with its numbers on every request of every example and strategy. One page load per
 * example; each request is one key press and one read of the visible card.
 */
test.describe("the cache card's words agree with its numbers", () => {
  for (const example of EXAMPLES) {
    test(`on every request of ${example.title}`, async ({ page }) => {
      test.setTimeout(example.id === "synthetic-10000" ? 600_000 : 180_000);
      const playground = new PlaygroundPage(page);
      await playground.open(example.id);
      // The card is what is read; the request viewer would re-render megabytes of JSON in Monaco on every step.
      await playground.openRunTab("response");
      const failures: string[] = [];
      let checked = 0;
      for (const strategy of STRATEGY_IDS) {
        await playground.selectStrategy(strategy);
        await expect(page.getByTestId("strategy-picker")).toHaveValue(strategy);
        const count = await playground.stepCount();
        if (count === 0) continue;
        // Off the picker, so Home and → belong to the stepper.
        await playground.focusPage();
        for (let index = 0; index < count; index += 1) {
          await page.keyboard.press(index === 0 ? "Home" : "ArrowRight");
          const card = await readCard(page, `${strategy}:${index}`);
          const figures = [card.totals.read, card.totals.write, card.totals.uncached, card.totals.invalidated];
          // The legend beside the headline prints the same totals.
          if (card.legend.join(",") !== figures.join(","))
            failures.push(`${strategy} request ${index + 1}: legend ${card.legend} vs headline figures ${figures}`);
          for (const problem of headlineDisagreements(card, card.totals))
            failures.push(`${strategy} request ${index + 1}: ${problem} — "${card.sentence}"`);
          checked += 1;
        }
      }
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }
});
