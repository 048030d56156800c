import { beforeEach, describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import type { ToolEntry } from "../engine/transcript";
import { createTokenCounter } from "../tokens";
import { hashString } from "../cache";
import { memoisePerTool, SegmentList } from "./segment-list";

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

describe("SegmentList: what each segment counts", () => {
  // One token per character, counting how often it is asked: every figure below is a length written beside it.
  function characterCounter(label = "one token per character") {
    const asked: string[] = [];
    return {
      asked,
      counter: {
        kind: "anthropic-estimate" as const,
        exact: false,
        label,
        count: (text: string) => (asked.push(text), text.length),
      },
    };
  }

  it("counts the prompt text, keys it by its hash, and counts the tool definitions inside it", () => {
    const { counter } = characterCounter();
    const list = new SegmentList(counter);
    const plain = list.add({ path: "system", label: "system prompt", group: "system", promptText: "Be brief." });
    expect(plain).toEqual({
      path: "system",
      label: "system prompt",
      group: "system",
      key: hashString("Be brief."),
      tokens: 9,
      toolDefinitionTokens: 0,
      breakpoint: false,
    });
    expect("outsidePrompt" in plain).toBe(false);
    const tool = list.add({
      path: "tools[0]",
      label: "t",
      group: "tools",
      promptText: "abcdef",
      toolDefinitionText: "abcdef",
    });
    expect([tool.tokens, tool.toolDefinitionTokens]).toEqual([6, 6]);
    const result = list.add({
      path: "m",
      label: "r",
      group: "messages",
      promptText: "result+def",
      toolDefinitionText: "def",
    });
    expect([result.tokens, result.toolDefinitionTokens]).toEqual([10, 3]);
    // A definition longer than the block is capped at the block (an estimate never exceeds its whole).
    const capped = list.add({
      path: "m2",
      label: "r",
      group: "messages",
      promptText: "ab",
      toolDefinitionText: "abcdef",
    });
    expect([capped.tokens, capped.toolDefinitionTokens]).toEqual([2, 2]);
    expect(list.segments).toEqual([plain, tool, result, capped]);
  });

  it("takes given tokens and key as they are; a block outside the prompt costs nothing", () => {
    const { counter, asked } = characterCounter();
    const list = new SegmentList(counter);
    const preamble = list.add({
      path: "p",
      label: "p",
      group: "system",
      promptText: "",
      key: "preamble:auto:346",
      tokens: 346,
    });
    expect(preamble).toMatchObject({ key: "preamble:auto:346", tokens: 346, toolDefinitionTokens: 0 });
    const deferred = list.add({
      path: "tools[1]",
      label: "deferred",
      group: "tools",
      promptText: "long definition",
      toolDefinitionText: "long definition",
      outsidePrompt: true,
      tokens: 50,
    });
    expect(deferred).toMatchObject({
      tokens: 0,
      toolDefinitionTokens: 0,
      outsidePrompt: true,
      key: hashString("long definition"),
    });
    const zero = list.add({ path: "image", label: "image", group: "messages", promptText: "{}", tokens: 0 });
    expect(zero.tokens).toBe(0);
    expect(asked).toEqual([]);
  });

  it("a definition block given its own token figure keeps it as its definition tokens", () => {
    const { counter } = characterCounter();
    const block = new SegmentList(counter).add({
      path: "p",
      label: "p",
      group: "tools",
      promptText: "abc",
      toolDefinitionText: "abc",
      tokens: 50,
    });
    expect([block.tokens, block.toolDefinitionTokens]).toEqual([50, 50]);
  });

  it("markBreakpoint copies the segment (memoised segments are shared) and ignores an index out of range", () => {
    const { counter } = characterCounter();
    const list = new SegmentList(counter);
    const first = list.add({ path: "a", label: "a", group: "tools", promptText: "a" });
    list.markBreakpoint(0);
    expect(list.segments[0]).toEqual({ ...first, breakpoint: true });
    expect(list.segments[0]).not.toBe(first);
    expect(first.breakpoint).toBe(false);
    const marked = list.segments[0];
    list.markBreakpoint(0);
    expect(list.segments[0]).toBe(marked);
    list.markBreakpoint(5);
    list.markBreakpoint(-1);
    expect(list.segments).toHaveLength(1);
  });

  it("lastPromptIndex skips blocks outside the prompt and is -1 when there is none", () => {
    const { counter } = characterCounter();
    const list = new SegmentList(counter);
    expect(list.lastPromptIndex()).toBe(-1);
    list.add({ path: "d0", label: "d", group: "tools", promptText: "x", outsidePrompt: true });
    expect(list.lastPromptIndex()).toBe(-1);
    list.add({ path: "a", label: "a", group: "tools", promptText: "a" });
    list.add({ path: "b", label: "b", group: "tools", promptText: "b" });
    list.add({ path: "d1", label: "d", group: "tools", promptText: "x", outsidePrompt: true });
    list.add({ path: "d2", label: "d", group: "tools", promptText: "y", outsidePrompt: true });
    expect(list.lastPromptIndex()).toBe(2);
  });

  it("addTool builds a tool's segment once per variant and counter, and moves it to a new path without rebuilding", () => {
    const { counter } = characterCounter("counter A");
    const tool = { name: "alpha" };
    let builds = 0;
    const build = () => {
      builds += 1;
      return { label: "tool alpha", group: "tools" as const, promptText: "alpha!", toolDefinitionText: "alpha!" };
    };
    const list = new SegmentList(counter);
    const atZero = list.addTool(tool, "full", "tools[0]", build);
    expect(atZero).toEqual({
      path: "tools[0]",
      label: "tool alpha",
      group: "tools",
      key: hashString("alpha!"),
      tokens: 6,
      toolDefinitionTokens: 6,
      breakpoint: false,
    });
    expect(new SegmentList(counter).addTool(tool, "full", "tools[0]", build)).toBe(atZero);
    const atThree = list.addTool(tool, "full", "tools[3]", build);
    expect(atThree).toEqual({ ...atZero, path: "tools[3]" });
    expect(builds).toBe(1);
    expect(list.segments).toEqual([atZero, atThree]);
    list.addTool(tool, "stub", "tools[0]", build);
    expect(builds).toBe(2);
    list.addTool({ name: "alpha" }, "full", "tools[0]", build);
    expect(builds).toBe(3);
    new SegmentList(characterCounter("counter B").counter).addTool(tool, "full", "tools[0]", build);
    expect(builds).toBe(4);
  });

  it("memoisePerTool keeps one value per tool object and variant", () => {
    const memo = memoisePerTool<string>();
    const tool = {};
    let builds = 0;
    const build = (value: string) => () => ((builds += 1), value);
    expect(memo(tool, "a", build("first"))).toBe("first");
    expect(memo(tool, "a", build("second"))).toBe("first");
    expect(memo(tool, "b", build("third"))).toBe("third");
    expect(memo({}, "a", build("fourth"))).toBe("fourth");
    expect(builds).toBe(3);
  });
});

describe("SegmentList.addTools: which entries count as equal", () => {
  let counter = createTokenCounter("anthropic-estimate");
  beforeEach(() => {
    counter = createTokenCounter("anthropic-estimate");
  });
  const helper = tools[0];

  it("compares helpers and stubs by tool, tool searches by variant and execution, namespaces by every field", () => {
    const calls = { count: 0 };
    const render = (entries: ToolEntry[]) => renderCounting(new SegmentList(counter), entries, calls);
    const namespace = { type: "openai-namespace" as const, name: "crm", description: "CRM", tools: tools.slice(0, 2) };
    const cases: ToolEntry[][] = [
      [{ type: "helper", tool: helper }],
      [{ type: "helper", tool: tools[1] }],
      [{ type: "stub", tool: helper }],
      [{ type: "anthropic-tool-search", variant: "bm25" }],
      [{ type: "anthropic-tool-search", variant: "regex" }],
      [{ type: "openai-tool-search", execution: "server" }],
      [{ type: "openai-tool-search", execution: "client" }],
      [namespace],
      [{ ...namespace, name: "sales" }],
      [{ ...namespace, description: "Sales" }],
      [{ ...namespace, tools: tools.slice(1) }],
    ];
    // Each case after the one before it is a new render; the same entries again, as new objects, are a reuse.
    cases.forEach((entries, index) => {
      render(entries);
      render(entries.map((entry) => ({ ...entry })));
      expect(calls.count, `case ${index}`).toBe(index + 1);
    });
    // A longer or shorter list is a different render.
    render([
      { type: "helper", tool: helper },
      { type: "helper", tool: helper },
    ]);
    render([]);
    expect(calls.count).toBe(cases.length + 2);
  });

  it("a namespace's tools compare by the tool objects in them (each run builds its own list of them)", () => {
    const calls = { count: 0 };
    const render = (entries: ToolEntry[]) => renderCounting(new SegmentList(counter), entries, calls);
    const namespace = (members: CatalogTool[]): ToolEntry => ({
      type: "openai-namespace",
      name: "crm",
      description: "CRM",
      tools: members,
    });
    render([namespace(tools.slice(0, 2))]);
    render([namespace(tools.slice(0, 2))]);
    expect(calls.count).toBe(1);
    render([namespace([tools[0], { ...tools[1] }])]);
    render([namespace(tools.slice(0, 3))]);
    render([namespace([tools[1], tools[0]])]);
    expect(calls.count).toBe(4);
  });

  it("an array changed in place after a reuse is compared again, not taken for the one reused", () => {
    const calls = { count: 0 };
    const entries: ToolEntry[] = [{ type: "helper", tool: helper }];
    renderCounting(new SegmentList(counter), [{ type: "helper", tool: helper }], calls);
    renderCounting(new SegmentList(counter), entries, calls);
    expect(calls.count).toBe(1);
    entries[0] = { type: "helper", tool: tools[2] };
    const wire = renderCounting(new SegmentList(counter), entries, calls);
    expect(calls.count).toBe(2);
    expect(wire[0]).toEqual({ name: "gamma", deferred: false });
  });

  it("remembers a copy of the entries (the caller may change its array) and never reuses an unknown kind", () => {
    const calls = { count: 0 };
    const entries: ToolEntry[] = [{ type: "helper", tool: helper }];
    renderCounting(new SegmentList(counter), entries, calls);
    entries.push({ type: "helper", tool: tools[1] });
    renderCounting(new SegmentList(counter), [{ type: "helper", tool: helper }], calls);
    expect(calls.count).toBe(1);
    const unknown = [{ type: "future-kind" }] as unknown as ToolEntry[];
    renderCounting(new SegmentList(counter), unknown, calls);
    renderCounting(new SegmentList(counter), [{ type: "future-kind" }] as unknown as ToolEntry[], calls);
    expect(calls.count).toBe(3);
  });

  it("keeps the eight most recent renders per adapter and counter", () => {
    const calls = { count: 0 };
    const many = [
      ...tools.map((tool): ToolEntry[] => [{ type: "stub", tool }]),
      ...tools.map((tool): ToolEntry[] => [{ type: "helper", tool }]),
      ...tools.map((tool): ToolEntry[] => [{ type: "catalog", tool, deferred: true }]),
    ];
    for (const entries of many) renderCounting(new SegmentList(counter), entries, calls);
    expect(calls.count).toBe(9);
    // The first render is the ninth most recent: gone; the second is still kept.
    renderCounting(new SegmentList(counter), many[1], calls);
    expect(calls.count).toBe(9);
    renderCounting(new SegmentList(counter), many[0], calls);
    expect(calls.count).toBe(10);
    // Another adapter name or another counter does not share them.
    new SegmentList(counter).addTools("other", many[1], () => ((calls.count += 1), []));
    renderCounting(new SegmentList(createTokenCounter("anthropic-estimate")), many[1], calls);
    expect(calls.count).toBe(12);
  });
});
