import { renderInLocale } from "@/components/i18n/render-in-locale";
import { describe, expect, it } from "vitest";
import type { CatalogTool } from "@/lib/core/catalog";
import { TurnEditor } from "./turn-editor";

const tool: CatalogTool = {
  name: "get_weather",
  description: "Get the weather at a location",
  inputSchema: { type: "object", properties: { location: { type: "string" } }, required: ["location"] },
} as CatalogTool;

function render(searchQuery: string | undefined) {
  return renderInLocale(
    <TurnEditor
      turn={{
        user: "What is the weather?",
        needs: [{ tool: "get_weather", arguments: { location: "Paris" } }],
        searchQuery,
      }}
      index={0}
      count={1}
      toolsByName={new Map([[tool.name, tool]])}
      tools={[tool]}
      onChange={() => {}}
      onMove={() => {}}
      onRemove={() => {}}
    />,
  );
}

describe("TurnEditor", () => {
  it("names the search query field on screen, not only in its placeholder, so a filled-in query says what it is", () => {
    const html = render("weather");
    // The visible label wraps the field, and stays when the field holds text (a placeholder then disappears).
    const label = /<label[^>]*>([\s\S]*?)<input[^>]*data-testid="turn-query"[^>]*>/.exec(html);
    expect(label, "the query field sits inside a label").not.toBeNull();
    expect(label![1].replace(/<[^>]+>/g, "")).toMatch(/^Search query the model sends/);
    expect(html).toMatch(/data-testid="turn-query"[^>]*value="weather"|value="weather"[^>]*data-testid="turn-query"/);
  });
});

describe("the arguments editor in Chinese", () => {
  it("frames Ajv's reasons and an uncompilable schema with a Chinese sentence", () => {
    const broken = { ...tool, name: "broken_tool", schemaError: "unknown type objekt" } as CatalogTool;
    for (const [needed, expected] of [
      [broken, "broken_tool 的输入 schema 无法编译：unknown type objekt"],
      [tool, "参数不符合 get_weather 的 schema："],
    ] as const) {
      const html = renderInLocale(
        <TurnEditor
          turn={{ user: "Weather?", needs: [{ tool: needed.name, arguments: { location: 3 } }] }}
          index={0}
          count={1}
          toolsByName={new Map([[needed.name, needed]])}
          tools={[needed]}
          onChange={() => {}}
          onMove={() => {}}
          onRemove={() => {}}
        />,
        "zh-CN",
      );
      expect(html).toContain(expected);
    }
  });
});
