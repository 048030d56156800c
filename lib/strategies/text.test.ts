import { describe, expect, it } from "vitest";
import { STRATEGY_IDS } from "../core/ids";
import { STRATEGIES } from "./definitions";
import { strategyText } from "./text";

describe("strategy words", () => {
  it("are the definitions' English in English and Chinese in Chinese, code spans kept as written", () => {
    for (const id of STRATEGY_IDS) {
      const english = strategyText(id, "en");
      expect(english.title).toBe(STRATEGIES[id].title);
      expect(english.shortName).toBe(STRATEGIES[id].shortName);
      expect(english.explanation).toEqual(STRATEGIES[id].explanation);
      const chinese = strategyText(id, "zh-CN");
      expect(chinese.explanation.sends).toMatch(/\p{Script=Han}/u);
      const codeSpans = (text: string) => text.match(/`[^`]+`/g) ?? [];
      expect(codeSpans(chinese.explanation.sends)).toEqual(codeSpans(english.explanation.sends));
    }
    expect(strategyText("anthropic-tool-search", "zh-CN").title).toContain("工具搜索");
  });
});
