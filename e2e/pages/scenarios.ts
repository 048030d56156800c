import { parseScenarioValue } from "../../lib/scenario";

/** A one-tool scenario written out here: Playwright's loader cannot import the examples' JSON files. */
export function smallScenario() {
  const parsed = parseScenarioValue({
    formatVersion: 1,
    id: "e2e-small",
    title: "E2E small",
    catalog: {
      tools: [
        {
          name: "get_weather",
          description: "Weather for a city.",
          inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        },
      ],
    },
    turns: [{ user: "Weather in Paris?", needs: [{ tool: "get_weather", arguments: { city: "Paris" } }] }],
  });
  if (!parsed.value) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}
