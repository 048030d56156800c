import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { evaluateCatalog, toolReports } from "./evaluate-catalog";
import { rankFindings } from "./rank-findings";
import { countByLength, labSearchers } from "./test-fixtures";

describe("rankFindings", () => {
  // Both descriptions are too short, so both tools have findings; only alpha_tool has a query the searches miss.
  const tools: CatalogTool[] = [
    { name: "beta_tool", description: "Does y.", inputSchema: {} },
    { name: "alpha_tool", description: "Does x.", inputSchema: {} },
    { name: "gamma_tool", description: "Does z.", inputSchema: {} },
  ];
  const queries = [
    { q: "beta", expect: ["alpha_tool"] },
    { q: "beta", expect: ["beta_tool"] },
  ];
  const evaluation = evaluateCatalog({
    tools,
    queries,
    searchers: labSearchers(tools),
    k: 1,
    countTokens: countByLength,
  });

  it("puts first the findings on tools whose queries the searches miss, weighted by the recall at stake", () => {
    const ranked = rankFindings(evaluation);
    expect(ranked).toHaveLength(evaluation.findings.length);
    expect(ranked[0].tool).toBe("alpha_tool");
    // One of two queries, missed by all three searches at k = 1: half the query set's recall@1 is at stake.
    expect(ranked[0]).toMatchObject({ recallAtStake: 0.5, queryCount: 1, mostMissedBySearch: 1 });
    const beta = ranked.find((finding) => finding.tool === "beta_tool")!;
    expect(beta).toMatchObject({ recallAtStake: 0, queryCount: 1, mostMissedBySearch: 0 });
  });

  it("while the evaluation is partial, averages over the searches run so far (none: severity order)", () => {
    const tokensOf = () => 1;
    const partialOf = (ids: readonly ("anthropic-bm25" | "client")[]) => {
      const searches = Object.fromEntries(ids.map((id) => [id, evaluation.searches[id]]));
      return {
        ...evaluation,
        searches,
        tools: toolReports(tools, queries, searches, 1, tokensOf, evaluation.findings),
      };
    };
    // Only the BM25 emulation has run: alpha_tool's one query is missed by it, so half the recall is at stake.
    expect(rankFindings(partialOf(["anthropic-bm25"]))[0]).toMatchObject({
      tool: "alpha_tool",
      recallAtStake: 0.5,
      mostMissedBySearch: 1,
    });
    const none = rankFindings(partialOf([]));
    expect(none.every((finding) => finding.recallAtStake === 0 && finding.mostMissedBySearch === 0)).toBe(true);
    const order = { error: 0, warning: 1, info: 2 };
    const severities = none.map((finding) => order[finding.severity]);
    expect(severities).toEqual([...severities].sort((left, right) => left - right));
    expect(none).toHaveLength(evaluation.findings.length);
  });

  it("keeps findings of equal weight in severity, then linter order", () => {
    const unmeasured = rankFindings(evaluation).filter((finding) => finding.recallAtStake === 0);
    const severities = unmeasured.map((finding) => finding.severity);
    const order = { error: 0, warning: 1, info: 2 };
    expect(severities).toEqual([...severities].sort((left, right) => order[left] - order[right]));
  });
});
