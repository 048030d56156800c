/**
 * The small model's answer in live mode: the documented format is one name a line, but the reader takes what models
 * write instead (a JSON list, fenced or not, bullets, numbers, backticks, a description after the name), and names
 * not in the catalog are dropped and returned apart so the step can count them.
 */
import { describe, expect, it } from "vitest";
import { readPrefilterAnswer } from "./prefilter";

const CATALOG = new Set(["get_weather", "send_email", "create_invoice"]);
const known = (name: string) => CATALOG.has(name);

describe("readPrefilterAnswer", () => {
  it.each([
    ["get_weather\nsend_email", ["get_weather", "send_email"]],
    ['["get_weather", "send_email"]', ["get_weather", "send_email"]],
    ['```json\n["send_email"]\n```', ["send_email"]],
    ['Here you go: [{"name": "create_invoice"}]', ["create_invoice"]],
    ["- `get_weather` — current weather\n2. send_email: to mail someone", ["get_weather", "send_email"]],
    ["get_weather, send_email, get_weather", ["get_weather", "send_email"]],
    ["(none)", []],
    ["", []],
  ])("%j → %j", (answer, selected) => {
    expect(readPrefilterAnswer(answer, known).selected).toEqual(selected);
  });

  it("drops names that are not in the catalog and returns them to be counted", () => {
    expect(readPrefilterAnswer("get_weather\nbook_flight\nweather_tool", known)).toEqual({
      selected: ["get_weather"],
      dropped: ["book_flight", "weather_tool"],
    });
  });
});
