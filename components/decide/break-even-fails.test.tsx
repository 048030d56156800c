/** The break-even table on OpenAI with 200 tools: `full` is refused (more than 128 tools, PROTOCOLS §9). */
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { describe, expect, it } from "vitest";
import { generateSyntheticCatalog } from "@/lib/catalog/synthetic/synthetic-catalog";
import { computeBreakEven } from "@/lib/decide/break-even";
import { createEngine } from "@/lib/engine";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import { createTokenCounter } from "@/lib/tokens";
import { BreakEvenTable } from "./break-even-table";
import { FullBoundaryView } from "./full-boundary";

describe("break-even views when loading everything fails", () => {
  const o200k = createTokenCounter("o200k");
  const catalog = generateSyntheticCatalog({
    count: 200,
    targetTokensPerTool: 400,
    seed: 200,
    countTokens: (text) => o200k.count(text),
    namespaces: 5,
  });
  const parameters = {
    toolsUsed: 3,
    turns: 8,
    minutesBetweenTurns: 2,
    provider: "openai-responses" as const,
    model: "gpt-5.4",
  };
  const openai = computeBreakEven(createEngine(), {
    catalog,
    settings: { ...DEFAULT_SETTINGS, provider: "openai-responses", model: "gpt-5.4" },
    parameters,
  });

  it("the table says 'fails at turn 1' for full and quotes no cost for it", () => {
    const html = renderInLocale(<BreakEvenTable result={openai} />);
    const row = html.slice(
      html.indexOf('data-strategy="full"'),
      html.indexOf("</tr>", html.indexOf('data-strategy="full"')),
    );
    expect(row).toContain("fails at turn 1");
    expect(row).toContain("fails at turn 1 (estimate)");
    expect(row).not.toContain("$");
    expect(row).toContain("never: it cannot run");
  });

  it("the boundary view states the same figures it draws", () => {
    const html = renderInLocale(<FullBoundaryView boundary={openai.fullBoundary!} provider="openai-responses" />);
    expect(html).toContain('data-max-tools="128"');
    expect(html).toContain('data-fails="true"');
    expect(html).toContain("above 128 tools");
    expect(html).toContain("This catalog has 200 tools: sending all of them fails.");
  });
});
