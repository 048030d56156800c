import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import type { Segment } from "../core/wire";
import { thirdPartyMarker } from "./third-party-text";

const tool = (name: string): CatalogTool =>
  ({ name, description: `Does ${name}.`, inputSchema: { type: "object", properties: {} } }) as CatalogTool;

const segmentFor = (index: number, name: string): Segment => ({
  path: `tools[${index}]`,
  label: `tool ${name}`,
  group: "tools",
  key: `key-of-${name}`,
  tokens: 10,
  toolDefinitionTokens: 10,
  breakpoint: false,
});

describe("thirdPartyMarker", () => {
  it("marks a repeated segment object as before, and a changed block at the same path afresh", () => {
    const catalog = new Map([["get_weather", tool("get_weather")]]);
    const mark = thirdPartyMarker(catalog);
    const known = segmentFor(0, "get_weather");
    const first = mark([known], { tools: [{ name: "get_weather" }] });
    expect(first).toMatchObject([{ landing: "tools", role: "tools", tokens: 10 }]);
    // The same memoised segment object in the next request: the same mark.
    expect(mark([known], { tools: [{ name: "get_weather" }] })).toEqual(first);
    // The tool renamed to a name the catalog does not have: a new segment object at the same path, no mark.
    expect(mark([segmentFor(0, "my_helper")], { tools: [{ name: "my_helper" }] })).toEqual([]);
    // And a new object with the first block's key: its mark by key.
    expect(mark([{ ...known, path: "tools[1]" }], { tools: [{}, { name: "get_weather" }] })).toMatchObject([
      { landing: "tools", fromPath: "tools[1]" },
    ]);
  });
});
