import { describe, expect, it } from "vitest";
import { PROVIDER_IDS } from "../core/ids";
import { providerFacts } from "../providers/facts";
import { providerLabel, providerPickerLabel, providerVendorLabel } from "./provider-labels";

/** Latin letters that are not a product's own name: a Chinese label holding one is English left on the page. */
const ENGLISH_WORDS = /\b(?:Alibaba|Cloud|Model|Studio|Zhipu|Moonshot)\b/;

describe("provider labels", () => {
  it("are the registry's names for an English reader", () => {
    for (const provider of PROVIDER_IDS) {
      expect(providerLabel(provider)).toBe(providerFacts(provider).name);
      expect(providerPickerLabel(provider, "en")).toBe(providerFacts(provider).pickerName);
      expect(providerVendorLabel(provider)).toBe(providerFacts(provider).vendor);
    }
  });

  it("give the Chinese reader the names used in China, and product names as written", () => {
    expect(providerLabel("qwen", "zh-CN")).toBe("Qwen（阿里云百炼）");
    expect(providerLabel("glm", "zh-CN")).toBe("GLM（智谱 BigModel）");
    expect(providerLabel("moonshot", "zh-CN")).toBe("月之暗面 Kimi");
    expect(providerPickerLabel("qwen", "zh-CN")).toBe("通义千问（阿里云百炼）");
    expect(providerVendorLabel("qwen", "zh-CN")).toBe("阿里云");
    expect(providerVendorLabel("glm", "zh-CN")).toBe("智谱");
    expect(providerLabel("anthropic", "zh-CN")).toBe(providerFacts("anthropic").name);
    for (const provider of PROVIDER_IDS) {
      expect(providerLabel(provider, "zh-CN")).not.toMatch(ENGLISH_WORDS);
      expect(providerPickerLabel(provider, "zh-CN")).not.toMatch(ENGLISH_WORDS);
      expect(providerVendorLabel(provider, "zh-CN")).not.toMatch(ENGLISH_WORDS);
    }
  });
});
