/**
 * The cache card's words agree with its figures, and its figures are the step's own billed tokens, on every request
 * of every example and strategy and on every model of every provider family, for the card exactly as the playground
 * draws it: the step detail the engine worker sends (lib/workbench's stepDetail), the run's own divergence and the
 * step's tokens, rendered by CachePrefixBar and read back from its markup. The browser test
 * (e2e/cache-card-words.spec.ts) checks the same rule on the page, by the text a person sees, for representative
 * requests, the 10,000-tool example and one model of each provider family.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "@/lib/engine";
import type { StrategyRun } from "@/lib/engine/types";
import { EXAMPLES, loadExample } from "@/lib/examples";
import { defaultModel, MODELS } from "@/lib/models/model-table";
import { STRATEGY_IDS } from "@/lib/core/ids";
import { cardDisagreements, type ShownCacheCard } from "@/lib/view/cache-headline";
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
    figures: {
      read: number("read"),
      written: number("written"),
      stored: number("stored"),
      uncached: number("uncached"),
      invalidated: number("invalidated"),
      blockRead: number("block-read"),
    },
    legend: textsOfTestId(html, "prefix-legend-tokens").map((text) => text.replace(/[^\d]/g, "")),
  };
}

/** The card of request `index` of `run`, drawn as the playground draws it, beside the step's own figures. */
function shownCard(run: StrategyRun, index: number): ShownCacheCard {
  // What the page's card receives: the worker's detail of the step, the run summary's divergence and tokens.
  const detail = stepDetail(run, index);
  if (!detail) throw new Error(`no detail for ${run.id} request ${index + 1}`);
  const step = run.steps[index];
  const html = render(
    <CachePrefixBar
      segments={detail.segments}
      statuses={detail.segmentStatus}
      divergence={step.divergence}
      billed={step.tokens}
      rejected={detail.rejected ?? null}
      newFrom={detail.newFrom}
    />,
  );
  // The step summary prints no billed figure for a refused request (components/run/step-summary.tsx).
  const billed = step.rejected ? { cacheRead: 0, cacheWrite: 0, uncached: 0 } : step.tokens;
  return {
    ...readCard(html),
    stepFigures: { read: billed.cacheRead, write: billed.cacheWrite, uncached: billed.uncached },
    refused: step.rejected !== undefined,
  };
}

function disagreementsOf(runs: readonly StrategyRun[], label = ""): { failures: string[]; checked: number } {
  const failures: string[] = [];
  let checked = 0;
  for (const run of runs)
    for (let index = 0; index < run.steps.length; index += 1) {
      const card = shownCard(run, index);
      const where = `${label}${run.id} request ${index + 1}`;
      for (const problem of cardDisagreements(card)) failures.push(`${where}: ${problem} — "${card.sentence}"`);
      checked += 1;
    }
  return { failures, checked };
}

const totals = { read: 1_200, written: 300, stored: 0, uncached: 0, invalidated: 0, blockRead: 1_200 };

describe("the cache card's words agree with its figures", () => {
  it("catches a card whose legend, sentence or step figures contradict its figures", () => {
    const agreeing: ShownCacheCard = {
      sentence:
        "Prefix intact: 1,200 tokens read from cache at the discounted price; 300 tokens written to the cache for the next request.",
      tone: "success" as const,
      figures: totals,
      legend: ["1200", "300", "0", "0"],
      stepFigures: { read: 1_200, write: 300, uncached: 0 },
    };
    expect(cardDisagreements(agreeing)).toEqual([]);
    expect(cardDisagreements({ ...agreeing, legend: ["1200", "0", "300", "0"] })).toEqual([
      "legend 1200,0,300,0 vs headline figures 1200,300,0,0",
    ]);
    expect(cardDisagreements({ ...agreeing, tone: "neutral" })).toEqual(["success tone"]);
    expect(cardDisagreements({ ...agreeing, figures: { ...totals, read: 0 } })).toContain("claims a read of zero");
    // The words of the blocks beside the billed figures (GPT-5.4's 128-token steps): the issue's card.
    expect(
      cardDisagreements({
        ...agreeing,
        sentence:
          "Prefix intact: 1,081 tokens read from cache at the discounted price; 249 tokens written to the cache for the next request.",
        figures: { read: 1_152, written: 0, stored: 178, uncached: 0, invalidated: 0, blockRead: 1_081 },
        legend: ["1152", "178", "0", "0"],
        stepFigures: { read: 1_152, write: 0, uncached: 178 },
      }),
    ).toEqual(
      expect.arrayContaining([
        "the 1152 tokens read are not named",
        "claims a write of zero",
        "the stored tokens are not named",
        "prints 1,081, which is none of the card's figures",
      ]),
    );
  });

  // The two cards, by the words on them: GPT-5.4 on `full` (cached tokens in 128-token steps, no write
  // billed) and Claude on naive dynamic loading at its first loss (written tokens that include the invalidated ones).
  it("on GPT-5.4 names the billed 1,152 read and 262 stored, not the blocks' 1,127 and 287", async () => {
    const scenario = await loadExample("learning-agent");
    const run = createEngine().runStrategy(
      { ...scenario, settings: { ...scenario.settings, provider: "openai-responses", model: "gpt-5.4" } },
      "full",
    );
    const card = shownCard(run, 1);
    expect(card.stepFigures).toEqual({ read: 1_152, write: 0, uncached: 262 });
    expect(card.sentence).toBe(
      "Prefix intact: 1,152 tokens read from cache at the discounted price; 262 tokens sent at the full input price and stored for the next request (no cache write is billed).",
    );
    expect(card.legend).toEqual(["1152", "262", "0", "0"]);
  });

  it("on a loss names the written figure the step shows, with the invalidated tokens inside it", async () => {
    const scenario = await loadExample("learning-agent");
    const run = createEngine().runStrategy(
      { ...scenario, settings: { ...scenario.settings, provider: "anthropic", model: "claude-sonnet-4-6" } },
      "naive-dynamic",
    );
    const card = shownCard(run, 4);
    expect(card.stepFigures).toEqual({ read: 0, write: 2_233, uncached: 0 });
    expect(card.sentence).toMatch(
      /^Cache lost at .+: nothing read from cache; 2,233 tokens written to the cache for the next request, 1,244 of them invalidated \(the previous request had cached them\) and paid for again\.$/,
    );
    expect(card.legend).toEqual(["0", "2233", "0", "1244"]);
  });

  // The 10,000-tool example takes minutes to simulate eight times in Node; the browser test walks it instead.
  for (const example of EXAMPLES.filter((candidate) => candidate.id !== "synthetic-10000")) {
    it(`on every request of ${example.id}, every strategy`, { timeout: 240_000 }, async () => {
      const { failures, checked } = disagreementsOf(await exampleRuns(example.id));
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }

  // Every model of every provider family (anthropic, openai-responses, openai-chat, moonshot), every strategy, on
  // the two examples small enough to run 22 models in seconds: the cache rules (minimum, 128-token steps, billed or
  // free writes, explicit breakpoints or automatic prefix) differ by model, not by example.
  for (const exampleId of ["learning-agent", "weather"])
    for (const provider of ["anthropic", "openai-responses", "openai-chat", "moonshot"] as const)
      it(
        `on every request of ${exampleId} on every ${provider} model, every strategy`,
        { timeout: 240_000 },
        async () => {
          const scenario = await loadExample(exampleId);
          const engine = createEngine();
          const failures: string[] = [];
          let checked = 0;
          const models = MODELS.filter((model) => model.provider === provider);
          expect(models.length).toBeGreaterThan(0);
          for (const model of models) {
            const settings = { ...scenario.settings, provider, model: model.id };
            const runs = engine.runAll({ ...scenario, settings }, [...STRATEGY_IDS]);
            const result = disagreementsOf(runs, `${model.id} `);
            failures.push(...result.failures);
            checked += result.checked;
          }
          expect(failures).toEqual([]);
          expect(checked).toBeGreaterThan(0);
        },
      );

  // Larger catalogs where the families differ most, on their default models: 200 tools pass OpenAI's 128-function
  // limit (refused requests, whose cards must say so), and GitHub's MCP catalog on Kimi.
  for (const [exampleId, providers] of [
    ["seed-200-tools", ["openai-responses", "openai-chat"]],
    ["github-mcp", ["moonshot"]],
  ] as const)
    it(`on every request of ${exampleId} on ${providers.join(", ")}`, { timeout: 480_000 }, async () => {
      const scenario = await loadExample(exampleId);
      const engine = createEngine();
      const failures: string[] = [];
      let refused = 0;
      for (const provider of providers) {
        const settings = { ...scenario.settings, provider, model: defaultModel(provider).id };
        const runs = engine.runAll({ ...scenario, settings }, [...STRATEGY_IDS]);
        failures.push(...disagreementsOf(runs, `${provider} `).failures);
        refused += runs.filter((run) => run.steps.some((step) => step.rejected)).length;
      }
      expect(failures).toEqual([]);
      if (exampleId === "seed-200-tools") expect(refused).toBeGreaterThan(0);
    });
});
