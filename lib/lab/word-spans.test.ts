import { describe, expect, it } from "vitest";
import { splitWords } from "../search/tokenize";
import { wordSpans } from "./word-spans";

const TEXTS = [
  "Get the current weather for a city.",
  "getWeatherForecast and HTMLParser with getHTTPResponse",
  "read_text_file, config.yaml and kebab-case-name",
  "v2Api base64 user's notes",
  "API-get-user: Notion | Retrieve a user",
  "Ünïcode Wörter und ÄrgerZeichen getÜberblick",
  "  leading and trailing  ",
  "",
  "__init__ -- a..b _x_",
  "查询指定城市的天气",
  "查询GitHub仓库的拉取请求，用 get_weather 获取天气",
  "東京の天気を教えて",
  "ค้นหาไฟล์ในโฟลเดอร์",
];

describe("wordSpans", () => {
  for (const split of [true, false]) {
    it(`cuts words exactly as splitWords does (splitIdentifiers ${split})`, () => {
      for (const text of TEXTS) {
        const words = wordSpans(text, split).map((span) => text.slice(span.start, span.end).toLowerCase());
        expect(words, text).toEqual(splitWords(text, split));
      }
    });
  }

  it("returns offsets into the original text", () => {
    const text = "listPullRequests now";
    expect(wordSpans(text, true)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 16 },
      { start: 17, end: 20 },
    ]);
  });
});
