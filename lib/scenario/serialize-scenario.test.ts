import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { DEFAULT_SETTINGS } from "./default-settings";
import { serializeScenario, serializesEqual } from "./serialize-scenario";
import type { Scenario } from "./types";

function tool(name: string, description = `Does ${name}.`): CatalogTool {
  return { name, description, inputSchema: { type: "object", properties: { q: { type: "string" } } } };
}

function scenario(): Scenario {
  return {
    formatVersion: 1,
    id: "weather",
    title: "Weather",
    catalog: { source: "test", tools: [tool("get_forecast"), tool("get_alerts")] },
    turns: [{ user: "Rain tomorrow?", needs: [{ tool: "get_forecast", arguments: { q: "Paris" } }] }],
    settings: { ...DEFAULT_SETTINGS },
  };
}

/** The reference answer: the whole texts compared. */
const wholeTextsEqual = (left: Scenario, right: Scenario) => serializeScenario(left) === serializeScenario(right);

describe("serializesEqual", () => {
  const cases: Array<[string, (copy: Scenario) => Scenario]> = [
    ["an untouched copy", (copy) => copy],
    [
      "a copy whose tools are new objects with equal content",
      (copy) => ({
        ...copy,
        catalog: { ...copy.catalog, tools: copy.catalog.tools.map((entry) => ({ ...entry })) },
      }),
    ],
    [
      "a tool's description edited",
      (copy) => ({
        ...copy,
        catalog: { ...copy.catalog, tools: [tool("get_forecast", "Changed."), copy.catalog.tools[1]] },
      }),
    ],
    [
      "a tool's schema edited",
      (copy) => ({
        ...copy,
        catalog: {
          ...copy.catalog,
          tools: [copy.catalog.tools[0], { ...copy.catalog.tools[1], inputSchema: { type: "object" } }],
        },
      }),
    ],
    [
      "schema keys in another order (they change the prompt, so they count)",
      (copy) => ({
        ...copy,
        catalog: {
          ...copy.catalog,
          tools: [
            { ...copy.catalog.tools[0], inputSchema: { properties: { q: { type: "string" } }, type: "object" } },
            copy.catalog.tools[1],
          ],
        },
      }),
    ],
    [
      "tool keys in another order (the written order is fixed, so they do not)",
      (copy) => {
        const { inputSchema, description, name } = copy.catalog.tools[0];
        return {
          ...copy,
          catalog: { ...copy.catalog, tools: [{ inputSchema, description, name }, copy.catalog.tools[1]] },
        };
      },
    ],
    [
      "a derived schemaError (never written)",
      (copy) => ({
        ...copy,
        catalog: { ...copy.catalog, tools: [{ ...copy.catalog.tools[0], schemaError: "x" }, copy.catalog.tools[1]] },
      }),
    ],
    ["a tool removed", (copy) => ({ ...copy, catalog: { ...copy.catalog, tools: copy.catalog.tools.slice(1) } })],
    [
      "two tools swapped",
      (copy) => ({
        ...copy,
        catalog: { ...copy.catalog, tools: [copy.catalog.tools[1], copy.catalog.tools[0]] },
      }),
    ],
    ["the catalog's source changed", (copy) => ({ ...copy, catalog: { ...copy.catalog, source: "other" } })],
    ["a turn edited", (copy) => ({ ...copy, turns: [{ ...copy.turns[0], user: "Snow?" }] })],
    ["a setting changed", (copy) => ({ ...copy, settings: { ...copy.settings, model: "another-model" } })],
    ["the title changed", (copy) => ({ ...copy, title: "Weather, mine" })],
    ["a description added", (copy) => ({ ...copy, description: "Mine." })],
  ];

  it.each(cases)("agrees with comparing the whole texts: %s", (_, change) => {
    const original = scenario();
    const changed = change(structuredClone(original));
    expect(serializesEqual(original, changed)).toBe(wholeTextsEqual(original, changed));
    expect(serializesEqual(changed, original)).toBe(wholeTextsEqual(changed, original));
  });

  it("answers both ways across the cases (the table has equal and unequal pairs)", () => {
    const original = scenario();
    const answers = new Set(cases.map(([, change]) => serializesEqual(original, change(structuredClone(original)))));
    expect([...answers].sort()).toEqual([false, true]);
  });

  it("does not write tools the two scenarios share", () => {
    const original = scenario();
    const watched = tool("watched");
    let reads = 0;
    const counting = new Proxy(watched, {
      get(target, key, receiver) {
        reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const left = { ...original, catalog: { ...original.catalog, tools: [counting, ...original.catalog.tools] } };
    const right = { ...left, catalog: { ...left.catalog, tools: [counting, tool("get_forecast", "Edited.")] } };
    right.catalog.tools.push(original.catalog.tools[1]);
    reads = 0;
    expect(serializesEqual(left, right)).toBe(false);
    expect(reads).toBe(0);
  });
});
