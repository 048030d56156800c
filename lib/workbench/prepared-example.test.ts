import { describe, expect, it, vi } from "vitest";
import type { Scenario } from "../scenario/types";
import { createPreparedExamples, isPrepareExampleHint, prepareExampleHintFor } from "./prepared-example";

const scenarioNamed = (id: string, copy: number) => ({ id, copy }) as unknown as Scenario;

function counting() {
  const calls: string[] = [];
  const loader = vi.fn(async (exampleId: string) => {
    calls.push(exampleId);
    if (exampleId === "missing") throw new Error(`examples: unknown example "${exampleId}"`);
    return scenarioNamed(exampleId, calls.length);
  });
  return { calls, loader };
}

describe("prepared examples", () => {
  it("hands the load the hint started to the page's request, without loading twice", async () => {
    const { calls, loader } = counting();
    const examples = createPreparedExamples(loader);
    examples.prepare("synthetic-10000");
    examples.prepare("synthetic-10000");
    expect(calls).toEqual(["synthetic-10000"]);
    const scenario = await examples.load("synthetic-10000");
    expect(scenario).toEqual(scenarioNamed("synthetic-10000", 1));
    expect(calls).toEqual(["synthetic-10000"]);
  });

  it("uses a prepared load once: a second request loads a fresh scenario", async () => {
    const { calls, loader } = counting();
    const examples = createPreparedExamples(loader);
    examples.prepare("weather");
    const first = await examples.load("weather");
    const second = await examples.load("weather");
    expect(calls).toEqual(["weather", "weather"]);
    expect(second).not.toBe(first);
  });

  it("loads an example nobody hinted at as before", async () => {
    const { calls, loader } = counting();
    const examples = createPreparedExamples(loader);
    examples.prepare("weather");
    expect(await examples.load("learning-agent")).toEqual(scenarioNamed("learning-agent", 2));
    expect(calls).toEqual(["weather", "learning-agent"]);
  });

  it("swallows a failed hint and reports the loader's own error when the page asks", async () => {
    const { calls, loader } = counting();
    const examples = createPreparedExamples(loader);
    examples.prepare("missing");
    await expect(examples.load("missing")).rejects.toThrow('unknown example "missing"');
    expect(calls).toEqual(["missing", "missing"]);
  });

  it("recognises the hint and nothing else", () => {
    expect(isPrepareExampleHint({ kind: "prepare-example", exampleId: "weather" })).toBe(true);
    expect(isPrepareExampleHint({ kind: "prepare-example" })).toBe(false);
    expect(isPrepareExampleHint({ kind: "load-example", exampleId: "weather", requestId: 1 })).toBe(false);
    expect(isPrepareExampleHint(null)).toBe(false);
    expect(isPrepareExampleHint("prepare-example")).toBe(false);
  });

  it("hints at the example the address names, and at nothing when a fragment may hold a link", () => {
    expect(prepareExampleHintFor("?example=synthetic-10000", "")).toEqual({
      kind: "prepare-example",
      exampleId: "synthetic-10000",
    });
    expect(prepareExampleHintFor("?tab=run&example=weather", "#")).toEqual({
      kind: "prepare-example",
      exampleId: "weather",
    });
    expect(prepareExampleHintFor("?example=weather", "#s=abc")).toBeNull();
    expect(prepareExampleHintFor("", "")).toBeNull();
    expect(prepareExampleHintFor("?example=", "")).toBeNull();
  });
});
