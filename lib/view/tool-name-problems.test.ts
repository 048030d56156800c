import { describe, expect, it } from "vitest";
import { importCatalogValue } from "../catalog/import-catalog";
import { createEngine } from "../engine";
import { createScenario } from "../scenario/create-scenario";
import { chosenModelWireNames, providerNameProblems, wireNamesLine } from "./tool-name-problems";

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

describe("names sent as wire names", () => {
  const wire = importCatalogValue({
    tools: [
      { name: "github.create_issue", description: "Create an issue.", inputSchema: { type: "object" } },
      { name: "fs/read_file", description: "Read a file.", inputSchema: { type: "object" } },
      { name: "查询天气", description: "查询天气。", inputSchema: { type: "object" } },
      { name: "ping", description: "Ping.", inputSchema: { type: "object" } },
    ],
  });
  const tools = wire.value!.tools;
  const settings = { provider: "anthropic" as const, model: "claude-sonnet-4-6" };

  it("are no longer errors, and the line says how many and which, from the mapping the run sends", () => {
    expect(providerNameProblems(wire.problems, tools, settings).filter((p) => p.severity === "error")).toHaveLength(3);
    const on = { ...settings, toolNameMapping: "wire" as const };
    expect(providerNameProblems(wire.problems, tools, on).filter((p) => p.severity === "error")).toEqual([]);
    const scenario = createScenario({ title: "Wire", catalog: { tools }, turns: [] });
    const [run] = createEngine().runAll({ ...scenario, settings: { ...scenario.settings, ...on } }, ["full"]);
    const line = wireNamesLine(tools, on);
    expect(line).toEqual({
      kind: "sent",
      count: run.wireNames!.length,
      examples: run
        .wireNames!.slice(0, 2)
        .map(({ original, wire: name }) => `${original} → ${name}`)
        .join(", "),
      more: true,
    });
    expect(wireNamesLine(tools, settings)).toEqual({ kind: "offer", count: 3 });
  });

  it("maps on the chosen model's rule; a model the table does not know maps nothing", () => {
    const model = "claude-sonnet-4-6";
    const mapping = chosenModelWireNames(["a.b"], { provider: "anthropic", model });
    expect(mapping).toEqual([{ original: "a.b", wire: "a_b" }]);
    expect(chosenModelWireNames(["a.b"], { provider: "anthropic", model: "no-such-model" })).toEqual([]);
  });
});
