import { describe, expect, it } from "vitest";
import type { Scenario } from "../scenario/types";
import type { EngineResponse } from "./engine-messages";
import { EXAMPLE_TOOLS_PART, exampleParts, splitCatalogParsedAnswer, splitExampleAnswer } from "./example-parts";

function answerWith(toolCount: number): Extract<EngineResponse, { kind: "example-loaded" }> {
  const scenario = {
    formatVersion: 1,
    id: "many",
    title: "Many tools",
    catalog: {
      tools: Array.from({ length: toolCount }, (_, index) => ({
        name: `tool_${index}`,
        description: `Tool ${index}.`,
        inputSchema: { type: "object" },
      })),
    },
    turns: [],
    settings: { provider: "anthropic" },
  } as unknown as Scenario;
  return { kind: "example-loaded", requestId: 7, catalogVersion: 3, scenario };
}

describe("a large example's answer in parts", () => {
  it("sends the tools ahead in parts of EXAMPLE_TOOLS_PART and the answer without them; joined, it is the answer", () => {
    const answer = answerWith(2 * EXAMPLE_TOOLS_PART + 1);
    const messages = splitExampleAnswer(answer);
    expect(messages.map((message) => message.kind)).toEqual([
      "example-tools",
      "example-tools",
      "example-tools",
      "example-loaded",
    ]);
    const last = messages.at(-1) as typeof answer;
    expect(last.scenario.catalog.tools).toEqual([]);
    expect(last).toMatchObject({ requestId: 7, catalogVersion: 3, toolsInParts: 2 * EXAMPLE_TOOLS_PART + 1 });
    const parts = exampleParts();
    for (const message of messages.slice(0, -1)) {
      if (message.kind !== "example-tools") throw new Error("a part was expected");
      expect(message.requestId).toBe(7);
      expect(message.tools.length).toBeLessThanOrEqual(EXAMPLE_TOOLS_PART);
      parts.add(message);
    }
    expect(parts.join(last)).toEqual({ scenario: answer.scenario });
  });

  it("sends an example of at most EXAMPLE_TOOLS_PART tools whole, as one answer", () => {
    const answer = answerWith(EXAMPLE_TOOLS_PART);
    expect(splitExampleAnswer(answer)).toEqual([answer]);
    expect(exampleParts().join(answer)).toEqual({ scenario: answer.scenario });
  });

  it("says so when a part is missing or out of place, rather than open the example short", () => {
    const messages = splitExampleAnswer(answerWith(25), 10);
    const [first, second, third, last] = messages as [
      Extract<EngineResponse, { kind: "example-tools" }>,
      Extract<EngineResponse, { kind: "example-tools" }>,
      Extract<EngineResponse, { kind: "example-tools" }>,
      Extract<EngineResponse, { kind: "example-loaded" }>,
    ];
    const missing = exampleParts();
    missing.add(first);
    missing.add(second);
    expect(missing.join(last)).toEqual({ error: "engine: 20 of the example's 25 tools arrived" });
    const outOfPlace = exampleParts();
    outOfPlace.add(first);
    outOfPlace.add(third);
    outOfPlace.add(second);
    expect(outOfPlace.join(last)).toEqual({ error: "engine: tools part from 20 arrived after 10 tools" });
  });
});

describe("a large parsed catalog's answer in parts", () => {
  const tools = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      name: `own_${index}`,
      description: `Own tool ${index}.`,
      inputSchema: { type: "object" as const },
    }));
  const parsed = (count: number): Extract<EngineResponse, { kind: "catalog-parsed" }> => ({
    kind: "catalog-parsed",
    requestId: 9,
    catalogVersion: 4,
    problems: [],
    format: "mcp",
    catalog: { tools: tools(count), source: "my-tools.json" },
  });

  it("sends the tools ahead in parts and the answer without them; joined, it is the answer", () => {
    const answer = parsed(EXAMPLE_TOOLS_PART + 5);
    const messages = splitCatalogParsedAnswer(answer);
    expect(messages.map((message) => message.kind)).toEqual(["example-tools", "example-tools", "catalog-parsed"]);
    const last = messages.at(-1) as typeof answer;
    expect(last).toMatchObject({
      toolsInParts: EXAMPLE_TOOLS_PART + 5,
      catalog: { tools: [], source: "my-tools.json" },
    });
    const parts = exampleParts();
    for (const message of messages.slice(0, -1)) if (message.kind === "example-tools") parts.add(message);
    expect(parts.joinCatalog(last)).toEqual(answer);
  });

  it("sends a small catalog, or a refused one, whole", () => {
    const small = parsed(3);
    expect(splitCatalogParsedAnswer(small)).toEqual([small]);
    const refused: Extract<EngineResponse, { kind: "catalog-parsed" }> = {
      kind: "catalog-parsed",
      requestId: 9,
      catalogVersion: 4,
      problems: [{ severity: "error", path: "$", message: "catalog: unrecognised tool list" }],
    };
    expect(splitCatalogParsedAnswer(refused)).toEqual([refused]);
    expect(exampleParts().joinCatalog(refused)).toEqual(refused);
  });

  it("says so when a part is missing", () => {
    const messages = splitCatalogParsedAnswer(parsed(25), 10);
    const parts = exampleParts();
    parts.add(messages[0] as Extract<EngineResponse, { kind: "example-tools" }>);
    expect(parts.joinCatalog(messages.at(-1) as Extract<EngineResponse, { kind: "catalog-parsed" }>)).toEqual({
      error: "engine: 10 of the catalog's 25 tools arrived",
    });
  });
});
