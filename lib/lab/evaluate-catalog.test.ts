import { describe, expect, it } from "vitest";
import { anthropicToolDefinition } from "../providers";
import { evaluateCatalog, runSearch, toolTokens } from "./evaluate-catalog";
import { LAB_QUERIES, LAB_TOOLS, countByLength, labSearchers } from "./test-fixtures";

describe("evaluateCatalog", () => {
  const evaluation = evaluateCatalog({
    tools: LAB_TOOLS,
    queries: LAB_QUERIES,
    searchers: labSearchers(),
    k: 5,
    countTokens: countByLength,
  });

  it("evaluates every query under the three searches", () => {
    expect(evaluation.toolCount).toBe(5);
    expect(evaluation.queryCount).toBe(5);
    for (const run of Object.values(evaluation.searches)) {
      expect(run.perQuery).toHaveLength(5);
      expect(run.summary.queries).toBe(5);
      for (const metric of [run.summary.recallAt1, run.summary.recallAt3, run.summary.recallAt5, run.summary.mrr]) {
        expect(metric).toBeGreaterThanOrEqual(0);
        expect(metric).toBeLessThanOrEqual(1);
      }
      expect(run.summary.recallAt1).toBeLessThanOrEqual(run.summary.recallAt3);
      expect(run.summary.recallAt3).toBeLessThanOrEqual(run.summary.recallAt5);
    }
  });

  it("gives the regex search the pattern derived from the query", () => {
    expect(evaluation.searches["anthropic-regex"].perQuery[0].input).toBe("weather|forecast|pari");
    expect(evaluation.searches["anthropic-bm25"].perQuery[0].input).toBe("weather forecast for Paris");
  });

  it("ranks the plainly worded queries first under the client search (synonyms: ticket → issue, remove → delete)", () => {
    expect(evaluation.searches.client.perQuery.map((query) => query.rank)).toEqual([1, 1, 1, 1, 1]);
    expect(evaluation.searches.client.summary).toMatchObject({ recallAt1: 1, mrr: 1 });
    // The BM25 emulation has no synonyms: "ticket" and "remove" are not in those tools' words.
    expect(evaluation.searches["anthropic-bm25"].perQuery[2].rank).not.toBe(1);
  });

  it("reports each tool's token cost and findability", () => {
    const weather = evaluation.tools.find((tool) => tool.name === "get_weather")!;
    expect(weather.tokens).toBe(countByLength(anthropicToolDefinition(LAB_TOOLS[0], "full").text));
    expect(weather.queryCount).toBe(1);
    expect(weather.findability.client).toBe(1);
    expect(evaluation.totalTokens).toBe(LAB_TOOLS.reduce((sum, tool) => sum + toolTokens(tool, countByLength), 0));
  });

  it("counts a tool without queries as not measured rather than unfindable", () => {
    const result = evaluateCatalog({
      tools: LAB_TOOLS,
      queries: LAB_QUERIES.slice(0, 1),
      searchers: labSearchers(),
      k: 5,
      countTokens: countByLength,
    });
    expect(result.tools.find((tool) => tool.name === "delete_file")!.findability).toEqual({
      "anthropic-bm25": null,
      "anthropic-regex": null,
      client: null,
    });
  });

  it("includes the linter's findings and counts them per tool", () => {
    const tools = [
      ...LAB_TOOLS,
      {
        name: "do_it",
        description: "Handle it.",
        inputSchema: { type: "object", properties: { x: { type: "string" } } },
      },
    ];
    const result = evaluateCatalog({
      tools,
      queries: LAB_QUERIES,
      searchers: labSearchers(tools),
      k: 5,
      countTokens: countByLength,
    });
    const codes = result.findings.filter((finding) => finding.tool === "do_it").map((finding) => finding.code);
    expect(codes).toEqual(
      expect.arrayContaining(["description-too-short", "parameter-without-description", "vague-verb"]),
    );
    expect(result.tools.find((tool) => tool.name === "do_it")!.findingCount).toBe(codes.length);
  });

  it("counts refused queries as errors and not found", () => {
    const run = runSearch(labSearchers()["anthropic-bm25"], [{ q: "x".repeat(501), expect: ["get_weather"] }], 5);
    expect(run.summary).toMatchObject({ errors: 1, recallAt5: 0 });
    expect(run.perQuery[0].errorMessage).toMatch(/maximum length of 500/);
  });
});
