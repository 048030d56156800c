import { describe, expect, it } from "vitest";
import { measuredUsageFrom, usageDifference } from "./usage";

describe("measuredUsageFrom", () => {
  it("Anthropic: the prompt is input + cache writes + cache reads (PROTOCOLS §5.1 example pair)", () => {
    expect(
      measuredUsageFrom("anthropic", {
        usage: {
          cache_creation_input_tokens: 188086,
          cache_read_input_tokens: 0,
          input_tokens: 21,
          output_tokens: 393,
        },
      }),
    ).toEqual({ input: 188107, uncached: 21, cacheRead: 0, cacheWrite: 188086, output: 393 });
    expect(
      measuredUsageFrom("anthropic", {
        usage: {
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 188086,
          input_tokens: 21,
          output_tokens: 393,
        },
      }),
    ).toMatchObject({ input: 188107, cacheRead: 188086 });
  });

  it("OpenAI Responses: cached and written tokens are subsets of input_tokens", () => {
    expect(
      measuredUsageFrom("openai-responses", {
        usage: {
          input_tokens: 2006,
          input_tokens_details: { cached_tokens: 1920, cache_write_tokens: 40 },
          output_tokens: 10,
          output_tokens_details: { reasoning_tokens: 4 },
        },
      }),
    ).toEqual({ input: 2006, uncached: 46, cacheRead: 1920, cacheWrite: 40, output: 10, reasoning: 4 });
  });

  it("Chat Completions: prompt_tokens_details.cached_tokens; Moonshot: usage.cached_tokens or choices[0].usage", () => {
    expect(
      measuredUsageFrom("openai-chat", {
        usage: { prompt_tokens: 2006, completion_tokens: 300, prompt_tokens_details: { cached_tokens: 1920 } },
      }),
    ).toMatchObject({ input: 2006, uncached: 86, cacheRead: 1920 });
    expect(
      measuredUsageFrom("moonshot", {
        usage: { prompt_tokens: 8, completion_tokens: 11, total_tokens: 19, cached_tokens: 8 },
      }),
    ).toEqual({ input: 8, uncached: 0, cacheRead: 8, cacheWrite: 0, output: 11 });
    expect(
      measuredUsageFrom("moonshot", {
        choices: [{ index: 0, delta: {}, usage: { prompt_tokens: 8, completion_tokens: 11, cached_tokens: 8 } }],
      }),
    ).toMatchObject({ cacheRead: 8 });
  });

  it("no usage → null, never zeros that look measured", () => {
    expect(measuredUsageFrom("openai-chat", { choices: [] })).toBeNull();
    expect(measuredUsageFrom("anthropic", {})).toBeNull();
  });

  it("difference = measured − predicted", () => {
    const difference = usageDifference(
      { input: 110, uncached: 10, cacheRead: 100, cacheWrite: 0, output: 5 },
      { input: 100, uncached: 0, cacheRead: 100, cacheWrite: 0, output: 7, toolDefinitions: 50 },
      0.002,
      0.001,
    );
    expect(difference).toEqual({ input: 10, uncached: 10, cacheRead: 0, cacheWrite: 0, output: -2, costUsd: 0.001 });
  });
});
