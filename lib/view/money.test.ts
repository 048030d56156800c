import { describe, expect, it } from "vitest";
import { currencyNote, currencyOf, formatMoney, formatMoneyWithUsd, toUsd } from "./money";

describe("money in the model's currency", () => {
  it("formats each currency for the page's locale, with the adaptive decimals", () => {
    expect(formatMoney(0.0123, "USD")).toBe("$0.0123");
    expect(formatMoney(0.42, "CNY")).toBe("CN¥0.42");
    expect(formatMoney(1234.5, "CNY")).toBe("CN¥1,234.50");
    expect(formatMoney(-0.25, "CNY")).toBe("−CN¥0.25");
    expect(formatMoney(0.5, "CNY", { decimals: 4 })).toBe("CN¥0.5000");
    expect(formatMoney(0.42, "CNY", { locale: "zh-CN" })).toBe("¥0.42");
    expect(formatMoney(0.0123, "USD", { locale: "zh-CN" })).toBe("US$0.0123");
    expect(formatMoney(Number.NaN, "CNY")).toBe("—");
  });

  it("takes the currency from the model's price table: Qwen and GLM in CNY, the others in USD", () => {
    expect(currencyOf("qwen", "qwen-plus")).toBe("CNY");
    expect(currencyOf("glm", "glm-5.3")).toBe("CNY");
    expect(currencyOf("gemini", "gemini-2.5-flash")).toBe("USD");
    expect(currencyOf("anthropic", "claude-opus-4-8")).toBe("USD");
  });

  it("converts nothing without the person's rate: a CNY figure stays CNY alone", () => {
    expect(toUsd({ amount: 0.42, currency: "CNY" }, {})).toBeUndefined();
    expect(formatMoneyWithUsd({ amount: 0.42, currency: "CNY" })).toBe("CN¥0.42");
    // A USD figure is itself in USD, with or without a rate: never "$x ≈ $x".
    expect(formatMoneyWithUsd({ amount: 0.42, currency: "USD" }, { usdPerCny: 0.138 })).toBe("$0.42");
  });

  it("puts the USD figure beside the CNY one at the person's rate, and names the rate where asked", () => {
    // 0.42 × 0.138 = 0.05796 → three significant digits: $0.058 (trailing zero dropped)
    expect(toUsd({ amount: 0.42, currency: "CNY" }, { usdPerCny: 0.138 })).toBeCloseTo(0.05796, 12);
    expect(formatMoneyWithUsd({ amount: 0.42, currency: "CNY" }, { usdPerCny: 0.138 })).toBe("CN¥0.42 ≈ $0.058");
    expect(formatMoneyWithUsd({ amount: 0.42, currency: "CNY" }, { usdPerCny: 0.138, showRate: true })).toBe(
      "CN¥0.42 ≈ $0.058 at 0.138 $/¥ (your rate)",
    );
    expect(
      formatMoneyWithUsd({ amount: 0.42, currency: "CNY" }, { usdPerCny: 0.138, showRate: true, locale: "zh-CN" }),
    ).toBe("¥0.42 ≈ US$0.058（按你设置的汇率 0.138 $/¥）");
    // A rate that is not a positive number converts nothing.
    expect(formatMoneyWithUsd({ amount: 0.42, currency: "CNY" }, { usdPerCny: 0 })).toBe("CN¥0.42");
  });

  it("names the currency of figures side by side where any is not USD", () => {
    expect(currencyNote(["USD", "USD"])).toBeNull();
    expect(currencyNote(["CNY", "CNY"])).toMatch(/CNY/);
    expect(currencyNote(["USD", "CNY"])).toBe(
      "Costs in each model's own currency (USD, CNY): figures in different currencies are not compared",
    );
    expect(currencyNote(["USD", "CNY"], "zh-CN")).toMatch(/USD, CNY/);
  });
});
