/**
 * The catalog's Problems panel as a Chinese reader sees it, for a catalog and a scenario with several problems: no
 * English sentence outside `<code>`, wire names and tool names, by the rule the Chinese browser walk uses
 * (lib/i18n/english-leftovers.ts). Ajv's own reason for an uncompilable schema is Ajv's text and is left out.
 */
import { describe, expect, it } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { parseCatalogText } from "@/lib/catalog";
import { englishInMarkup } from "@/lib/i18n/english-leftovers";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import { parseScenarioValue } from "@/lib/scenario/parse-scenario";
import { CatalogProblems, mergeProblems } from "./catalog-problems";

const weather = {
  name: "get_weather",
  description: "Get the weather",
  inputSchema: { type: "object", properties: { location: { type: "string" } }, required: ["location"] },
};

const CATALOG_TEXT = JSON.stringify(
  {
    tools: [
      weather,
      weather,
      { name: "get_weather!", description: "Bad name", inputSchema: { type: "object" } },
      { description: "No name", inputSchema: { type: "object" } },
      { name: "described", description: 42, inputSchema: { type: "object" } },
    ],
  },
  null,
  2,
);

function panelProblems() {
  const catalog = parseCatalogText(CATALOG_TEXT);
  const scenario = parseScenarioValue({
    formatVersion: 1,
    id: "faulty",
    title: "Faulty",
    catalog: { tools: [weather] },
    turns: [
      {
        user: "Weather?",
        needs: [
          { tool: "get_weather", arguments: { location: "Paris" }, mistakenArguments: { location: "Paris" } },
          { tool: "send_mail", arguments: {} },
        ],
      },
    ],
    settings: { ...DEFAULT_SETTINGS, nonDeferredTools: ["missing_tool"] },
  });
  return mergeProblems([...catalog.problems, ...scenario.problems], []);
}

describe("the Problems panel in Chinese", () => {
  it("words every problem of a faulty catalog and scenario in Chinese", () => {
    const problems = panelProblems();
    expect(problems.length).toBeGreaterThanOrEqual(6);
    const html = renderInLocale(<CatalogProblems problems={problems} checking={false} onReveal={() => {}} />, "zh-CN");
    expect(englishInMarkup(html)).toEqual([]);
    // The same panel in English shows the sentences the CLI prints.
    const english = renderInLocale(<CatalogProblems problems={problems} checking={false} onReveal={() => {}} />);
    expect(englishInMarkup(english).length).toBeGreaterThan(0);
  });
});
