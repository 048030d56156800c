/**
 * Chinese, Japanese and Thai write words without spaces: the tokeniser cuts them with `Intl.Segmenter`, the client
 * search also matches their characters at a discount, and the Anthropic emulations keep a run whole because Anthropic
 * does not document anything else (docs/SEARCH.md, "Text without spaces").
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createAnthropicBm25Search } from "./anthropic-bm25-search";
import { createClientSearch } from "./client-search";
import { evaluateSearch } from "./evaluate";
import { loadCatalogFile } from "./load-catalog-directory";
import { parseEvaluationQueries, unknownExpectedTools } from "./parse-queries";
import type { SearchOutcome } from "./types";
import { unspacedTextNote } from "../lab/search-labels";
import { lintDescriptions } from "./lint-description";
import { PLAIN_TOKENIZE_OPTIONS, splitWords, tokenize, unspacedCharactersOf } from "./tokenize";

const CLIENT_TERMS = { splitIdentifiers: true, stopWords: true, stemming: true } as const;

describe("words of unspaced scripts", () => {
  it("cuts a Chinese sentence into its words", () => {
    expect(splitWords("查询指定城市的天气", true)).toEqual(["查询", "指定", "城市", "的", "天气"]);
  });

  it("keeps Latin words and identifiers inside Chinese text, split as everywhere", () => {
    expect(splitWords("用get_weather查询GitHub仓库", true)).toEqual([
      "用",
      "get",
      "weather",
      "查询",
      "git",
      "hub",
      "仓库",
    ]);
    expect(splitWords("用get_weather查询GitHub仓库", false)).toEqual(["用", "get_weather", "查询", "github", "仓库"]);
  });

  it("cuts Japanese and Thai too", () => {
    expect(splitWords("東京の天気", true)).toEqual(["東京", "の", "天気"]);
    expect(splitWords("ค้นหาไฟล์", true).length).toBeGreaterThan(1);
  });

  it("drops Chinese function words with the English ones", () => {
    expect(tokenize("查询指定城市的天气", CLIENT_TERMS)).toEqual(["查询", "指定", "城市", "天气"]);
  });

  it("keeps a run whole for the Anthropic emulations, whose Chinese tokenisation is undocumented", () => {
    expect(tokenize("查询指定城市的天气 get_weather", PLAIN_TOKENIZE_OPTIONS)).toEqual([
      "查询指定城市的天气",
      "get",
      "weather",
    ]);
  });

  it("lists the characters of multi-character words only", () => {
    expect(unspacedCharactersOf(["股价", "的", "api", "天气"])).toEqual(["股", "价", "天", "气"]);
  });

  it("leaves ASCII text exactly as before", () => {
    expect(splitWords("getWeather for São Paulo", true)).toEqual(["get", "weather", "for", "são", "paulo"]);
  });
});

/** The names a search returns, best first (an error outcome fails the test). */
function names(outcome: SearchOutcome): string[] {
  if (!outcome.ok) throw new Error(outcome.errorMessage);
  return outcome.hits.map((hit) => hit.name);
}

const tool = (name: string, description: string): CatalogTool => ({
  name,
  description,
  inputSchema: { type: "object", properties: {} },
});

describe("the client search on a Chinese catalog", () => {
  const tools = [
    tool("get_weather", "查询指定城市的天气预报和气温"),
    tool("get_stock_quote", "获取股票的实时行情和最新价格"),
    tool("send_email", "发送电子邮件给指定的收件人"),
  ];

  it("finds a tool by one word of its description", () => {
    expect(names(createClientSearch(tools).search("天气"))[0]).toBe("get_weather");
  });

  it("finds a tool through shared characters when the words differ (股价 against 股票 … 价格)", () => {
    const search = createClientSearch(tools);
    expect(names(search.search("茅台的股价"))[0]).toBe("get_stock_quote");
    expect(names(search.search("明天温度多少"))[0]).toBe("get_weather");
  });

  it("ranks an exact word above a character match", () => {
    const search = createClientSearch([tool("a_tool", "股票行情"), tool("b_tool", "股东大会的投票")]);
    const hits = names(search.search("股票"));
    expect(hits[0]).toBe("a_tool");
  });

  it("does not match a character search on an English catalog by accident", () => {
    expect(names(createClientSearch([tool("get_weather", "Get the weather")]).search("天气"))).toEqual([]);
  });
});

describe("the bundled Chinese example's eval queries", () => {
  const root = join(__dirname, "../..");
  const catalogFile = "examples/office-assistant-zh-tools.json";
  const catalog = loadCatalogFile({ fileName: catalogFile, text: readFileSync(join(root, catalogFile), "utf8") });
  const tools = catalog.value ?? [];
  const queries =
    parseEvaluationQueries(readFileSync(join(__dirname, "fixtures/office-assistant-zh-queries.jsonl"), "utf8")).value ??
    [];

  it("has every expected tool in the catalog", () => {
    expect(tools.length).toBeGreaterThanOrEqual(30);
    expect(queries.length).toBeGreaterThanOrEqual(40);
    expect(unknownExpectedTools(queries, new Set(tools.map((entry) => entry.name)))).toEqual([]);
  });

  it("client search: recall@5 ≥ 0.9 and MRR ≥ 0.8 (issue #33's bar)", () => {
    const evaluation = evaluateSearch(createClientSearch(tools), queries);
    expect(evaluation.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(evaluation.mrr).toBeGreaterThanOrEqual(0.8);
  });

  it("the BM25 emulation, keeping runs whole, finds almost nothing: what an undocumented tokeniser can mean", () => {
    const evaluation = evaluateSearch(createAnthropicBm25Search(tools), queries);
    expect(evaluation.recallAt5).toBeLessThan(0.1);
  });
});

describe("the description linter on Chinese text", () => {
  const findings = (description: string) =>
    lintDescriptions([tool("get_weather", description)]).filter((finding) =>
      finding.code.startsWith("description-too"),
    );

  it("counts a Chinese character as three Latin ones: 9 characters read like 27, still short", () => {
    expect(findings("查询指定城市的天气").map((finding) => finding.message)).toEqual([
      "description is 9 characters, 9 of them Chinese or Japanese counted as 3 each: 27 (under 40)",
    ]);
  });

  it("accepts a 14-character Chinese description that an English length rule would call short", () => {
    expect([..."查询指定城市今天和未来几天的"]).toHaveLength(14);
    expect(findings("查询指定城市今天和未来几天的")).toEqual([]);
    expect(findings("查询指定城市今天和未来几天")).toHaveLength(1);
  });

  it("keeps the English rule for English text", () => {
    expect(findings("Get the weather")[0]?.message).toBe("description is 15 characters (under 40)");
  });
});

describe("what the lab says about each search on Chinese text", () => {
  it("says so only when the catalog has such text, and names the BM25 emulation's assumption", () => {
    expect(unspacedTextNote("anthropic-bm25", 0, 10)).toBeUndefined();
    expect(unspacedTextNote("anthropic-bm25", 3, 10)).toMatch(
      /^3 of 10 tools are written in Chinese.*does not document/,
    );
    expect(unspacedTextNote("client", 1, 1)).toMatch(/^1 of 1 tool is written/);
  });
});

describe("other languages whose words the search must find", () => {
  it("Japanese: particles dropped, the request's words found", () => {
    const search = createClientSearch([
      tool("get_weather", "指定した都市の天気予報を取得します"),
      tool("send_mail", "メールを送信します"),
    ]);
    expect(names(search.search("東京の天気を教えてください"))[0]).toBe("get_weather");
  });

  it("Korean: a particle written onto the word still meets the word, through its syllables", () => {
    const search = createClientSearch([
      tool("get_weather", "도시의 날씨 예보를 조회합니다"),
      tool("send_mail", "메일을 보냅니다"),
    ]);
    expect(names(search.search("서울 날씨를 알려줘"))[0]).toBe("get_weather");
  });
});
