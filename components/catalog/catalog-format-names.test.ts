/**
 * The catalog panel names the format an imported file was read in ("format: MCP tools/list result"), in the page's
 * language: every format the parser reads from the shape fixtures, and the playground's own, has a name in each
 * locale, and none is its bare id.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCatalogText } from "@/lib/catalog";
import { englishRuns } from "@/lib/i18n/english-leftovers";
import { LOCALES } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

const SHAPES_FOLDER = path.join(__dirname, "..", "..", "lib", "catalog", "test-fixtures", "shapes");

function formatsRead(): string[] {
  const formats = new Set<string>();
  for (const file of fs.readdirSync(SHAPES_FOLDER).filter((name) => name.endsWith(".json"))) {
    const text = fs.readFileSync(path.join(SHAPES_FOLDER, file), "utf8").replace(/^\uFEFF/, "");
    const parsed = parseCatalogText(text);
    if (parsed.value !== undefined && parsed.format !== undefined) formats.add(parsed.format);
  }
  return [...formats].sort();
}

describe("the catalog panel's format names", () => {
  const formats = formatsRead();

  it("reads many formats from the fixtures (the list below is not empty by accident)", () => {
    expect(formats.length).toBeGreaterThanOrEqual(8);
    expect(formats).toEqual(expect.arrayContaining(["mcp", "openai-chat", "anthropic", "gemini", "bedrock", "names"]));
  });

  it.each(LOCALES)("names every format in %s", (locale) => {
    const t = translatorFor(locale, "catalog");
    for (const format of [...formats, "catalog"]) {
      const key = `panel.formats.${format}` as Parameters<typeof t.has>[0];
      expect(t.has(key), `${locale}: ${format}`).toBe(true);
      expect(t(key)).not.toBe(format);
    }
    expect(t("panel.format", { format: t("panel.formats.mcp") })).toContain("MCP tools/list");
  });

  it("leaves no English sentence in the Chinese names (the rule of the Chinese browser walk)", () => {
    const t = translatorFor("zh-CN", "catalog");
    for (const format of [...formats, "catalog"])
      expect(englishRuns(t(`panel.formats.${format}` as Parameters<typeof t.has>[0])), format).toEqual([]);
  });
});
