import { describe, expect, it } from "vitest";
import { countTokens as countCl100kTokens } from "gpt-tokenizer/encoding/cl100k_base";
import {
  renderOpenAIFunctionForCounting,
  renderOpenAIFunctionsForCounting,
  type OpenAIFunctionForCounting,
} from "./openai-function-rendering";
import { OPENAI_FUNCTIONS_OVERHEAD_TOKENS, OPENAI_MESSAGE_OVERHEAD_TOKENS } from "./openai-overheads";

type Message = { role: "system" | "user"; content: string };

/**
 * hmarr/openai-chat-tokens' prompt formula (src/index.ts): every message is role + content + 3, the reply primer
 * adds 3, functions add their rendering + 9, the first system message gains a trailing newline when functions are
 * present, and 4 tokens are saved when a system message exists. Its test cases (tests/token-counts.test.ts) are
 * `prompt_tokens` reported by gpt-3.5-turbo, a cl100k_base model, so they check the rendering text itself.
 */
function promptTokensWithCl100k(messages: Message[], functions: OpenAIFunctionForCounting[]): number {
  let systemPadded = false;
  let tokens = 0;
  for (const message of messages) {
    let content = message.content;
    if (message.role === "system" && functions.length > 0 && !systemPadded) {
      content += "\n";
      systemPadded = true;
    }
    tokens += countCl100kTokens(message.role) + countCl100kTokens(content) + OPENAI_MESSAGE_OVERHEAD_TOKENS;
  }
  tokens += 3;
  if (functions.length > 0) {
    tokens += countCl100kTokens(renderOpenAIFunctionsForCounting(functions)) + OPENAI_FUNCTIONS_OVERHEAD_TOKENS;
    if (messages.some((message) => message.role === "system")) tokens -= 4;
  }
  return tokens;
}

const hello: Message[] = [{ role: "user", content: "hello" }];
const bingBong = (properties: Record<string, unknown>) => ({
  name: "bing_bong",
  description: "Do a bing bong",
  parameters: { type: "object", properties },
});

const REFERENCE_CASES: Array<{
  title: string;
  messages: Message[];
  functions: OpenAIFunctionForCounting[];
  tokens: number;
}> = [
  { title: "no functions", messages: hello, functions: [], tokens: 8 },
  {
    title: "function without parameters",
    messages: hello,
    functions: [{ name: "foo", parameters: { type: "object", properties: {} } }],
    tokens: 31,
  },
  {
    title: "function description",
    messages: hello,
    functions: [{ name: "foo", description: "Do a foo", parameters: { type: "object", properties: {} } }],
    tokens: 36,
  },
  { title: "one optional string", messages: hello, functions: [bingBong({ foo: { type: "string" } })], tokens: 49 },
  {
    title: "property description",
    messages: hello,
    functions: [bingBong({ foo: { type: "string" }, bar: { type: "number", description: "A number" } })],
    tokens: 57,
  },
  {
    title: "nested object with an enum",
    messages: hello,
    functions: [
      bingBong({
        foo: {
          type: "object",
          properties: { bar: { type: "string", enum: ["a", "b", "c"] }, baz: { type: "boolean" } },
        },
      }),
    ],
    tokens: 68,
  },
  {
    title: "system message shares the function preamble",
    messages: [
      { role: "system", content: "Hello" },
      { role: "user", content: "Hi there" },
    ],
    functions: [{ name: "do_stuff", parameters: { type: "object", properties: {} } }],
    tokens: 35,
  },
  {
    title: "required properties, arrays of objects, enums (validated against the API upstream)",
    messages: hello,
    functions: [
      {
        name: "get_recipe",
        parameters: {
          type: "object",
          required: ["ingredients", "instructions", "time_to_cook"],
          properties: {
            ingredients: {
              type: "array",
              items: {
                type: "object",
                required: ["name", "unit", "amount"],
                properties: {
                  name: { type: "string" },
                  unit: { enum: ["grams", "ml", "cups", "pieces", "teaspoons"], type: "string" },
                  amount: { type: "number" },
                },
              },
            },
            instructions: {
              type: "array",
              items: { type: "string" },
              description: "Steps to prepare the recipe (no numbering)",
            },
            time_to_cook: { type: "number", description: "Total time to prepare the recipe in minutes" },
          },
        },
      },
    ],
    tokens: 106,
  },
];

describe("rendering reproduces OpenAI's measured prompt_tokens (hmarr/openai-chat-tokens cases, cl100k_base)", () => {
  it.each(REFERENCE_CASES)("$title → $tokens", ({ messages, functions, tokens }) => {
    expect(promptTokensWithCl100k(messages, functions)).toBe(tokens);
  });
});

describe("renderOpenAIFunctionsForCounting", () => {
  const weather: OpenAIFunctionForCounting = {
    name: "get_weather",
    description: "Get the weather",
    parameters: {
      type: "object",
      properties: {
        city: { type: "string", description: "City name" },
        unit: { type: "string", enum: ["celsius", "fahrenheit"], default: "celsius" },
        days: { type: "integer" },
        tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
        filter: {
          type: "object",
          properties: { since: { type: "string", description: "hidden: nested" } },
          required: ["since"],
        },
        note: { type: ["string", "null"] },
        target: { anyOf: [{ type: "string" }, { type: "number" }] },
        mode: { const: "fast" },
        extra: { type: "object" },
        anything: {},
      },
      required: ["city"],
    },
  };

  it("renders the documented TypeScript-like shape", () => {
    expect(renderOpenAIFunctionsForCounting([weather])).toBe(
      [
        "namespace functions {",
        "",
        "// Get the weather",
        "type get_weather = (_: {",
        "// City name",
        "city: string,",
        'unit?: "celsius" | "fahrenheit", // default: celsius',
        "days?: number,",
        'tags?: ("a" | "b")[],',
        "filter?: {",
        "  since: string,",
        "},",
        "note?: string | null,",
        "target?: string | number,",
        'mode?: "fast",',
        "extra?: object,",
        "anything?: any,",
        "}) => any;",
        "",
        "} // namespace functions",
      ].join("\n"),
    );
  });

  it("is the header, the per-function parts in order, and the footer", () => {
    const other: OpenAIFunctionForCounting = { name: "ping" };
    const parts = [weather, other].map(renderOpenAIFunctionForCounting);
    expect(renderOpenAIFunctionsForCounting([weather, other], "github")).toBe(
      `namespace github {\n\n${parts.join("")}} // namespace github`,
    );
    expect(parts[1]).toBe("type ping = () => any;\n\n");
  });

  it("comments every line of a multi-line description", () => {
    expect(renderOpenAIFunctionForCounting({ name: "f", description: "first\nsecond" })).toBe(
      "// first\n// second\ntype f = () => any;\n\n",
    );
  });

  it("renders hostile or odd schemas without throwing", () => {
    const deep: Record<string, unknown> = { type: "object", properties: {} };
    let cursor = deep;
    for (let level = 0; level < 40; level++) {
      const next = { type: "object", properties: {} as Record<string, unknown> };
      (cursor.properties as Record<string, unknown>).child = next;
      cursor = next;
    }
    expect(() => renderOpenAIFunctionForCounting({ name: "deep", parameters: deep })).not.toThrow();
    expect(renderOpenAIFunctionForCounting({ name: "odd", parameters: "not a schema" })).toBe(
      "type odd = () => any;\n\n",
    );
  });
});
