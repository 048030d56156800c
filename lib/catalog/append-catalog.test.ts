import { describe, expect, it } from "vitest";
import { appendCatalog } from "./append-catalog";

const tool = (name: string, description = `${name}.`, namespace?: string) => ({
  name,
  description,
  inputSchema: { type: "object" },
  ...(namespace ? { namespace } : {}),
});

describe("appendCatalog", () => {
  it("adds new tools after the current ones and keeps existing names", () => {
    const result = appendCatalog(
      { tools: [tool("a", "mine")] },
      { tools: [tool("a", "theirs", "srv"), tool("b", "b.", "srv")], namespaces: { srv: "Server" } },
    );
    expect(result.catalog.tools.map((entry) => [entry.name, entry.description])).toEqual([
      ["a", "mine"],
      ["b", "b."],
    ]);
    expect(result.catalog.namespaces).toEqual({ srv: "Server" });
    expect(result.problems).toHaveLength(1);
  });
});
