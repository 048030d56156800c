import { describe, expect, it } from "vitest";
import { diffEvaluations, hasChanges } from "./delta";
import { evaluateCatalog } from "./evaluate-catalog";
import { LAB_QUERIES, LAB_TOOLS, countByLength, labSearchers, withDescription } from "./test-fixtures";

function evaluate(tools = LAB_TOOLS) {
  return evaluateCatalog({
    tools,
    queries: LAB_QUERIES,
    searchers: labSearchers(tools),
    k: 5,
    countTokens: countByLength,
  });
}

describe("diffEvaluations", () => {
  const before = evaluate();

  it("finds nothing to report between two identical evaluations", () => {
    const delta = diffEvaluations(before, evaluate());
    expect(hasChanges(delta)).toBe(false);
    expect(delta.summaries.client.mrr).toEqual({ before: 1, after: 1 });
  });

  it("reports every number an edit moves: ranks, recall, tokens, findability and findings", () => {
    // A ticket is an issue: saying so lets the BM25 emulation, which has no synonyms, find the tool.
    const edited = withDescription(
      LAB_TOOLS,
      "create_issue",
      "Create a new issue (a ticket or bug report) in a GitHub repository, e.g. about a login bug.",
    );
    const after = evaluate(edited);
    const delta = diffEvaluations(before, after);
    expect(hasChanges(delta)).toBe(true);
    expect(delta.queries).toContainEqual({
      index: 2,
      q: "open a new ticket about the login bug",
      ranks: expect.objectContaining({
        "anthropic-bm25": { before: before.searches["anthropic-bm25"].perQuery[2].rank, after: 1 },
      }),
    });
    expect(delta.summaries["anthropic-bm25"].recallAt1.after).toBeGreaterThan(
      delta.summaries["anthropic-bm25"].recallAt1.before,
    );
    const tool = delta.tools.find((change) => change.name === "create_issue")!;
    expect(tool.tokens!.after).toBeGreaterThan(tool.tokens!.before);
    expect(delta.totalTokens.after - delta.totalTokens.before).toBe(tool.tokens!.after - tool.tokens!.before);
  });

  it("lists findings that an edit adds and removes", () => {
    const worse = withDescription(LAB_TOOLS, "delete_file", "Handle files.");
    const delta = diffEvaluations(before, evaluate(worse));
    expect(delta.findingsAdded.map((finding) => [finding.tool, finding.code])).toEqual(
      expect.arrayContaining([
        ["delete_file", "description-too-short"],
        ["delete_file", "vague-verb"],
      ]),
    );
    const back = diffEvaluations(evaluate(worse), before);
    expect(back.findingsRemoved.map((finding) => finding.code)).toEqual(
      expect.arrayContaining(["description-too-short", "vague-verb"]),
    );
  });
});
