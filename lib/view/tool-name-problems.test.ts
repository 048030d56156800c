import { describe, expect, it } from "vitest";
import { importCatalogValue } from "../catalog/import-catalog";
import { providerNameProblems } from "./tool-name-problems";

const catalog = {
  tools: [
    { name: "get weather!", description: "Weather.", inputSchema: { type: "object", properties: {} } },
    { name: "ab", description: "Two letters.", inputSchema: { type: "object", properties: {} } },
  ],
};

describe("a tool name the provider refuses is an error for that provider", () => {
  const imported = importCatalogValue(catalog, { sourceName: "catalog.json" });
  const tools = imported.value?.tools ?? [];

  it("the parser's shared-pattern warning becomes an error naming the provider and the 400", () => {
    expect(imported.problems.find((problem) => problem.toolName === "get weather!")?.severity).toBe("warning");
    const shown = providerNameProblems(imported.problems, tools, { provider: "anthropic", model: "claude-sonnet-4-6" });
    const problem = shown.find((candidate) => candidate.toolName === "get weather!");
    expect(problem?.severity).toBe("error");
    expect(problem?.message).toMatch(
      /^catalog: "get weather!" does not match .*: Anthropic.* refuses every request that declares it \(400\)/,
    );
    // "ab" passes Anthropic's pattern.
    expect(shown.some((candidate) => candidate.toolName === "ab")).toBe(false);
  });

  it("names a tool only a stricter provider refuses (Kimi: three characters at least)", () => {
    const shown = providerNameProblems(imported.problems, tools, { provider: "moonshot", model: "kimi-k2.5" });
    expect(shown.find((candidate) => candidate.toolName === "ab")).toMatchObject({
      severity: "error",
      path: "$.tools[1].name",
    });
  });
});
