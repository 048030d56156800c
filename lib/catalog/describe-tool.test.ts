import { describe, expect, it } from "vitest";
import { oneLineDescription, parameterSignature } from "./describe-tool";
import type { CatalogTool } from "../core/catalog";

const tool = (description: string, inputSchema: CatalogTool["inputSchema"] = { type: "object" }): CatalogTool => ({
  name: "t",
  description,
  inputSchema,
});

describe("oneLineDescription", () => {
  it("takes the first sentence", () => {
    expect(oneLineDescription(tool("Get the weather. Use it for forecasts too."))).toBe("Get the weather.");
    expect(oneLineDescription(tool("Lists files, e.g. reports. More."))).toBe("Lists files, e.g. reports.");
    expect(oneLineDescription(tool("从学习笔记创建记忆卡片。调用前必须先调用 load_tool_schemas。"))).toBe(
      "从学习笔记创建记忆卡片。",
    );
  });

  it("stops at the first line and collapses whitespace", () => {
    expect(oneLineDescription(tool("\nThis tool will create a customer in Stripe.\n\nIt takes two arguments"))).toBe(
      "This tool will create a customer in Stripe.",
    );
    expect(oneLineDescription(tool("Notion | Retrieve a user\nError Responses:\n400: 400"))).toBe(
      "Notion | Retrieve a user",
    );
  });

  it("shortens long sentences at a word boundary", () => {
    const shortened = oneLineDescription(tool("word ".repeat(60)), 40);
    expect(shortened.length).toBeLessThanOrEqual(40);
    expect(shortened.endsWith("word…")).toBe(true);
    expect(oneLineDescription(tool(""))).toBe("");
  });

  it("keeps a sentence of exactly the limit whole, and cuts one character longer to exactly the limit", () => {
    // No space to cut at: the cut is by characters, the ellipsis taking the last place.
    const letters = "abcdefghijklmnopqrstuvwxyz".repeat(10);
    expect(oneLineDescription(tool(letters.slice(0, 120)))).toBe(letters.slice(0, 120));
    expect(oneLineDescription(tool(letters.slice(0, 121)))).toBe(letters.slice(0, 119) + "…");
    expect(oneLineDescription(tool(letters.slice(0, 121)))).toHaveLength(120);
    expect(oneLineDescription(tool(letters.slice(0, 41)), 40)).toBe(letters.slice(0, 39) + "…");
    // A word boundary inside the kept part: the cut ends at the last whole word before the limit.
    expect(oneLineDescription(tool("aaaa bbbb cccc dddd eeee"), 15)).toBe("aaaa bbbb cccc…");
  });
});

describe("parameterSignature", () => {
  it("lists parameters with types, enums and required marks", () => {
    const weather = tool("", {
      type: "object",
      properties: { location: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
      required: ["location"],
    });
    expect(parameterSignature(weather)).toBe('location: string*, unit: "celsius"|"fahrenheit"');
  });

  it("renders arrays, unions, references and long enums compactly", () => {
    const complex = tool("", {
      type: "object",
      properties: {
        tags: { type: "array", items: { type: "string" } },
        mixed: { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
        maybe: { type: ["string", "null"] },
        parent: { $ref: "#/$defs/parent" },
        level: { enum: [1, 2, 3, 4, 5, 6, 7] },
        anything: {},
      },
      required: ["parent"],
      $defs: { parent: { type: "object", properties: {} } },
    });
    expect(parameterSignature(complex)).toBe(
      "tags: string[], mixed: (string|number)[], maybe: string|null, parent: object*, level: 1|2|3|4|5|6|…, anything: any",
    );
    expect(parameterSignature(tool("", { type: "object" }))).toBe("");
  });
});
