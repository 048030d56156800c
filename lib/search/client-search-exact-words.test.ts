import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createClientSearch, DEFAULT_CLIENT_SEARCH_OPTIONS, EXACT_WORDS_DEPTH } from "./client-search";
import { OPTIONS_WITHOUT_EXTRAS } from "./fixtures/options-without-extras";

/**
 * The exact-words re-rank (the `exactWords` option): the first hits gain a second opinion that reads the
 * request's words as written, not stemmed, scaled so that the best second opinion adds `exactWords` × the first
 * hit's score.
 *
 * Two tools that stem alike: `run_report` "Runs a report." (index terms run, report, run, report: length 4) and
 * `running_total` "Running total of sales." (run, total, run, total, sale: length 5); the average length is 4.5.
 * "running" stems to `run`, in both tools, so the stemmed search prefers `run_report` (its description is
 * shorter). As written, "running" is only in `running_total`, twice: idf(run) = ln(1 + 0.5 / 2.5) = ln 1.2 =
 * 0.182322 (the stem's document frequency, 2 of 2), length normalisation 1 − 0.75 + 0.75 × 5 / 4.5 = 1.083333, the
 * count 2 / 1.083333 = 1.846154 saturates to 1.846154 × 2.2 / (1.2 + 1.846154) = 1.333333: the second opinion is
 * 0.182322 × 1.333333 = 0.243096. `run_report` has no "running": 0.
 */
const tools: CatalogTool[] = [
  { name: "run_report", description: "Runs a report.", inputSchema: {} },
  { name: "running_total", description: "Running total of sales.", inputSchema: {} },
];
const plain = OPTIONS_WITHOUT_EXTRAS;

describe("client search exact-words re-rank", () => {
  it("is on by default at 0.2, and at 0 leaves the stemmed order alone", () => {
    expect(DEFAULT_CLIENT_SEARCH_OPTIONS.exactWords).toBe(0.2);
    const searcher = createClientSearch(tools, plain);
    const outcome = searcher.search("running", 5);
    expect(outcome.ok && outcome.hits.map((hit) => hit.name)).toEqual(["run_report", "running_total"]);
    expect(searcher.explain("running", "running_total")!.exactWords).toBeUndefined();
  });

  it("scores the request's words as written, by hand, and scales to the first hit", () => {
    const off = createClientSearch(tools, plain);
    const first = off.explain("running", "run_report")!.score;
    const second = off.explain("running", "running_total")!.score;
    const searcher = createClientSearch(tools, { ...plain, exactWords: 0.5 });
    const explained = searcher.explain("running", "running_total")!;
    expect(explained.exactWords!.score).toBeCloseTo(0.243096, 5);
    // The best second opinion (this tool's) adds 0.5 × the first hit's score.
    expect(explained.exactWords!.scale).toBeCloseTo((0.5 * first) / 0.243096, 4);
    expect(explained.exactWords!.bonus).toBeCloseTo(0.5 * first, 9);
    expect(explained.score).toBeCloseTo(second + 0.5 * first, 9);
    expect(searcher.explain("running", "run_report")!.exactWords).toEqual({
      score: 0,
      scale: explained.exactWords!.scale,
      bonus: 0,
    });
    // The re-rank puts the tool that has the word as written first, and the hit's score is the breakdown's.
    const outcome = searcher.search("running", 5);
    expect(outcome.ok && outcome.hits.map((hit) => hit.name)).toEqual(["running_total", "run_report"]);
    expect(outcome.ok && outcome.hits[0].score).toBeCloseTo(explained.score, 9);
  });

  it("adds nothing when no first hit has a request word as written", () => {
    // "reports" reaches run_report through its stem, `report`; neither tool writes "reports".
    const searcher = createClientSearch(tools, { ...plain, exactWords: 1 });
    const explained = searcher.explain("reports", "run_report")!;
    expect(explained.exactWords).toEqual({ score: 0, scale: 0, bonus: 0 });
    expect(explained.score).toBeCloseTo(createClientSearch(tools, plain).explain("reports", "run_report")!.score, 12);
  });

  it("leaves out request words the search drops (stop words and request filler)", () => {
    const searcher = createClientSearch(tools, { ...plain, exactWords: 0.5 });
    expect(searcher.explain("can you show the running of", "running_total")!.exactWords!.score).toBeCloseTo(
      0.243096,
      5,
    );
  });

  it("re-ranks only the first EXACT_WORDS_DEPTH hits", () => {
    // Every tool has `run` once in its name; the later ones have a longer description, so they rank lower.
    const many: CatalogTool[] = Array.from({ length: EXACT_WORDS_DEPTH + 5 }, (_, index) => ({
      name: `run_${index}`,
      description: `Running ${"word ".repeat(index)}`.trim(),
      inputSchema: {},
    }));
    const searcher = createClientSearch(many, { ...plain, exactWords: 0.5 });
    const outcome = searcher.search("running", 100);
    expect(outcome.ok && outcome.hits.length).toBe(many.length);
    const inHead = searcher.explain("running", "run_0")!;
    expect(inHead.exactWords!.score).toBeGreaterThan(0);
    expect(searcher.explain("running", `run_${EXACT_WORDS_DEPTH + 4}`)!.exactWords).toBeUndefined();
    // The window's bounds: the last hit inside it is re-scored, the first one after it is not.
    const ranked = outcome.ok ? outcome.hits.map((hit) => hit.name) : [];
    expect(ranked.slice(0, 3)).toEqual(["run_0", "run_1", "run_2"]);
    expect(searcher.explain("running", ranked[EXACT_WORDS_DEPTH - 1])!.exactWords!.score).toBeGreaterThan(0);
    expect(searcher.explain("running", ranked[EXACT_WORDS_DEPTH])!.exactWords).toBeUndefined();
    // Every hit's score is its breakdown's, inside the window and after it.
    for (const hit of outcome.ok ? outcome.hits : []) {
      expect(searcher.explain("running", hit.name)!.score).toBeCloseTo(hit.score, 9);
    }
  });

  it("explains each request with its own first hits, asked in any order", () => {
    const searcher = createClientSearch(tools, { ...plain, exactWords: 0.5 });
    const running = searcher.explain("running", "running_total")!.exactWords!;
    // "report" as written is only in run_report: now that tool has the second opinion, and running_total none.
    const report = searcher.explain("report", "run_report")!.exactWords!;
    expect(report.score).toBeGreaterThan(0);
    expect(report.bonus).toBeCloseTo(0.5 * createClientSearch(tools, plain).explain("report", "run_report")!.score, 9);
    // running_total does not match "report" at all: no hit, so no place in the window and no second opinion.
    expect(searcher.explain("report", "running_total")!.score).toBe(0);
    expect(searcher.explain("report", "running_total")!.exactWords).toBeUndefined();
    expect(searcher.explain("running", "running_total")!.exactWords).toEqual(running);
  });

  it("is absent at level 0 from every hit's breakdown, and never changes a score there", () => {
    const searcher = createClientSearch(tools, plain);
    const outcome = searcher.search("running report", 5);
    expect(outcome.ok && outcome.hits.length).toBe(2);
    for (const hit of outcome.ok ? outcome.hits : []) {
      const explained = searcher.explain("running report", hit.name)!;
      expect(explained.exactWords).toBeUndefined();
      expect(explained.score).toBeCloseTo(hit.score, 12);
      expect(explained.score).toBeCloseTo(explained.termScore, 12);
    }
  });
});
