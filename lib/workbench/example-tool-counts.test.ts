import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { loadExample } from "../examples";
import { anthropicToolDefinition } from "../providers/anthropic/anthropic-messages";
import { countO200kTokens } from "../tokens/o200k";
import { anthropicToolJson } from "./engine-handler";
import {
  EXAMPLE_TOOL_COUNTS_MINIMUM_TOOLS,
  prebuiltToolCounts,
  primeExampleToolCounts,
  primeToolCounts,
} from "./example-tool-counts";

function recordingMemo() {
  const primed = new Map<string, number>();
  return { primed, prime: (text: string, count: number) => void primed.set(text, count) };
}

function tool(name: string, extra: Partial<CatalogTool> = {}): CatalogTool {
  return { name, description: `Does ${name}.`, inputSchema: { type: "object", properties: {} }, ...extra };
}

describe("primeToolCounts", () => {
  it("primes each tool's full Anthropic definition text with its count, in catalog order", () => {
    const memo = recordingMemo();
    const tools = [tool("alpha"), tool("beta")];
    expect(primeToolCounts(memo, tools, [11, 22])).toBe(2);
    for (const entry of [...tools, tool("gamma", { inputExamples: [{ city: "Paris" }] })])
      expect(anthropicToolDefinition(entry, "full").text).toBe(anthropicToolJson(entry));
    expect([...memo.primed]).toEqual([
      [anthropicToolDefinition(tools[0], "full").text, 11],
      [anthropicToolDefinition(tools[1], "full").text, 22],
    ]);
  });

  it("skips a tool whose counted JSON is not the definition text (empty input examples), and counts of another length", () => {
    const memo = recordingMemo();
    const tools = [tool("alpha", { inputExamples: [] }), tool("beta")];
    expect(primeToolCounts(memo, tools, [11, 22])).toBe(1);
    expect([...memo.primed.values()]).toEqual([22]);
    expect(primeToolCounts(recordingMemo(), tools, [11])).toBe(0);
  });
});

describe("primeExampleToolCounts", () => {
  const many = Array.from({ length: EXAMPLE_TOOL_COUNTS_MINIMUM_TOOLS }, (_, index) => tool(`tool_${index}`));

  it("reads nothing for a small catalog", async () => {
    let asked = 0;
    const load = async () => ((asked += 1), [1]);
    expect(await primeExampleToolCounts(recordingMemo(), "weather", many.slice(1), load)).toBe(0);
    expect(asked).toBe(0);
  });

  it("primes a large catalog from the loaded counts; a failing or missing table primes nothing", async () => {
    const memo = recordingMemo();
    const counts = many.map((_, index) => index + 1);
    expect(await primeExampleToolCounts(memo, "big", many, async () => counts)).toBe(many.length);
    expect(memo.primed.get(anthropicToolDefinition(many[7], "full").text)).toBe(8);
    const failing = async () => Promise.reject(new Error("no file"));
    expect(await primeExampleToolCounts(recordingMemo(), "big", many, failing)).toBe(0);
    expect(await primeExampleToolCounts(recordingMemo(), "big", many, async () => undefined)).toBe(0);
  });
});

describe("prebuiltToolCounts", () => {
  it("are the o200k counts of the example's full definitions (weather), and exist for the 10,000-tool example", async () => {
    const scenario = await loadExample("weather");
    const counts = await prebuiltToolCounts("weather");
    expect(counts).toEqual(
      scenario.catalog.tools.map((entry) => countO200kTokens(anthropicToolDefinition(entry, "full").text)),
    );
    expect((await prebuiltToolCounts("synthetic-10000"))?.length).toBe(10_000);
    expect(await prebuiltToolCounts("no-such-example")).toBeUndefined();
  });
});
