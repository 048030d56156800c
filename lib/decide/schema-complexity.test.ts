import { describe, expect, it } from "vitest";
import { schemaComplexity } from "./schema-complexity";

const simple = {
  name: "get_weather",
  description: "",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
const deep = {
  name: "create_order",
  description: "",
  inputSchema: {
    type: "object",
    properties: {
      order: {
        type: "object",
        properties: {
          shipping: {
            type: "object",
            properties: { address: { type: "object", properties: { street: { type: "string" } } } },
          },
        },
      },
    },
  },
};
const combinator = {
  name: "search",
  description: "",
  inputSchema: { type: "object", properties: { filter: { anyOf: [{ type: "string" }, { type: "number" }] } } },
};
const wide = {
  name: "wide",
  description: "",
  inputSchema: {
    type: "object",
    properties: Object.fromEntries(Array.from({ length: 15 }, (_, index) => [`p${index}`, { type: "string" }])),
  },
};

describe("schema complexity", () => {
  it("counts many properties, deep nesting and combinators as complex", () => {
    const measure = schemaComplexity({ tools: [simple, deep, combinator, wide] });
    expect(measure.complexTools).toBe(3);
    expect(measure.maxDepth).toBe(3);
    expect(measure.veryComplex).toBe(true);
  });

  it("a catalog of flat schemas is not complex", () => {
    const measure = schemaComplexity({ tools: [simple, simple, simple, deep] });
    expect(measure.complexShare).toBe(0.25);
    expect(measure.veryComplex).toBe(false);
    expect(schemaComplexity({ tools: [] }).veryComplex).toBe(false);
  });
});

describe("schemaComplexity after an edit", () => {
  it("measures an edited tool's new schema and keeps the others' measures (kept per schema object)", () => {
    const tools = [simple, deep, { ...simple, name: "other" }];
    expect(schemaComplexity({ tools })).toMatchObject({ complexTools: 1, maxDepth: 3, meanProperties: 2 });
    const edited = tools.map((tool, index) => (index === 1 ? { ...tool, inputSchema: simple.inputSchema } : tool));
    expect(schemaComplexity({ tools: edited })).toMatchObject({ complexTools: 0, maxDepth: 0, meanProperties: 1 });
    const widened = tools.map((tool, index) => (index === 0 ? { ...tool, inputSchema: combinator.inputSchema } : tool));
    expect(schemaComplexity({ tools: widened })).toMatchObject({ complexTools: 2, maxDepth: 3 });
    expect(schemaComplexity({ tools })).toMatchObject({ complexTools: 1, maxDepth: 3 });
  });
});
