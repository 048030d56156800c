import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { generateSyntheticCatalog } from "../catalog/synthetic/synthetic-catalog";
import { createPiecewiseCount } from "./piecewise-count";

const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };
const wholeCount = (text: string) => countTokens(text, PLAIN_TEXT);

/** Cuts every text that has a cut (no minimum length), so each test exercises the cuts themselves. */
function piecewise() {
  const calls: string[] = [];
  const counter = createPiecewiseCount(
    (text) => {
      calls.push(text);
      return wholeCount(text);
    },
    { minimumLength: 0 },
  );
  return { counter, calls };
}

/** A seeded generator, so a failure names a text that can be reproduced. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Characters chosen to sit on both sides of the cuts: ASCII letters and digits, ASCII punctuation, control characters
 * and whitespace (each one a cut after a letter or digit), an apostrophe (English contractions join a letter piece)
 * and a typographic one, spaces and line breaks (the one look-ahead), accented and other-script letters, a combining
 * mark, digits of another script, an emoji and a special-token string.
 */
const ALPHABET = [
  ..."aZq9s0tT",
  '"',
  ".",
  ",",
  "'",
  "'s",
  "'ll",
  " ",
  "  ",
  "\n",
  "\r\n",
  "é",
  "\u0301",
  "ß",
  "Ж",
  "中",
  "٣",
  "😀",
  "_",
  "-",
  ":",
  "{",
  "}",
  "(",
  ")",
  "/",
  "\\",
  "!",
  "?",
  ";",
  "=",
  "#",
  "@",
  "|",
  "*",
  "+",
  "~",
  "`",
  "[",
  "]",
  "\u0000",
  "\u007f",
  "\u2019",
  "<|endoftext|>",
  "\t",
];

function randomText(next: () => number, length: number): string {
  let text = "";
  for (let index = 0; index < length; index += 1) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return text;
}

describe("createPiecewiseCount", () => {
  it("cuts after an ASCII letter or digit before any other ASCII character but an apostrophe, and sums the parts", () => {
    const { counter, calls } = piecewise();
    const text = '{"name":"get_weather","description":"Gets the weather\'s 2 days. Returns °C, wind and café-rain."}';
    expect(counter.count(text)).toBe(wholeCount(text));
    expect(calls).toEqual([
      '{"name',
      '":"get',
      "_weather",
      '","description',
      '":"Gets',
      " the",
      " weather's",
      " 2",
      " days",
      ". Returns",
      " °C",
      ", wind",
      " and",
      // No cut after a letter that is not ASCII: the next character could be a mark of the same piece.
      " café-rain",
      '."}',
    ]);
  });

  it("counts a repeated part once", () => {
    const { counter, calls } = piecewise();
    const sentence = " Deleted records stay recoverable for 30 days";
    const first = `First.${sentence}.${sentence}.`;
    expect(counter.count(first)).toBe(wholeCount(first));
    expect(calls.filter((call) => call === " records")).toHaveLength(1);
    calls.length = 0;
    const second = `Second.${sentence}.`;
    expect(counter.count(second)).toBe(wholeCount(second));
    expect(calls).toEqual(["Second"]);
  });

  it("forgets its parts when cleared, and counts them again after", () => {
    const { counter, calls } = piecewise();
    const text = 'name "a", then "b", then "c".';
    const total = counter.count(text);
    expect(counter.size).toBeGreaterThan(0);
    counter.clear();
    expect(counter.size).toBe(0);
    const before = calls.length;
    expect(counter.count(text)).toBe(total);
    expect(calls.length).toBeGreaterThan(before);
  });

  it("counts short texts whole, and keeps no part longer than the maximum", () => {
    const calls: string[] = [];
    const counter = createPiecewiseCount(
      (text) => {
        calls.push(text);
        return wholeCount(text);
      },
      { minimumLength: 20, maximumPartLength: 10, maximumParts: 2 },
    );
    expect(counter.count("short, text.")).toBe(wholeCount("short, text."));
    expect(calls).toEqual(["short, text."]);
    calls.length = 0;
    const long = "averylongfirstpart, b, c, d";
    counter.count(long);
    counter.count(long);
    // The long first part is counted both times; the short ones are kept, two at most.
    expect(calls.filter((call) => call === "averylongfirstpart")).toHaveLength(2);
    expect(counter.size).toBe(2);
  });

  it("equals the whole count on random text built around the cuts", () => {
    const next = random(15);
    const { counter } = piecewise();
    for (let sample = 0; sample < 6_000; sample += 1) {
      const text = randomText(next, 1 + Math.floor(next() * 40));
      const whole = wholeCount(text);
      if (counter.count(text) !== whole) expect({ text, piecewise: counter.count(text) }).toEqual({ text, whole });
    }
  });

  it("equals the whole count on every shipped catalog, as JSON and as the Anthropic definitions", () => {
    const { counter } = piecewise();
    const directory = path.join(__dirname, "../../examples/catalogs");
    let texts = 0;
    for (const file of fs.readdirSync(directory).filter((name) => name.endsWith(".json"))) {
      const catalog = JSON.parse(fs.readFileSync(path.join(directory, file), "utf8")) as {
        tools: Array<{ name: string; description?: string; inputSchema?: unknown }>;
      };
      for (const tool of catalog.tools) {
        for (const text of [
          JSON.stringify(tool),
          JSON.stringify(tool, null, 2),
          JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }),
        ]) {
          texts += 1;
          expect(counter.count(text), `${file} ${tool.name}`).toBe(wholeCount(text));
        }
      }
    }
    expect(texts).toBeGreaterThan(1_000);
  });

  it("equals the whole count on a generated catalog, where most parts repeat", () => {
    const catalog = generateSyntheticCatalog({
      count: 400,
      targetTokensPerTool: 300,
      seed: 7,
      countTokens: wholeCount,
    });
    const { counter, calls } = piecewise();
    let parts = 0;
    for (const tool of catalog.tools) {
      const text = JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema });
      parts += text.match(/[A-Za-z0-9](?=[^A-Za-z0-9'\u0080-\uffff])/g)?.length ?? 0;
      expect(counter.count(text), tool.name).toBe(wholeCount(text));
    }
    // Most parts were looked up rather than counted.
    expect(calls.length).toBeLessThan(parts / 3);
  });
});
