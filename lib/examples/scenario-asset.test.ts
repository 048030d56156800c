import { describe, expect, it } from "vitest";
import type { Scenario } from "../scenario/types";
import { loadScenarioAsset, scenarioAssetExampleIds, scenarioAssetPath, withScenarioAssets } from "./scenario-asset";

/** A stand-in of the 10,000-tool scenario: what the loader checks (id, tool count, turns, settings), nothing else. */
function fakeLarge(overrides: Partial<Scenario> = {}): Scenario {
  return {
    id: "synthetic-10000",
    turns: [],
    settings: {},
    catalog: { tools: Array.from({ length: 10_000 }, (_, index) => ({ name: `tool_${index}` })) },
    ...overrides,
  } as unknown as Scenario;
}

const generated = { id: "generated" } as unknown as Scenario;

describe("scenario assets", () => {
  it("are the examples of 2,000 tools or more, each at its own same-origin path", () => {
    expect(scenarioAssetExampleIds()).toEqual(["synthetic-10000"]);
    expect(scenarioAssetPath("synthetic-10000")).toBe("/examples/synthetic-10000/scenario.json.gz");
  });

  it("takes the file when it is the example, and never fetches one for a small example", async () => {
    const fetched: string[] = [];
    const fetchJson = async (path: string) => {
      fetched.push(path);
      return fakeLarge();
    };
    expect(await loadScenarioAsset("synthetic-10000", fetchJson)).toEqual(fakeLarge());
    expect(await loadScenarioAsset("weather", fetchJson)).toBeUndefined();
    expect(fetched).toEqual(["/examples/synthetic-10000/scenario.json.gz"]);
  });

  it("refuses a file that is not the example: another id, another number of tools, no turns or settings", async () => {
    const wrong = [
      fakeLarge({ id: "synthetic-9999" }),
      fakeLarge({ catalog: { tools: [] } }),
      fakeLarge({ turns: undefined as never }),
      fakeLarge({ settings: null as never }),
      null,
      "not json",
    ];
    for (const value of wrong) expect(await loadScenarioAsset("synthetic-10000", async () => value)).toBeUndefined();
  });

  it("falls back to generating on any failure of the file, and loads small examples as before", async () => {
    const asked: string[] = [];
    const generate = async (exampleId: string) => {
      asked.push(exampleId);
      return generated;
    };
    const failing = withScenarioAssets(generate, () => Promise.reject(new Error("404")));
    expect(await failing("synthetic-10000")).toBe(generated);
    const stale = withScenarioAssets(generate, async () => fakeLarge({ id: "other" }));
    expect(await stale("synthetic-10000")).toBe(generated);
    const working = withScenarioAssets(generate, async () => fakeLarge());
    expect(await working("synthetic-10000")).toEqual(fakeLarge());
    expect(await working("weather")).toBe(generated);
    expect(asked).toEqual(["synthetic-10000", "synthetic-10000", "weather"]);
  });
});
