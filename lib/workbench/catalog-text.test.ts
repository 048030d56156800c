import { describe, expect, it } from "vitest";
import { parseCatalogText } from "../catalog";
import { catalogToText, parseToolText, toolToText } from "./catalog-text";

const tool = {
  name: "get_weather",
  description: "Weather now.",
  inputSchema: { type: "object", properties: { city: { type: "string" } } },
  schemaError: "derived",
};

describe("catalog text", () => {
  it("writes the catalog without derived fields and reads it back", () => {
    const text = catalogToText({ tools: [tool] });
    expect(text).not.toContain("schemaError");
    const parsed = parseCatalogText(text);
    expect(parsed.value?.tools[0].name).toBe("get_weather");
  });

  it("parses one tool with the editor's line numbers", () => {
    const good = parseToolText(toolToText(tool), (text) => parseCatalogText(text));
    expect(good.tool?.name).toBe("get_weather");
    const bad = parseToolText('{\n  "name": "x",\n  "inputSchema": {\n}', (text) => parseCatalogText(text));
    expect(bad.tool).toBeUndefined();
    expect(bad.problems.length).toBeGreaterThan(0);
  });
});
