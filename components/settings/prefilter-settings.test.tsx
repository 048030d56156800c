import { describe, expect, it } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import type { Locale } from "@/lib/i18n/locales";
import type { Scenario } from "@/lib/scenario/types";
import { prefilterStrategy } from "@/lib/strategies/prefilter";
import { mainLaneCache } from "@/lib/view/main-lane-cache";
import { summariseRun } from "@/lib/workbench/summarise-run";
import { PrefilterSettingsView } from "./prefilter-settings";

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
const engine = createEngine();

/** Three turns on the weather tools: the second needs another tool than the first, the third the first again. */
async function scenario(order: "selection" | "append-only"): Promise<Scenario> {
  const example = await loadExample("weather");
  const settings = { ...example.settings, provider: "anthropic" as const, model: "claude-opus-4-8" };
  // Under Opus 4.8's 1,024-token minimum nothing would be cached; the minimum is lowered to see the prefix.
  const cacheOverrides = { minimumCacheableTokens: 0 };
  return {
    ...example,
    turns: [...example.turns, example.turns[0]],
    settings: { ...settings, prefilterOrder: order, cacheOverrides },
  };
}

describe("prefilter settings", () => {
  it("the order changes the main requests' cache as the run shows it", async () => {
    const exact = mainLaneCache(engine.runStrategy(await scenario("selection"), prefilterStrategy.id));
    const appended = mainLaneCache(engine.runStrategy(await scenario("append-only"), prefilterStrategy.id));
    // Exact selection swaps tools at turns 2 and 3; append-only changes them once (search_files appended) and keeps
    // get_weather first, so turn 3 declares the same tools as turn 2.
    expect(exact).toMatchObject({ toolsChanged: 2 });
    expect(appended).toMatchObject({ toolsChanged: 1 });
    expect(appended!.requests).toBe(exact!.requests);
  });

  it("shows the small model, the order and the run's own figures, in English and Chinese", async () => {
    const work = await scenario("append-only");
    const run = summariseRun(engine.runStrategy(work, prefilterStrategy.id));
    const effect = mainLaneCache(run)!;
    const render = (locale: Locale) =>
      renderInLocale(<PrefilterSettingsView settings={work.settings} run={run} onChange={() => {}} />, locale);
    const english = render("en");
    expect(english).toMatch(/<option value="" selected="">Cheapest \(Claude Haiku 4\.5\)<\/option>/);
    expect(text(english)).toContain("Keeps the order: tools picked earlier stay first and new picks are appended");
    const rate = `${Math.round((effect.cacheRead / effect.input) * 1000) / 10}%`;
    expect(text(english)).toContain(
      `In this run, tools changed before 1 main request of ${effect.requests}, and the main requests read ${rate}`,
    );
    const chinese = text(render("zh-CN"));
    expect(chinese).toContain("挑选工具的小模型");
    expect(chinese).toContain(`${effect.requests} 个主请求里有 1 个之前 tools 发生了变化`);
  });
});
