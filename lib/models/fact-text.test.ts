import { describe, expect, it } from "vitest";
import { englishRuns } from "../i18n/english-leftovers";
import { ASSUMPTIONS } from "./assumptions";
import { factMessageKey, modelFactText } from "./fact-text";
import { tableLimits } from "./model-limits";
import { MODELS } from "./model-table";

/** Every source and note the model tables and the assumptions give, with where it comes from. */
function facts(): Array<{ where: string; text: string }> {
  const found: Array<{ where: string; text: string }> = [];
  const add = (where: string, text: string | undefined) => text && found.push({ where, text });
  for (const assumption of ASSUMPTIONS) add(`assumption ${assumption.id}`, assumption.source);
  for (const model of MODELS) {
    add(`${model.id} prices`, model.prices.source);
    add(`${model.id} price note`, model.prices.note);
    for (const note of model.notes ?? []) add(`${model.id} note`, note);
    for (const [fact, value] of Object.entries(model.explicitCache ?? {}))
      if (typeof value === "object") add(`${model.id} explicit cache ${fact}`, value.source);
    for (const [limit, value] of Object.entries(tableLimits(model))) add(`${model.id} limit ${limit}`, value.source);
  }
  return found;
}

describe("model facts in the reader's language", () => {
  it("has English and Chinese for every source, note and assumption that holds English words", () => {
    const all = facts();
    expect(all.length).toBeGreaterThan(100);
    const withoutMessage = all.filter(({ text }) => englishRuns(text).length > 0 && factMessageKey(text) === null);
    expect(withoutMessage.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
    const stillEnglish = all
      .map(({ where, text }) => ({ where, chinese: modelFactText(text, "zh-CN") }))
      .filter(({ chinese }) => englishRuns(chinese).length > 0);
    expect(stillEnglish.map(({ where, chinese }) => `${where}: ${chinese}`)).toEqual([]);
  });

  it("gives the table's own English back in English, and keeps URLs, dates and wire names in Chinese", () => {
    for (const { text } of facts()) expect(modelFactText(text, "en")).toBe(text);
    const deferred = tableLimits(MODELS.find((model) => model.id === "claude-opus-4-8")!).maxDeferredTools.source;
    const chinese = modelFactText(deferred, "zh-CN");
    expect(chinese).not.toBe(deferred);
    expect(chinese).toContain("PROTOCOLS.md §1.3");
    expect(chinese).toContain("defer_loading");
    expect(chinese).toContain("10,000");
    // A name pattern with braces survives ICU quoting in both languages.
    const pattern = tableLimits(MODELS[0]).toolNamePattern.source;
    expect(modelFactText(pattern, "zh-CN")).toContain("^[a-zA-Z0-9_-]{1,64}$");
    // A citation without English words has no message and shows as written.
    expect(modelFactText("docs.bigmodel.cn/cn/guide/start/pricing: 上下文 1M", "zh-CN")).toBe(
      "docs.bigmodel.cn/cn/guide/start/pricing: 上下文 1M",
    );
  });
});
