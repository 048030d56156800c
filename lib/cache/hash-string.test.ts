import { describe, expect, it } from "vitest";
import { hashString } from "./hash-string";

describe("hashString", () => {
  it("is stable, base36 and within 53 bits", () => {
    expect(hashString("get_weather")).toBe(hashString("get_weather"));
    const value = hashString("a block of the prompt");
    expect(value).toMatch(/^[0-9a-z]+$/);
    expect(parseInt(value, 36)).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  it("matches the reference cyrb53 implementation", () => {
    expect(hashString("")).toBe("wvjl67o803");
    expect(hashString("a")).toBe("262p94epp1d");
    expect(hashString("get_weather")).toBe("1e4kqxp8eze");
  });

  it("separates near-identical strings", () => {
    const texts = Array.from({ length: 5000 }, (_, index) => `{"name":"tool_${index}"}`);
    expect(new Set(texts.map(hashString)).size).toBe(texts.length);
    expect(hashString("ab")).not.toBe(hashString("ba"));
  });
});
