import { describe, expect, it } from "vitest";
import { exportRequestLabel } from "./export-request-label";

const run = (count: number, provider: "anthropic" | "openai-responses" = "anthropic", model = "claude-opus-4-8") => ({
  provider,
  model,
  steps: Array.from({ length: count }, (_, index) => index),
});

describe("exportRequestLabel", () => {
  it("names the request, the provider and the model", () => {
    expect(exportRequestLabel(run(7), 6)).toBe("Request 7 of 7 · Anthropic Messages · claude-opus-4-8");
    expect(exportRequestLabel(run(5, "openai-responses", "gpt-5.4"), 0)).toBe(
      "Request 1 of 5 · OpenAI Responses · gpt-5.4",
    );
  });

  it("says when the strategy's run is shorter than the page's step", () => {
    expect(exportRequestLabel(run(4), 6)).toBe(
      "Request 4 of 4 (its last: the page is on request 7) · Anthropic Messages · claude-opus-4-8",
    );
  });

  it("says when there is nothing to export", () => {
    expect(exportRequestLabel(undefined, 0)).toBe("This strategy sent no request.");
    expect(exportRequestLabel(run(0), 0)).toBe("This strategy sent no request.");
  });
});
