import { describe, expect, it } from "vitest";
import { parseCatalogText } from "./import-catalog";
import { mergeCatalogs } from "./merge-catalogs";
import { exampleCatalogFiles, readExampleCatalog } from "./test-helpers";
import type { Catalog } from "../core/catalog";

const schema = { type: "object", properties: {} };
const catalogOf = (...names: string[]): Catalog => ({
  tools: names.map((name) => ({ name, description: name, inputSchema: schema })),
});

describe("mergeCatalogs", () => {
  it("sets namespaces and prefixes every colliding tool with its server", () => {
    const merged = mergeCatalogs([
      { server: "github", catalog: catalogOf("create_issue", "get_me") },
      { server: "gitlab", catalog: catalogOf("create_issue") },
      { server: "time", catalog: catalogOf("get_current_time") },
    ]);
    expect(merged.value?.tools.map((tool) => [tool.name, tool.namespace])).toEqual([
      ["github__create_issue", "github"],
      ["get_me", "github"],
      ["gitlab__create_issue", "gitlab"],
      ["get_current_time", "time"],
    ]);
    expect(merged.value?.namespaces).toEqual({
      github: expect.any(String),
      gitlab: expect.any(String),
      time: expect.any(String),
    });
    expect(merged.problems).toEqual([
      expect.objectContaining({
        severity: "warning",
        toolName: "github__create_issue",
        message: expect.stringContaining("also offered by gitlab"),
      }),
      expect.objectContaining({
        severity: "warning",
        toolName: "gitlab__create_issue",
        message: expect.stringContaining("also offered by github"),
      }),
    ]);
  });

  it("sanitises the server part and warns when the prefixed name breaks the provider rule", () => {
    const longName = "x".repeat(60);
    const merged = mergeCatalogs([
      { server: "my server.v2", catalog: catalogOf(longName) },
      { server: "other", catalog: catalogOf(longName) },
    ]);
    expect(merged.value?.tools[0].name).toBe(`my_server_v2__${longName}`);
    expect(merged.problems.some((problem) => /does not match/.test(problem.message))).toBe(true);
  });

  it("reports duplicates that remain after prefixing", () => {
    const merged = mergeCatalogs([{ server: "a", catalog: catalogOf("x", "x") }]);
    expect(merged.value?.tools).toHaveLength(1);
    expect(merged.problems[0]).toMatchObject({
      severity: "error",
      message: expect.stringContaining("$[0].catalog.tools[0] and $[0].catalog.tools[1]"),
    });
  });

  it("merges all the real catalogs: 362 tools, create_issue from three servers", () => {
    const parts = exampleCatalogFiles().map((file) => ({
      server: file.replace(/\.json$/, ""),
      catalog: parseCatalogText(readExampleCatalog(file)).value!,
    }));
    const merged = mergeCatalogs(parts);
    const names = merged.value!.tools.map((tool) => tool.name);
    expect(names).toHaveLength(362);
    expect(new Set(names).size).toBe(362);
    expect(names.filter((name) => name.endsWith("__create_issue")).sort()).toEqual([
      "github-mcp-server__create_issue",
      "mcp-servers-archived-github__create_issue",
      "mcp-servers-archived-gitlab__create_issue",
    ]);
    expect(names).not.toContain("create_issue");
    expect(merged.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(merged.value!.license).toContain("MIT");
    expect(merged.value!.source).toContain("github-mcp-server: github/github-mcp-server@");
  });
});
