import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { englishRuns } from "../i18n/english-leftovers";
import { runErrorText } from "./run-error-text";

const HAN = /\p{Script=Han}/u;

describe("runErrorText", () => {
  it("words the engine's own error for a needed tool missing from the catalog in Chinese, naming the tool", async () => {
    const example = await loadExample("weather");
    const needed = example.turns[0].needs[0].tool;
    const scenario = {
      ...example,
      catalog: { ...example.catalog, tools: example.catalog.tools.filter((tool) => tool.name !== needed) },
    };
    let message = "";
    try {
      createEngine().runStrategy(scenario, "full");
    } catch (error) {
      // The engine worker prefixes what it throws (lib/workbench/engine-handler.ts).
      message = `engine: ${(error as Error).message}`;
    }
    expect(message).toContain("is not in the catalog");
    const chinese = runErrorText(message, "zh-CN");
    expect(chinese).toMatch(HAN);
    expect(chinese).toContain(needed);
    expect(englishRuns(chinese)).toEqual([]);
    expect(runErrorText(message, "en")).toBe(message);
  });

  it("frames any other engine error in a Chinese sentence, keeping the engine's words", () => {
    const chinese = runErrorText("engine: tokens: the o200k table did not load", "zh-CN");
    expect(chinese).toMatch(/^\p{Script=Han}/u);
    expect(chinese).toContain("tokens: the o200k table did not load");
  });
});
