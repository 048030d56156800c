import { describe, expect, it } from "vitest";
import { parseCatalogText } from "../catalog";
import { catalogToText, parseToolEdit, parseToolText, toolToText } from "./catalog-text";

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

  it("refuses a tool whose schema was deleted, as the whole catalog does, though a list of such tools imports", () => {
    const { inputSchema: _deleted, ...withoutSchema } = { ...tool, description: "Weather now." };
    void _deleted;
    const edited = parseToolText(JSON.stringify(withoutSchema, null, 2), (text) => parseCatalogText(text));
    expect(edited.tool).toBeUndefined();
    expect(edited.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        path: "$.inputSchema",
        code: "uncompilable",
        message: 'catalog: input schema of get_weather cannot be compiled: missing "inputSchema"',
      }),
    ]);
    const whole = parseCatalogText(JSON.stringify({ tools: [withoutSchema, { ...tool, name: "get_rain" }] }));
    expect(whole.value?.tools[0]!.schemaError).toBe('missing "inputSchema"');
  });

  it("refuses a rename onto another tool's name and says why, and accepts keeping or freeing a name", () => {
    const other = { ...tool, name: "get_forecast" };
    const catalog = [tool, other];
    const renamed = toolToText({ ...tool, name: "get_forecast" });
    const refused = parseToolEdit(renamed, "get_weather", catalog, parseCatalogText);
    expect(refused.tool).toBeUndefined();
    expect(refused.problems).toContainEqual(
      expect.objectContaining({
        severity: "error",
        path: "$.name",
        message: expect.stringContaining('"get_forecast"'),
      }),
    );
    // The tool keeps its own name: no clash with itself.
    expect(parseToolEdit(toolToText(tool), "get_weather", catalog, parseCatalogText).tool?.name).toBe("get_weather");
    // A new, unused name is a plain rename.
    const free = parseToolEdit(toolToText({ ...tool, name: "get_rain" }), "get_weather", catalog, parseCatalogText);
    expect(free.tool?.name).toBe("get_rain");
    expect(free.problems).toEqual([]);
  });
});
