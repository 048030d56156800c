/**
 * The run panel in Chinese: the same figures as in English, in Chinese words, and every figure the words state is
 * the figure printed beside them (the English "words and numbers" tests hold the English panel to the same rule).
 */
import { describe, expect, it } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { cardDisagreements, legendFigures } from "@/lib/view/cache-headline";
import { summariseRun, summariseStep } from "@/lib/workbench/summarise-run";
import { CachePrefixBar } from "./cache-prefix-bar";
import { StepSummary } from "./step-summary";
import { attribute, exampleRun, tagsWithTestId, textOfTestId } from "./test-support";

const HAN = /\p{Script=Han}/u;
const ENGLISH_WORDS = /\b[A-Za-z]{2,} [A-Za-z]{2,}\b/;
const digits = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

describe("the run panel in Chinese", () => {
  it("says the cache card's figures in Chinese, each the figure of the legend beside it", async () => {
    const run = await exampleRun("naive-dynamic");
    const step = run.steps.find((candidate) => candidate.segmentStatus.includes("invalidated"))!;
    const html = renderInLocale(
      <CachePrefixBar
        segments={step.segments}
        statuses={step.segmentStatus}
        divergence={step.divergence}
        billed={step.tokens}
      />,
      "zh-CN",
    );
    const sentence = textOfTestId(html, "cache-headline") ?? "";
    expect(sentence).toMatch(/^缓存丢失（位于 tools\[\d+\]）：没有从缓存读取任何内容；/);
    expect(sentence).not.toMatch(ENGLISH_WORDS);
    const tag = tagsWithTestId(html, "cache-headline")[0];
    const figures = {
      read: Number(attribute(tag, "data-read")),
      written: Number(attribute(tag, "data-written")),
      stored: Number(attribute(tag, "data-stored")),
      uncached: Number(attribute(tag, "data-uncached")),
      invalidated: Number(attribute(tag, "data-invalidated")),
      blockRead: Number(attribute(tag, "data-block-read")),
    };
    // The written figure in the words is the step's cache write, the one the legend prints.
    const written = /([\d,]+) 个 token 写入缓存/.exec(sentence)?.[1];
    expect(Number(written?.replace(/,/g, ""))).toBe(step.tokens.cacheWrite);
    const legend = tagsWithTestId(html, "prefix-legend-tokens").map((_, index) =>
      String(digits(html.split('data-testid="prefix-legend-tokens"')[index + 1]?.split("<")[0] ?? "")),
    );
    expect(legend).toEqual(legendFigures(figures).map(String));
    expect(cardDisagreements({ sentence, tone: "danger", figures, legend }, "zh-CN")).toEqual([]);
    expect(html).toContain("从缓存读取");
  });

  it("prints the step's figures with Chinese labels beside the same numbers", async () => {
    const run = await exampleRun("gateway");
    const step = summariseStep(run.steps[1]);
    const html = renderInLocale(<StepSummary step={step} run={summariseRun(run)} />, "zh-CN");
    expect(textOfTestId(html, "step-position")).toBe(
      `第 ${step.turn + 1} 轮 · 第 ${step.index + 1} / ${run.steps.length} 个请求`,
    );
    const input = tagsWithTestId(html, "step-input")[0];
    expect(Number(attribute(input, "data-value"))).toBe(step.tokens.input);
    expect(digits(textOfTestId(html, "step-input"))).toBe(step.tokens.input);
    expect(html).toContain("缓存读取");
    expect(html).toContain("工具定义占");
    expect(textOfTestId(html, "step-kind")).toMatch(HAN);
  });
});
