import { beforeEach, describe, expect, it } from "vitest";
import type { CatalogTool } from "../catalog/types";
import type { ToolEntry } from "../engine/transcript";
import { createTokenCounter } from "../tokens";
import { SegmentList } from "./segment-list";

const tools: CatalogTool[] = ["alpha", "beta", "gamma"].map((name) => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: "object", properties: {} },
}));

function renderCounting(list: SegmentList, entries: readonly ToolEntry[], calls: { count: number }) {
  return list.addTools("test", entries, () => {
    calls.count += 1;
    return entries.map((entry, index) => {
      const name = "tool" in entry ? entry.tool.name : entry.type;
      list.add({ path: `tools[${index}]`, label: name, group: "tools", promptText: name });
      return { name, deferred: entry.type === "catalog" && entry.deferred };
    });
  });
}

describe("SegmentList.addTools", () => {
  // Renders are remembered per counter object: a fresh counter per test starts with nothing remembered.
  let counter = createTokenCounter("anthropic-estimate");
  beforeEach(() => {
    counter = createTokenCounter("anthropic-estimate");
  });

  it("reuses an earlier render of equal entries built as new objects, with the same segments", () => {
    const calls = { count: 0 };
    const entries = (): ToolEntry[] => tools.map((tool) => ({ type: "catalog", tool, deferred: false }));
    const first = new SegmentList(counter);
    const firstWire = renderCounting(first, entries(), calls);
    const second = new SegmentList(counter);
    second.add({ path: "system", label: "system", group: "system", promptText: "Be brief." });
    const secondWire = renderCounting(second, entries(), calls);
    expect(calls.count).toBe(1);
    expect(secondWire).toEqual(firstWire);
    expect(secondWire).not.toBe(firstWire);
    expect(second.segments.slice(1)).toEqual(first.segments);
    expect(second.segments[0].label).toBe("system");
  });

  it("renders again when a tool, its kind or its deferral differs", () => {
    const calls = { count: 0 };
    const base: ToolEntry[] = tools.map((tool) => ({ type: "catalog", tool, deferred: false }));
    renderCounting(new SegmentList(counter), base, calls);
    const deferred: ToolEntry[] = base.map((entry, index) =>
      index === 2 && entry.type === "catalog" ? { ...entry, deferred: true } : entry,
    );
    const wire = renderCounting(new SegmentList(counter), deferred, calls);
    expect(wire[2]).toEqual({ name: "gamma", deferred: true });
    const stubs: ToolEntry[] = tools.map((tool) => ({ type: "stub", tool }));
    renderCounting(new SegmentList(counter), stubs, calls);
    const edited: ToolEntry[] = [...base.slice(0, 2), { type: "catalog", tool: { ...tools[2] }, deferred: false }];
    renderCounting(new SegmentList(counter), edited, calls);
    expect(calls.count).toBe(4);
  });

  it("gives each caller its own wire array to mark", () => {
    const calls = { count: 0 };
    const entries: ToolEntry[] = [{ type: "anthropic-tool-search", variant: "bm25" }];
    const first = renderCounting(new SegmentList(counter), entries, calls) as unknown[];
    first[0] = { replaced: true };
    const second = renderCounting(new SegmentList(counter), entries, calls);
    expect(second[0]).toEqual({ name: "anthropic-tool-search", deferred: false });
  });
});
