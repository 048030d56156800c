/**
 * The explicit cache on screen: the setting appears only where the provider's adapter has an explicit cache, and
 * the cache card's sentence names what the step did with it, from the step's own record and tokens.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import type { ProviderId } from "@/lib/core/ids";
import { formatMoney } from "@/lib/view/money";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { CacheMechanismOption } from "@/components/settings/cache-mechanism-option";
import { MoneyProvider } from "@/components/ui/money";
import { stepDetail } from "@/lib/workbench/summarise-run";
import { CacheCreateRequest } from "./cache-create-request";
import { CachePrefixBar } from "./cache-prefix-bar";
import { attribute, tagsWithTestId, textOfTestId } from "./test-support";

const LONG_SYSTEM = "You are a careful weather assistant. Follow the house rules in every answer. ".repeat(250);

describe("the cache mechanism setting", () => {
  const shown = (provider: ProviderId, locale: "en" | "zh-CN" = "en") =>
    renderInLocale(
      <CacheMechanismOption settings={{ provider, cacheMechanism: undefined }} update={() => {}} />,
      locale,
    );

  it("is offered where the adapter has an explicit cache (Gemini, Qwen) and nowhere else", () => {
    expect(shown("gemini")).toContain("Cache mechanism");
    expect(shown("gemini")).toContain("cachedContents");
    expect(shown("qwen")).toContain("cache_control");
    expect(shown("qwen", "zh-CN")).toContain("缓存机制");
    for (const provider of ["anthropic", "deepseek", "glm", "openai-chat"] as const) expect(shown(provider)).toBe("");
  });
});

describe("the cache card under the explicit cache", () => {
  it("Gemini: names the created object and its storage per hour, with the figures the step is priced with", async () => {
    const example = await loadExample("weather");
    const settings = {
      ...example.settings,
      provider: "gemini" as const,
      model: "gemini-2.5-flash",
      system: LONG_SYSTEM,
      cacheMechanism: "explicit" as const,
    };
    const run = createEngine().runStrategy({ ...example, settings }, "full", { provider: "gemini" });
    const [first, second] = run.steps;
    const card = (step: typeof first) =>
      renderInLocale(
        <MoneyProvider currency="USD">
          <CachePrefixBar
            segments={step.segments}
            statuses={step.segmentStatus}
            divergence={step.divergence}
            billed={step.tokens}
            explicitCache={step.explicitCache}
          />
        </MoneyProvider>,
      );
    const html = card(first);
    const sentence = textOfTestId(html, "explicit-cache-sentence") ?? "";
    expect(sentence).toContain(`created cached content ${first.explicitCache!.name}`);
    expect(sentence).toContain(`storage ${formatMoney(first.explicitCache!.storagePerHourUsd, "USD")}/hour`);
    expect(Number(attribute(tagsWithTestId(html, "cache-headline")[0], "data-read"))).toBe(first.tokens.cacheRead);
    // The create request is shown as a request of its own on the step that made the object, and only there.
    const detail = stepDetail(run, 0)!;
    expect(detail.cacheCreate!.url).toMatch(/\/v1beta\/cachedContents$/);
    expect(JSON.parse(detail.cacheCreate!.json)).toEqual(first.cacheCreateRequest!.body);
    expect(stepDetail(run, 1)!.cacheCreate).toBeUndefined();
    const shownCreate = renderInLocale(
      <CacheCreateRequest create={detail.cacheCreate!} name={first.explicitCache!.name!} />,
    );
    expect(shownCreate).toContain(`First, the request that made ${first.explicitCache!.name}: POST`);
    expect(textOfTestId(card(second), "explicit-cache-sentence")).toContain(
      `Read ${second.tokens.cacheRead.toLocaleString("en-US")} tokens from ${first.explicitCache!.name}`,
    );
  });
});
