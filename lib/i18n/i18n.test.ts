import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { TERMS } from "./glossary";
import sameInEveryLanguage from "./same-in-every-language.json";
import { localeFromAcceptLanguage, resolveLocale } from "./locales";
import { ALL_MESSAGES as MESSAGES } from "./all-messages";
import { translatorFor } from "./translator";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

const english = leaves(MESSAGES.en as unknown as Tree);
const chinese = leaves(MESSAGES["zh-CN"] as unknown as Tree);
const HAN = /\p{Script=Han}/u;

describe("interface language", () => {
  it("follows the browser's languages by quality, any Chinese reading the Simplified interface", () => {
    expect(localeFromAcceptLanguage("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("zh-TW")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("en-US,en;q=0.9,zh-CN;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("fr-FR, zh;q=0.5, en;q=0.4")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("de, en;q=0")).toBe("en");
    expect(localeFromAcceptLanguage("zh;q=0, en")).toBe("en");
    expect(localeFromAcceptLanguage("")).toBe("en");
    expect(localeFromAcceptLanguage(null)).toBe("en");
  });

  it("keeps the remembered choice over the browser's, and ignores an unknown one", () => {
    expect(resolveLocale({ cookie: "en", acceptLanguage: "zh-CN" })).toBe("en");
    expect(resolveLocale({ cookie: "zh-CN", acceptLanguage: "en" })).toBe("zh-CN");
    expect(resolveLocale({ cookie: "<script>", acceptLanguage: "zh" })).toBe("zh-CN");
  });
});

describe("messages", () => {
  it("has every English message in Chinese and nothing Chinese that English lacks", () => {
    expect([...english.keys()].filter((key) => !chinese.has(key))).toEqual([]);
    expect([...chinese.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it("writes every Chinese message in Chinese (a message copied from English is untranslated)", () => {
    const same = new Set(sameInEveryLanguage.words.map((word) => word.toLowerCase()));
    // A message may stay as written when, its {arguments} aside, it holds only names such as "Anthropic BM25".
    const onlyNames = (text: string) =>
      text
        .replace(/\{[^{}]*\}/g, " ")
        .split(/[\s·,:()]+/)
        .filter((word) => /\p{L}/u.test(word))
        .every((word) => same.has(word.toLowerCase()));
    const untranslated = [...chinese].filter(
      ([key, text]) => text === english.get(key) && !HAN.test(text) && /\p{L}/u.test(text) && !onlyNames(text),
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it("parses every message as ICU, with the same markup tags in both languages", () => {
    const tags = (elements: MessageFormatElement[]): string[] =>
      elements.flatMap((element) =>
        element.type === TYPE.tag
          ? [element.value, ...tags(element.children)]
          : element.type === TYPE.plural || element.type === TYPE.select
            ? Object.values(element.options).flatMap((option) => tags(option.value))
            : [],
      );
    const problems: string[] = [];
    for (const [key, text] of english) {
      try {
        const englishTags = [...new Set(tags(parse(text)))].sort();
        const chineseTags = [...new Set(tags(parse(chinese.get(key) ?? "")))].sort();
        if (englishTags.join() !== chineseTags.join()) problems.push(`${key}: tags ${englishTags} / ${chineseTags}`);
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("uses the glossary's Chinese wherever the English uses a term", () => {
    const inconsistent: string[] = [];
    for (const [key, text] of english) {
      for (const term of TERMS) {
        if (term.english.test(text) && !(chinese.get(key) ?? "").includes(term.chinese))
          inconsistent.push(`${key}: "${term.chinese}"`);
      }
    }
    expect(inconsistent).toEqual([]);
  });

  it("formats plurals and numbers for each language", () => {
    expect(translatorFor("en", "common")("header.tools", { count: 1 })).toBe("1 tool");
    expect(translatorFor("en", "common")("header.tools", { count: 10000 })).toBe("10,000 tools");
    expect(translatorFor("zh-CN", "common")("header.tools", { count: 10000 })).toBe("10,000 个工具");
  });

  it("counts the tools the replaced conversation called as the English does: the one named and # more", () => {
    const values = { name: "get_weather", more: 1, requests: 5 };
    expect(translatorFor("en", "import")("notice.conversationReplaced", values)).toContain("get_weather and 1 more,");
    // "get_weather等 1 个工具" said one tool in all, with get_weather among them.
    expect(translatorFor("zh-CN", "import")("notice.conversationReplaced", values)).toContain(
      "没有的 get_weather 及另外 1 个工具，",
    );
    expect(translatorFor("zh-CN", "import")("notice.conversationReplaced", { ...values, more: 0 })).toContain(
      "没有的 get_weather，",
    );
  });
});
