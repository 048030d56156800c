import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatClock,
  formatCount,
  formatDuration,
  formatPercent,
  formatTokens,
  formatTokensCompact,
  formatUsd,
  usdColumnDecimals,
} from "./format";

describe("format", () => {
  it("formats tokens with thousands separators", () => {
    expect(formatTokens(12345)).toBe("12,345");
    expect(formatTokens(0)).toBe("0");
    expect(formatTokens(1234.6)).toBe("1,235");
    expect(formatTokens(Number.NaN)).toBe("—");
    expect(formatTokensCompact(999)).toBe("999");
    expect(formatTokensCompact(12_345)).toBe("12.3k");
    expect(formatTokensCompact(80_000)).toBe("80k");
    expect(formatTokensCompact(1_234_567)).toBe("1.23M");
    expect(formatCount(1, "request")).toBe("1 request");
    expect(formatCount(10_000, "tool")).toBe("10,000 tools");
  });

  it("formats USD adaptively with three significant digits under a dollar", () => {
    expect(formatUsd(0.0123)).toBe("$0.0123");
    expect(formatUsd(0.5)).toBe("$0.50");
    expect(formatUsd(0.01)).toBe("$0.01");
    expect(formatUsd(0.123456)).toBe("$0.123");
    expect(formatUsd(0.000004)).toBe("$0.000004");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(-0.25)).toBe("−$0.25");
    expect(formatUsd(0.5, { decimals: 4 })).toBe("$0.5000");
    expect(usdColumnDecimals([1.2, 0.0123, 0])).toBe(4);
    expect(formatUsd(1.2, { decimals: usdColumnDecimals([1.2, 0.0123]) })).toBe("$1.2000");
  });

  it("formats percentages", () => {
    expect(formatPercent(0.873)).toBe("87.3%");
    expect(formatPercent(1)).toBe("100%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(0.5)).toBe("50%");
    expect(formatPercent(0.12345, { digits: 2 })).toBe("12.35%");
  });

  it("formats durations with two units at most", () => {
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(150)).toBe("2 min 30 s");
    expect(formatDuration(300)).toBe("5 min");
    expect(formatDuration(3600)).toBe("1 h");
    expect(formatDuration(3900)).toBe("1 h 5 min");
    expect(formatDuration(90_000)).toBe("1 d 1 h");
    expect(formatClock(330)).toBe("0:05:30");
    expect(formatClock(3723)).toBe("1:02:03");
  });

  it("formats sizes", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 kB");
    expect(formatBytes(2_500_000)).toBe("2.5 MB");
  });
});
