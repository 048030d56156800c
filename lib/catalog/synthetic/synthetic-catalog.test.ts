import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { importCatalogValue } from "../import-catalog";
import { TOOL_NAME_PATTERN } from "../tool-names";
import type { CatalogTool } from "../../core/catalog";
import { validateToolArguments } from "../argument-validation";
import { sampleArguments } from "../sample-arguments";
import { generateSyntheticCatalog } from "./synthetic-catalog";

/** The size the generator aims at: the tool as an Anthropic tool definition. */
function anthropicTokens(tool: CatalogTool): number {
  return countTokens(
    JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }),
  );
}

function summarise(tools: CatalogTool[]) {
  const sizes = tools.map(anthropicTokens);
  return { sizes, mean: sizes.reduce((total, size) => total + size, 0) / sizes.length };
}

describe("generateSyntheticCatalog", () => {
  it("is deterministic for a seed and differs across seeds", () => {
    const options = { count: 50, targetTokensPerTool: 300, seed: 7, countTokens };
    expect(generateSyntheticCatalog(options)).toEqual(generateSyntheticCatalog(options));
    const other = generateSyntheticCatalog({ ...options, seed: 8 });
    expect(other.tools.map((tool) => tool.name)).not.toEqual(
      generateSyntheticCatalog(options).tools.map((tool) => tool.name),
    );
  });

  it("hits 400 tokens a tool for 200 tools, every tool within ±10%", () => {
    const catalog = generateSyntheticCatalog({ count: 200, targetTokensPerTool: 400, seed: 200, countTokens });
    const { sizes, mean } = summarise(catalog.tools);
    console.warn(
      `synthetic catalog, 200 tools @ 400: mean ${mean.toFixed(1)} o200k tokens/tool (min ${Math.min(...sizes)}, max ${Math.max(...sizes)})`,
    );
    expect(Math.abs(mean - 400)).toBeLessThan(400 * 0.03);
    expect(sizes.every((size) => Math.abs(size - 400) <= 40)).toBe(true);
  });

  it("builds realistic, valid, unique tools", () => {
    const catalog = generateSyntheticCatalog({ count: 300, targetTokensPerTool: 400, seed: 3, countTokens });
    const names = catalog.tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(300);
    expect(names.every((name) => TOOL_NAME_PATTERN.test(name))).toBe(true);
    for (const tool of catalog.tools) {
      const properties = Object.keys(tool.inputSchema.properties as object);
      expect(properties.length).toBeGreaterThanOrEqual(2);
      expect(properties.length).toBeLessThanOrEqual(8);
      expect((tool.inputSchema.required as string[]).every((name) => properties.includes(name))).toBe(true);
      expect(tool.description.split(". ").length).toBeGreaterThanOrEqual(3);
      expect(validateToolArguments(tool, sampleArguments(tool.inputSchema)).valid).toBe(true);
    }
    const imported = importCatalogValue(catalog);
    expect(imported.problems).toEqual([]);
  });

  it("groups tools into namespaces when asked", () => {
    const catalog = generateSyntheticCatalog({
      count: 120,
      targetTokensPerTool: 200,
      seed: 1,
      countTokens,
      namespaces: 4,
    });
    const namespaces = new Set(catalog.tools.map((tool) => tool.namespace));
    expect(namespaces.size).toBe(4);
    expect(Object.keys(catalog.namespaces ?? {}).sort()).toEqual([...namespaces].sort());
    expect(catalog.tools.every((tool) => tool.name.startsWith(`${tool.namespace}_`))).toBe(true);
  });

  // Speed is measured by `npm run bench` (which prints the generation time), never asserted here.
  it("generates 10,000 tools of ≈300 tokens, names still unique", () => {
    const catalog = generateSyntheticCatalog({ count: 10_000, targetTokensPerTool: 300, seed: 10_000, countTokens });
    expect(new Set(catalog.tools.map((tool) => tool.name)).size).toBe(10_000);
    const sample = catalog.tools.filter((_, index) => index % 25 === 0);
    const { sizes, mean } = summarise(sample);
    expect(Math.abs(mean - 300)).toBeLessThan(300 * 0.03);
    expect(sizes.every((size) => Math.abs(size - 300) <= 30)).toBe(true);
  });

  it("keeps names unique beyond the combination space", () => {
    const catalog = generateSyntheticCatalog({
      count: 500,
      targetTokensPerTool: 100,
      seed: 1,
      countTokens,
      namespaces: 1,
    });
    expect(new Set(catalog.tools.map((tool) => tool.name)).size).toBe(500);
  });
});
