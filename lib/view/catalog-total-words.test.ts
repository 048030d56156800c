import { describe, expect, it } from "vitest";
import { catalogTotalWords, correctionFactorOf } from "./catalog-total-words";

describe("catalogTotalWords", () => {
  it("says why a Claude card reads more than the o200k total, from the engine's factor", () => {
    const words = catalogTotalWords(1_753, { label: "Claude Opus 4.8", tokenizer: "anthropic-estimate" }, 1.2);
    expect(words.total).toBe("1,753 o200k tokens if all are sent");
    expect(words.model).toBe("≈ 2,104 for Claude Opus 4.8: the run's figures estimate its tokens as o200k × 1.2");
  });

  it("needs no words for an o200k model, and follows the person's own factor", () => {
    expect(catalogTotalWords(1_753, { label: "GPT-5.4", tokenizer: "o200k" }, 1).model).toBeNull();
    expect(correctionFactorOf("anthropic-estimate", undefined)).toBe(1.2);
    expect(correctionFactorOf("anthropic-estimate", { "anthropic-estimate": 1.1 })).toBe(1.1);
    expect(correctionFactorOf("o200k", { "anthropic-estimate": 1.1 })).toBe(1);
    expect(catalogTotalWords(1_000, { label: "Kimi K3", tokenizer: "kimi-estimate" }, 1).model).toBe(
      "Kimi K3 is counted as o200k here too",
    );
  });
});
