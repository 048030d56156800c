/**
 * Costs on the page are in the model's currency: a Qwen run (CNY) prints CN¥ (¥ in Chinese), a USD figure appears
 * beside it only at the person's rate, and a table holding two currencies says so.
 */
import { describe, expect, it } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { PriceSettingsView } from "@/components/settings/price-settings";
import { MoneyProvider } from "@/components/ui/money";
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import { getModel } from "@/lib/models/model-table";
import { summariseRun } from "@/lib/workbench/summarise-run";
import { formatMoney } from "@/lib/view/money";
import { CompareTable } from "./compare-table";
import { StepSummary } from "./step-summary";
import { attribute, tagsWithTestId, textOfTestId } from "./test-support";

describe("money on screen", async () => {
  const scenario = await loadExample("weather");
  const engine = createEngine();
  const [qwen] = engine.runAll(scenario, ["full"], { provider: "qwen" }).map(summariseRun);
  const [claude] = engine.runAll(scenario, ["full"], {}).map(summariseRun);
  const step = qwen.steps[0];

  it("a CNY step's cost is CN¥ alone without a rate, and with ≈ $ beside it at the person's rate", () => {
    const plain = renderInLocale(
      <MoneyProvider currency="CNY">
        <StepSummary step={step} run={qwen} />
      </MoneyProvider>,
    );
    expect(textOfTestId(plain, "step-cost")).toMatch(/^CN¥[\d.]+$/);
    const rated = renderInLocale(
      <MoneyProvider currency="CNY" usdPerCny={0.138}>
        <StepSummary step={step} run={qwen} />
      </MoneyProvider>,
    );
    expect(textOfTestId(rated, "step-cost")).toMatch(/^CN¥[\d.]+ ≈ \$[\d.]+$/);
    const chinese = renderInLocale(
      <MoneyProvider currency="CNY">
        <StepSummary step={step} run={qwen} />
      </MoneyProvider>,
      "zh-CN",
    );
    expect(textOfTestId(chinese, "step-cost")).toMatch(/^¥[\d.]+$/);
  });

  it("the compare table prints each row in its own model's currency and names the currencies", () => {
    const html = renderInLocale(<CompareTable runs={[claude, { ...qwen, id: "stubs" }]} />);
    const costs = tagsWithTestId(html, "compare-cost");
    expect(costs.map((tag) => attribute(tag, "data-currency"))).toEqual(["USD", "CNY"]);
    expect(html).toMatch(/CN¥[\d.]+/);
    expect(textOfTestId(html, "compare-currency")).toContain("(USD, CNY)");
    // All USD: the table reads as it always has, with no note.
    expect(tagsWithTestId(renderInLocale(<CompareTable runs={[claude]} />), "compare-currency")).toHaveLength(0);
  });

  it("the settings show a CNY model's prices in CNY, and the example at the rate uses the same figures", () => {
    const plus = getModel("qwen", "qwen-plus")!;
    const html = renderInLocale(<PriceSettingsView model={plus} usdPerCny={0.138} onRateChange={() => {}} />);
    expect(attribute(tagsWithTestId(html, "price-settings")[0], "data-currency")).toBe("CNY");
    // ¥0.8 per million input × 0.138 = $0.1104 → $0.11
    expect(html).toContain("CN¥0.80 ≈ $0.11 at 0.138 $/¥ (your rate)");
    const empty = renderInLocale(<PriceSettingsView model={plus} usdPerCny={undefined} onRateChange={() => {}} />);
    expect(attribute(tagsWithTestId(empty, "usd-per-cny")[0], "value")).toBe("");
    expect(empty).not.toContain("≈");
  });
});

describe("the explicit cache where the provider has one", async () => {
  const scenario = await loadExample("seed-200-tools");
  const [run] = createEngine().runAll(scenario, ["full"], { provider: "gemini" }).map(summariseRun);
  const flash = getModel("gemini", "gemini-2.5-flash")!;

  it("the settings show Gemini's cachedContents and the run priced under it, storage included", () => {
    expect(run.explicitCache?.mechanism).toBe("cached-content");
    // The system instruction and 200 tools (≈ 80,900 tokens) are stored 1 h at $1.00 per million per hour.
    expect(run.explicitCache!.storage).toBeGreaterThan(0.07);
    expect(run.explicitCache!.statuses).toMatchObject({ created: 1, "below-minimum": 0 });
    const html = renderInLocale(
      <PriceSettingsView
        model={flash}
        usdPerCny={undefined}
        onRateChange={() => {}}
        run={{ id: run.id, implicitCost: run.totals.costUsd, explicit: run.explicitCache! }}
      />,
    );
    expect(attribute(tagsWithTestId(html, "explicit-cache")[0], "data-mechanism")).toBe("cached-content");
    const sentence = textOfTestId(html, "explicit-cache-run")!;
    // The words carry the same figures as the summary, through the same formatter.
    expect(sentence).toContain(formatMoney(run.explicitCache!.cost, "USD"));
    expect(sentence).toContain(formatMoney(run.explicitCache!.storage, "USD"));
    expect(sentence).toContain(formatMoney(run.totals.costUsd, "USD"));
    expect(sentence).toContain(`${run.explicitCache!.statuses.hit} hits`);
  });

  it("a provider without an explicit cache shows none", () => {
    const deepseek = getModel("deepseek", "deepseek-v4-flash")!;
    const html = renderInLocale(<PriceSettingsView model={deepseek} usdPerCny={undefined} onRateChange={() => {}} />);
    expect(tagsWithTestId(html, "explicit-cache")).toHaveLength(0);
  });
});
