import { describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { serializeScenario } from "@/lib/scenario";
import { importText } from "./import-text";

describe("importText", () => {
  it("recognises a whole scenario file", async () => {
    const outcome = await importText(serializeScenario(await loadExample("weather")), "weather.json");
    expect(outcome.kind).toBe("scenario");
  });

  it("reads MCP, OpenAI, Anthropic and BFCL tool lists", async () => {
    const schema = { type: "object", properties: { city: { type: "string" } } };
    const inputs = [
      JSON.stringify({ tools: [{ name: "get_weather", description: "Weather.", inputSchema: schema }] }),
      JSON.stringify([
        { type: "function", function: { name: "get_weather", description: "Weather.", parameters: schema } },
      ]),
      JSON.stringify([{ name: "get_weather", description: "Weather.", input_schema: schema }]),
      JSON.stringify({
        id: "simple_0",
        function: [
          {
            name: "get_weather",
            description: "Weather.",
            parameters: { type: "dict", properties: { city: { type: "string" } } },
          },
        ],
      }),
    ];
    for (const input of inputs) {
      const outcome = await importText(input);
      expect(outcome.kind, input).toBe("catalog");
      if (outcome.kind === "catalog") expect(outcome.catalog.tools[0].name).toBe("get_weather");
    }
  });

  it("reports problems with their paths and keeps nothing on failure", async () => {
    const broken = await importText('{"tools": [ {"name": 1} ');
    expect(broken.kind).toBe("failed");
    expect(broken.problems[0]).toMatchObject({ severity: "error", line: expect.any(Number) });
    const badScenario = await importText(
      JSON.stringify({ formatVersion: 1, title: 5, turns: [], catalog: { tools: [] } }),
    );
    expect(badScenario.kind).toBe("failed");
    expect(badScenario.problems.some((problem) => problem.path.startsWith("$"))).toBe(true);
    expect((await importText("   ")).kind).toBe("failed");
  });
});
