import { describe, expect, it } from "vitest";
import { loadCatalogDirectory, loadCatalogFile, serverNameOf } from "./load-catalog-directory";

const github = JSON.stringify({
  source: "example",
  license: "MIT",
  tools: [
    { name: "create_issue", description: "Create an issue", inputSchema: { type: "object", properties: {} } },
    { name: "get_me", description: "", inputSchema: { type: "object" } },
  ],
});
const gitlab = JSON.stringify({ result: { tools: [{ name: "create_issue", description: "Create an issue" }] } });

describe("loadCatalogDirectory", () => {
  it("names each tool <file name without .json>:<tool name> and keeps same-named tools apart", () => {
    const { value, problems } = loadCatalogDirectory([
      { fileName: "github.json", text: github },
      { fileName: "servers/gitlab.json", text: gitlab },
    ]);
    expect(value?.map((tool) => [tool.name, tool.namespace])).toEqual([
      ["github:create_issue", "github"],
      ["github:get_me", "github"],
      ["gitlab:create_issue", "gitlab"],
    ]);
    expect(value?.[2].inputSchema).toEqual({ type: "object", properties: {} });
    expect(problems.map((problem) => [problem.severity, problem.message])).toEqual([
      ["warning", "github.json: tool get_me has no description"],
      ["warning", "servers/gitlab.json: tool create_issue has no inputSchema"],
    ]);
  });

  it("reports invalid files and keeps the valid ones", () => {
    const { value, problems } = loadCatalogDirectory([
      { fileName: "broken.json", text: "{ not json" },
      { fileName: "other.json", text: '{"servers": []}' },
      { fileName: "github.json", text: github },
    ]);
    expect(value).toHaveLength(2);
    expect(problems.filter((problem) => problem.severity === "error").map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^broken\.json: invalid JSON: /),
      'other.json: expected an MCP tools/list result: {"tools": [{"name", "description", "inputSchema"}]}',
    ]);
  });

  it("is an error to give no files", () => {
    expect(loadCatalogDirectory([])).toEqual({
      value: undefined,
      problems: [{ severity: "error", path: "$", message: "no catalog files (*.json) found" }],
    });
  });
});

describe("loadCatalogFile", () => {
  it("keeps tool names, skips nameless tools and duplicate names", () => {
    const text = JSON.stringify([
      { name: "a", description: "A", inputSchema: {} },
      { description: "nameless" },
      { name: "a", description: "again", inputSchema: {} },
    ]);
    const { value, problems } = loadCatalogFile({ fileName: "tools.json", text });
    expect(value?.map((tool) => [tool.name, tool.namespace])).toEqual([["a", undefined]]);
    expect(problems.map((problem) => problem.message)).toEqual([
      "tools.json: tool 1 has no name; skipped",
      "duplicate tool a; kept the first",
    ]);
  });

  it("derives server names from file names", () => {
    expect(serverNameOf("catalogs/mcp-servers-git.json")).toBe("mcp-servers-git");
    expect(serverNameOf("C:\\catalogs\\Stripe.JSON")).toBe("Stripe");
  });
});
