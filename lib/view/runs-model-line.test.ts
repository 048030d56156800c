import { describe, expect, it } from "vitest";
import { runsModelLine } from "./runs-model-line";

const on = { provider: "anthropic" as const, model: "claude-opus-4-8" };

describe("runsModelLine", () => {
  it("names the scenario's provider and model, and each strategy shown on another model", () => {
    const runs = [
      { id: "full" as const, provider: "anthropic" as const, model: "claude-opus-4-8" },
      { id: "openai-tool-search" as const, provider: "openai-responses" as const, model: "gpt-5.4" },
      { id: "kimi-dynamic" as const, provider: "moonshot" as const, model: "kimi-k3" },
    ];
    expect(runsModelLine(runs, on)).toBe(
      "Anthropic Messages · claude-opus-4-8; OpenAI search on gpt-5.4, Kimi dynamic on kimi-k3",
    );
  });

  it("is the scenario's model alone when every run is on it, and leaves refused runs out", () => {
    const runs = [
      { id: "full" as const, provider: "anthropic" as const, model: "claude-opus-4-8" },
      { id: "kimi-dynamic" as const, provider: "moonshot" as const, model: "kimi-k3", refused: { reason: "no" } },
    ];
    expect(runsModelLine(runs, on)).toBe("Anthropic Messages · claude-opus-4-8");
  });
});
