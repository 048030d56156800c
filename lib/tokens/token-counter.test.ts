import { beforeEach, describe, expect, it, vi } from "vitest";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { o200kMemo } from "./o200k";
import { ANTHROPIC_DEFAULT_CORRECTION_FACTOR, createTokenCounter } from "./token-counter";

// Wrap the real tokenizer in a spy, so memoisation is checked by counting tokenizer calls rather than by timing.
vi.mock("gpt-tokenizer/encoding/o200k_base", async (importOriginal) => {
  const original = await importOriginal<typeof import("gpt-tokenizer/encoding/o200k_base")>();
  return { ...original, countTokens: vi.fn(original.countTokens) };
});

const tokenizerCalls = vi.mocked(countTokens);

/** The memo is shared by the whole process, so each test uses text no other test uses. */
function uniqueText(tag: string, repeat = 1): string {
  return `${tag} ${Math.random().toString(36).slice(2)} `.repeat(repeat);
}

/** The distinct parts lib/tokens/piecewise-count.ts cuts `text` into, each tokenised once. */
function distinctParts(text: string): number {
  return new Set(text.split(/(?<=[A-Za-z0-9])(?=[^A-Za-z0-9'\u0080-\uffff])/)).size;
}

beforeEach(() => {
  tokenizerCalls.mockClear();
});

describe("o200k counter", () => {
  const counter = createTokenCounter("o200k");

  it("is exact and says which encoding it uses, and that GPT-5.x is unconfirmed", () => {
    expect(counter.exact).toBe(true);
    expect(counter.kind).toBe("o200k");
    expect(counter.label).toContain("o200k_base");
    expect(counter.label).toContain("unconfirmed");
  });

  it("counts known strings exactly", () => {
    expect(counter.count("hello world")).toBe(2);
    expect(counter.count("")).toBe(0);
  });

  it("counts special-token text as plain text instead of throwing", () => {
    expect(() => counter.count("a description quoting <|endoftext|>")).not.toThrow();
    expect(counter.count("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("counts a text again once the shared memo is cleared (the engine worker leaving a large catalog)", () => {
    const text = uniqueText("cleared", 20);
    const first = counter.count(text);
    expect(o200kMemo.has(text)).toBe(true);
    o200kMemo.clear();
    expect(o200kMemo.has(text)).toBe(false);
    tokenizerCalls.mockClear();
    expect(counter.count(text)).toBe(first);
    expect(tokenizerCalls).toHaveBeenCalled();
  });

  it("tokenises a text once, however often it is counted", () => {
    const text = uniqueText("memo", 20);
    const first = counter.count(text);
    // Each distinct part once (a repeated part is a lookup), not the 20 repeats.
    expect(tokenizerCalls.mock.calls.length).toBeGreaterThan(0);
    expect(tokenizerCalls.mock.calls.length).toBeLessThanOrEqual(distinctParts(text));
    expect(o200kMemo.has(text)).toBe(true);
    tokenizerCalls.mockClear();
    for (let repeat = 0; repeat < 5; repeat++) expect(counter.count(text)).toBe(first);
    expect(tokenizerCalls).not.toHaveBeenCalled();
  });

  it("pays only for new content when a large catalog is counted again", () => {
    // 10,000 tool definitions of ~400 tokens: the first pass tokenises each, the second tokenises nothing.
    const description = "Look up the current weather for a city and return temperature, wind and humidity. ".repeat(20);
    const tools = Array.from({ length: 10_000 }, (_, index) => `tool_${index}_${uniqueText("t")}: ${description}`);
    for (const tool of tools) counter.count(tool);
    // Each tool's own two parts (its number, its random word) once, and the parts shared by every tool once
    // (lib/tokens/piecewise-count.ts): never once per tool per part.
    const partsOfOneTool = distinctParts(tools[0]);
    expect(tokenizerCalls.mock.calls.length).toBeGreaterThanOrEqual(10_000);
    expect(tokenizerCalls.mock.calls.length).toBeLessThanOrEqual(20_000 + partsOfOneTool);
    tokenizerCalls.mockClear();
    for (const tool of tools) counter.count(tool);
    expect(tokenizerCalls).not.toHaveBeenCalled();
    counter.count(`${tools[0]} (edited)`);
    // Only the edit's own parts.
    expect(tokenizerCalls.mock.calls.map(([text]) => text)).toEqual([".  (edited", ")"]);
  }, 60_000);

  it("memoises very long texts (hash-keyed) too", () => {
    const whole = uniqueText("whole request body", 2_000);
    expect(o200kMemo.has(whole)).toBe(false);
    const first = counter.count(whole);
    // The whole text's count is kept (not only its parts'), found again from an equal string.
    expect(o200kMemo.has(whole.slice(0))).toBe(true);
    tokenizerCalls.mockClear();
    expect(counter.count(whole.slice(0))).toBe(first);
    expect(tokenizerCalls).not.toHaveBeenCalled();
  });
});

describe("estimating counters", () => {
  it("multiply the o200k count by the default factor and round", () => {
    const text = uniqueText('a tool description with some JSON {"type":"object"}', 10);
    const exact = createTokenCounter("o200k").count(text);
    expect(tokenizerCalls).toHaveBeenCalled();
    tokenizerCalls.mockClear();
    const anthropic = createTokenCounter("anthropic-estimate");
    const kimi = createTokenCounter("kimi-estimate");
    expect(anthropic.count(text)).toBe(Math.round(exact * ANTHROPIC_DEFAULT_CORRECTION_FACTOR));
    expect(kimi.count(text)).toBe(exact);
    // The estimators share the o200k memo: the text counted once by the first counter costs the others nothing.
    expect(tokenizerCalls).not.toHaveBeenCalled();
  });

  it("are labelled as estimates with their factor and the reason", () => {
    const anthropic = createTokenCounter("anthropic-estimate", { correctionFactor: 1.15 });
    expect(anthropic.exact).toBe(false);
    expect(anthropic.label).toBe("estimate: o200k × 1.15 (no public Claude tokenizer)");
    expect(createTokenCounter("kimi-estimate").label).toBe("estimate: o200k × 1 (no public Kimi tokenizer)");
  });

  it("apply a custom correction factor", () => {
    const counter = createTokenCounter("kimi-estimate", { correctionFactor: 2 });
    expect(counter.count("hello world")).toBe(4);
  });

  it("reject a factor that is not a positive number", () => {
    expect(() => createTokenCounter("anthropic-estimate", { correctionFactor: 0 })).toThrow(
      /tokens: correction factor/,
    );
    expect(() => createTokenCounter("kimi-estimate", { correctionFactor: Number.NaN })).toThrow(RangeError);
  });

  it("leave the exact counter unaffected by a correction factor", () => {
    expect(createTokenCounter("o200k", { correctionFactor: 3 }).count("hello world")).toBe(2);
  });
});
