/**
 * The lab in Chinese: the words come from the same values as the figures beside them, and nothing falls back to
 * a message key or to English.
 */
import { describe, expect, it } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { attribute, tagsWithTestId, textOfTestId } from "@/components/run/test-support";
import { findingWords, lintDescription } from "@/lib/search/lint-description";
import { optionVariants, changeWords } from "@/lib/lab/option-effects";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "@/lib/search/client-search";
import { LinterPanel } from "./linter-panel";
import { SearchCard } from "./search-card";

const summary = {
  queries: 8,
  recallAt1: 0.5,
  recallAt3: 0.75,
  recallAt5: 0.875,
  recallAtK: 0.875,
  mrr: 0.6354,
  errors: 2,
};

describe("the lab in Chinese", () => {
  it("labels a search card's figures in Chinese, each beside its value", () => {
    const html = renderInLocale(
      <SearchCard
        id="client"
        summary={summary}
        after={undefined}
        k={5}
        pending={false}
        unspacedTools={{ count: 3, total: 8 }}
      />,
      "zh-CN",
    );
    expect(html).toContain("客户端搜索");
    expect(attribute(tagsWithTestId(html, "metric-client-recallAtK")[0], "data-value")).toBe("0.875");
    expect(html).toContain(">88%<");
    expect(html).toContain("预期工具排进前 k 的查询占比");
    expect(html).toContain("2 条查询被拒绝");
    expect(textOfTestId(html, "unspaced-note-client")).toContain("8 个工具中有 3 个用中文、日文或泰文书写");
    expect(html).not.toMatch(/lab\.[a-z]+\.[a-zA-Z]/);
  });

  it("writes the linter's findings from their facts, with the same numbers in both languages", () => {
    const [finding] = lintDescription({
      name: "get_weather",
      description: "查询天气",
      inputSchema: { type: "object" },
    });
    expect(finding.facts).toMatchObject({ kind: "length", characters: 4, unspaced: 4, weighted: 12, limit: 40 });
    expect(finding.message).toBe(
      "description is 4 characters, 4 of them Chinese or Japanese counted as 3 each: 12 (under 40)",
    );
    expect(findingWords(finding.facts, "zh-CN").message).toBe(
      "描述共 4 个字符，其中 4 个中文或日文字符各按 3 计：共 12（少于 40）",
    );
    const html = renderInLocale(<LinterPanel evaluation={undefined} k={5} onSelectTool={() => {}} />, "zh-CN");
    expect(html).toContain("测量中…");
  });

  it("says what flipping an option does in the reader's language", () => {
    const stemming = optionVariants(DEFAULT_CLIENT_SEARCH_OPTIONS).find((variant) => variant.id === "stemming")!;
    expect(stemming.change).toBe("off");
    expect(changeWords(stemming.changeFacts, "zh-CN")).toBe("关");
    const addressWords = optionVariants(DEFAULT_CLIENT_SEARCH_OPTIONS).find(
      (variant) => variant.id === "addressWords",
    )!;
    expect(changeWords(addressWords.changeFacts, "zh-CN")).toBe("与普通词相同（1）");
  });
});
