/**
 * The cache card's words agree with its figures on every request of every example and strategy, for the card exactly
 * as the playground draws it: the step detail the engine worker sends (lib/workbench's stepDetail) and the run's own
 * divergence, rendered by CachePrefixBar and read back from its markup. The browser test
 * (e2e/cache-card-words.spec.ts) checks the same rule on the page for representative requests and on every request of
 * the 10,000-tool example, which is too slow to simulate here.
 */
import { describe, expect, it } from "vitest";
import { EXAMPLES } from "@/lib/examples";
import { cardDisagreements, type ShownCacheCard } from "@/lib/view/cache-headline";
import { statusTotals } from "@/lib/view/prefix-bar";
import { stepDetail } from "@/lib/workbench/summarise-run";
import { CachePrefixBar } from "./cache-prefix-bar";
import { attribute, exampleRuns, render, tagsWithTestId, textOfTestId } from "./test-support";

/** Every printed text of the elements with this test id (leaf elements). */
function textsOfTestId(html: string, id: string): string[] {
  return [...html.matchAll(new RegExp(`<([a-z0-9]+)\\b[^>]*\\bdata-testid="${id}"[^>]*>([\\s\\S]*?)</\\1>`, "g"))].map(
    (match) => match[2].replace(/<[^>]+>/g, ""),
  );
}

/** The card as a reader sees it, read from the rendered markup only. */
function readCard(html: string): ShownCacheCard {
  const headline = tagsWithTestId(html, "cache-headline")[0];
  const number = (name: string) => Number(attribute(headline, `data-${name}`));
  return {
    sentence: textOfTestId(html, "cache-headline") ?? "",
    tone: attribute(headline, "data-tone") as ShownCacheCard["tone"],
    totals: {
      read: number("read"),
      write: number("write"),
      uncached: number("uncached"),
      invalidated: number("invalidated"),
    },
    legend: textsOfTestId(html, "prefix-legend-tokens").map((text) => text.replace(/[^\d]/g, "")),
  };
}

describe("the cache card's words agree with its figures", () => {
  it("catches a card whose legend or sentence contradicts its figures", () => {
    const totals = { read: 1_200, write: 300, uncached: 0, invalidated: 0 };
    const agreeing = {
      sentence:
        "Prefix intact: 1,200 tokens read from cache at the discounted price; 300 tokens written to the cache for the next request.",
      tone: "success" as const,
      totals,
      legend: ["1200", "300", "0", "0"],
    };
    expect(cardDisagreements(agreeing)).toEqual([]);
    expect(cardDisagreements({ ...agreeing, legend: ["1200", "0", "300", "0"] })).toEqual([
      "legend 1200,0,300,0 vs headline figures 1200,300,0,0",
    ]);
    expect(cardDisagreements({ ...agreeing, tone: "neutral" })).toEqual(["success tone"]);
    expect(cardDisagreements({ ...agreeing, totals: { ...totals, read: 0 } })).toContain("claims a read of zero");
  });

  // The 10,000-tool example takes minutes to simulate eight times in Node; the browser test walks it instead.
  for (const example of EXAMPLES.filter((candidate) => candidate.id !== "synthetic-10000")) {
    it(`on every request of ${example.id}, every strategy`, { timeout: 240_000 }, async () => {
      const failures: string[] = [];
      let checked = 0;
      for (const run of await exampleRuns(example.id)) {
        for (let index = 0; index < run.steps.length; index += 1) {
          // What the page's card receives: the worker's detail of the step and the run summary's divergence.
          const detail = stepDetail(run, index);
          if (!detail) throw new Error(`no detail for ${run.id} request ${index + 1}`);
          const html = render(
            <CachePrefixBar
              segments={detail.segments}
              statuses={detail.segmentStatus}
              divergence={run.steps[index].divergence}
              newFrom={detail.newFrom}
            />,
          );
          const card = readCard(html);
          const where = `${run.id} request ${index + 1}`;
          // The card's figures are the request's own totals, not some other step's.
          expect(card.totals, where).toEqual(statusTotals(detail.segments, detail.segmentStatus));
          for (const problem of cardDisagreements(card)) failures.push(`${where}: ${problem} — "${card.sentence}"`);
          checked += 1;
        }
      }
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }
});
