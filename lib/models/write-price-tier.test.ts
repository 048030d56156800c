import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { writePriceTier } from "./cache-rules";
import { getModel } from "./model-table";

describe("which write price a cache write pays", () => {
  it("Anthropic: the scenario's TTL; Kimi K3: the 1-hour rate its 1-hour entries match (labelled assumption)", () => {
    const k3 = getModel("moonshot", "kimi-k3")!;
    expect(writePriceTier(getModel("anthropic", "claude-opus-4-8")!, "5m")).toBe("5m");
    expect(writePriceTier(getModel("anthropic", "claude-opus-4-8")!, "1h")).toBe("1h");
    expect(writePriceTier(k3, "5m")).toBe("1h");
    expect(writePriceTier(getModel("openai-responses", "gpt-5.4")!, "5m")).toBe("5m");
  });

  it("a Kimi K3 run prices its writes at $6 per million, not the 5-minute $3", async () => {
    const scenario = await loadExample("weather");
    const run = createEngine().runStrategy(scenario, "full", { provider: "moonshot", model: "kimi-k3" });
    const writing = run.steps.find((step) => step.tokens.cacheWrite > 0)!;
    expect(writing.cost.cacheWriteUsd).toBeCloseTo((writing.tokens.cacheWrite * 6) / 1_000_000, 12);
  });
});
