import { describe, expect, it } from "vitest";
import type { Scenario } from "@/lib/scenario/types";
import { originAction, settingsComparison } from "./use-example-origin";

describe("the edited marker's example origin", () => {
  it("is not loaded on the page before the startup has opened anything (the build-time first screen)", () => {
    // The worker's load-example records the origin; loading it here generated 10,000 tools on the page's thread.
    expect(originAction("synthetic-10000", null, false)).toBe("keep");
    expect(originAction("learning-agent", null, false)).toBe("keep");
  });

  it("is loaded for work restored from the autosave or a link that names an example", () => {
    expect(originAction("learning-agent", null, true)).toBe("load");
    expect(originAction("learning-agent", { exampleId: "weather" }, true)).toBe("load");
  });

  it("is kept when it is this example's, and forgotten for work that is no example", () => {
    expect(originAction("learning-agent", { exampleId: "learning-agent" }, true)).toBe("keep");
    expect(originAction("my-own-work", { exampleId: "weather" }, true)).toBe("clear");
    expect(originAction("my-own-work", null, true)).toBe("keep");
  });
});

describe("settingsComparison: choosing the model to look at is not an edit of the example", () => {
  const example = {
    provider: "anthropic",
    model: "claude-opus-4-8",
    cache: { ttl: "5m", breakpoints: 1 },
    minutesBetweenTurns: 2,
  } as unknown as Scenario["settings"];

  it("only provider and model changed: 'model', in any key order", () => {
    const current = {
      minutesBetweenTurns: 2,
      cache: { breakpoints: 1, ttl: "5m" },
      model: "gpt-5.4",
      provider: "openai-responses",
    } as unknown as Scenario["settings"];
    expect(settingsComparison(current, example)).toBe("model");
    expect(settingsComparison({ ...example }, example)).toBe("same");
  });

  it("any other setting changed: 'other'", () => {
    expect(settingsComparison({ ...example, minutesBetweenTurns: 9 } as Scenario["settings"], example)).toBe("other");
    expect(
      settingsComparison(
        { ...example, model: "gpt-5.4", cache: { ttl: "1h" } } as unknown as Scenario["settings"],
        example,
      ),
    ).toBe("other");
  });
});
