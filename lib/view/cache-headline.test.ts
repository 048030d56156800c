import { describe, expect, it } from "vitest";
import type { Divergence } from "../engine/types";
import { cacheHeadline, figuresOfBlocks, headlineDisagreements } from "./cache-headline";

/** The card's figures from block totals: written includes the invalidated blocks, as a billed write does. */
const totals = (read: number, write: number, uncached: number, invalidated: number) =>
  figuresOfBlocks({ read, write, uncached, invalidated });
const divergence = (kind: Divergence["kind"], reason: string, segment = "tools[2]"): Divergence => ({
  kind,
  reason,
  segment,
  segmentIndex: 2,
});

describe("cacheHeadline", () => {
  it("never says the prefix is intact when nothing was read (the first write after a prompt below the minimum)", () => {
    const headline = cacheHeadline(totals(0, 1_691, 0, 0), null);
    expect(headline.kind).toBe("first-write");
    expect(headline.sentence).not.toMatch(/intact/);
    expect(headline.sentence).toContain("1,691 tokens written to the cache");
  });

  it("names how much of the cache was lost rather than 'the whole cache' beside a partial figure", () => {
    const headline = cacheHeadline(
      totals(0, 1_003, 0, 1_037),
      divergence("inserted", "tools[2] inserted: the whole cache is invalidated"),
    );
    expect(headline).toMatchObject({ kind: "invalidated", tone: "danger" });
    // The written figure is the step's cache write, the invalidated tokens a part of it: the figures add up.
    expect(headline.sentence).toBe(
      "Cache lost at tools[2]: nothing read from cache; 2,040 tokens written to the cache for the next request, 1,037 of them invalidated (the previous request had cached them) and paid for again.",
    );
    expect(headlineDisagreements(headline, totals(0, 1_003, 0, 1_037))).toEqual([]);
  });

  it("has its own words for a cold start, below the minimum, a hit and a partial loss", () => {
    expect(cacheHeadline(totals(0, 2_504, 0, 0), divergence("first-request", "first request")).kind).toBe("cold-start");
    const below = cacheHeadline(
      totals(0, 0, 503, 0),
      divergence("below-minimum", "prompt of 503 tokens is below the 1024-token minimum: not cached"),
    );
    expect(below.sentence).toContain("prompt of 503 tokens is shorter than the 1,024-token minimum");
    expect(cacheHeadline(totals(2_504, 246, 0, 0), null).sentence).toMatch(/^Prefix intact: 2,504 tokens read/);
    expect(cacheHeadline(totals(900, 100, 0, 300), divergence("changed", "tools[3] changed")).kind).toBe("partly-lost");
  });

  // The rule on every request of every example and strategy is checked on the rendered card
  // (components/run/cache-card-words.test.tsx) and in the browser (e2e/cache-card-words.spec.ts).

  it("says stored, not written, where no write is billed, and names the billed read", () => {
    const figures = { read: 1_152, written: 0, stored: 178, uncached: 0, invalidated: 0, blockRead: 1_081 };
    const headline = cacheHeadline(figures, null);
    expect(headline.sentence).toBe(
      "Prefix intact: 1,152 tokens read from cache at the discounted price; 178 tokens sent at the full input price and stored for the next request (no cache write is billed).",
    );
    expect(headlineDisagreements(headline, figures)).toEqual([]);
  });

  it("names invalidated tokens that are not all in one billed part against everything not read", () => {
    const figures = { read: 500, written: 600, stored: 0, uncached: 300, invalidated: 800, blockRead: 500 };
    const headline = cacheHeadline(figures, divergence("changed", "tools[3] changed"));
    expect(headline.sentence).toBe(
      "Cache partly lost at tools[2]: 500 tokens before it read from cache; 600 tokens written to the cache for the next request; 300 tokens not cached; of the 900 tokens not read, 800 are invalidated (the previous request had cached them) and paid for again.",
    );
    expect(headlineDisagreements(headline, figures)).toEqual([]);
  });

  it("catches the old contradiction: 'prefix intact' beside a zero read", () => {
    expect(
      headlineDisagreements(
        { sentence: "✓ Prefix intact: everything before the new content was read from cache", tone: "success" },
        totals(0, 1_691, 0, 0),
      ),
    ).toContain("claims a read of zero");
  });
});

describe("cacheHeadline in Chinese", () => {
  it("says the same figures in Chinese words, and the checklist holds the Chinese sentence to them", () => {
    const figures = totals(2_504, 246, 0, 0);
    const headline = cacheHeadline(figures, null, "zh-CN");
    expect(headline.sentence).toBe(
      "前缀完好：2,504 个 token 以折扣价从缓存读取；246 个 token 写入缓存，供下一个请求使用。",
    );
    expect(headline.sentence).not.toMatch(/[A-Za-z]{2,} [A-Za-z]{2,}/);
    // The figure in the words is the card's figure beside them.
    expect(Number(/([\d,]+) 个 token 以折扣价/.exec(headline.sentence)?.[1].replace(/,/g, ""))).toBe(figures.read);
    expect(headlineDisagreements(headline, figures, "zh-CN")).toEqual([]);
    // A Chinese sentence naming another figure than the card's is caught.
    expect(headlineDisagreements(cacheHeadline(totals(2_000, 246, 0, 0), null, "zh-CN"), figures, "zh-CN")).toContain(
      "the 2504 tokens read are not named",
    );

    const lost = totals(0, 1_003, 0, 1_037);
    const lostHeadline = cacheHeadline(lost, divergence("inserted", "tools[2] inserted"), "zh-CN");
    expect(lostHeadline.sentence).toBe(
      "缓存丢失（位于 tools[2]）：没有从缓存读取任何内容；2,040 个 token 写入缓存，供下一个请求使用，其中 1,037 个已失效（上一个请求缓存过）而再次付费。",
    );
    expect(headlineDisagreements(lostHeadline, lost, "zh-CN")).toEqual([]);
    expect(headlineDisagreements({ ...lostHeadline, tone: "neutral" }, lost, "zh-CN")).toEqual(["danger tone"]);
  });
});
