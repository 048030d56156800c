import { describe, expect, it } from "vitest";
import { sampleArguments } from "./sample-arguments";
import { samplePattern } from "./sample-pattern";

describe("samplePattern", () => {
  it.each([
    ["^T-[0-9]+$", "T-0"],
    ["^[A-Z]{3}$", "AAA"],
    ["^\\d{4}-\\d{2}-\\d{2}$", "7777-77-77"],
    ["^(draft|final)$", "draft"],
    ["^(?:[A-Z]{2})?[0-9]{5}$", "00000"],
    ["^sk-[A-Za-z0-9]{20,}$", "sk-AAAAAAAAAAAAAAAAAAAA"],
  ])("writes a string %s matches", (pattern, sample) => {
    expect(samplePattern(pattern)).toBe(sample);
    expect(new RegExp(pattern, "u").test(sample)).toBe(true);
  });

  it("gives up on what it does not read rather than return a string the pattern refuses", () => {
    expect(samplePattern("[^a]+")).toBeUndefined();
    expect(samplePattern("(unclosed")).toBeUndefined();
  });

  it("takes a string's example from its description before writing a placeholder", () => {
    const schema = {
      type: "object",
      properties: {
        symbol: { type: "string", description: "股票代码，例如 600519" },
        area: { type: "string", description: "地域名（例：渋谷）" },
        region: { type: "string", description: "Cloud region, e.g. eu-west-1." },
        host: { type: "string", description: "The host, e.g. api.example.com" },
        note: { type: "string", description: "Free text" },
      },
      required: ["symbol", "area", "region", "host", "note"],
    };
    expect(sampleArguments(schema)).toEqual({
      symbol: "600519",
      area: "渋谷",
      region: "eu-west-1",
      host: "api.example.com",
      note: "sample note",
    });
  });

  it("is used only when the usual sample does not match", () => {
    const schema = {
      type: "object",
      properties: { ticket_id: { type: "string", pattern: "^T-[0-9]+$" }, email: { type: "string", pattern: "@" } },
      required: ["ticket_id", "email"],
    };
    expect(sampleArguments(schema)).toEqual({ ticket_id: "T-0", email: "dana.lee@example.com" });
  });
});

describe("sampleArguments reads camelCase names as snake_case ones", () => {
  it("gives an id, a time and a first name whichever way the name is written", () => {
    const schema = {
      type: "object",
      properties: { petId: { type: "string" }, createdAt: { type: "string" }, firstName: { type: "string" } },
      required: ["petId", "createdAt", "firstName"],
    };
    const camel = sampleArguments(schema);
    expect(camel).toEqual({
      petId: expect.stringMatching(/^pet_[a-z0-9]{5}$/),
      createdAt: "2026-03-14T09:30:00Z",
      firstName: "Dana",
    });
    const snake = sampleArguments({
      type: "object",
      properties: { pet_id: { type: "string" } },
      required: ["pet_id"],
    });
    // The same words give the same value.
    expect(camel.petId).toBe(snake.pet_id);
    // A numeric id looks like one; a camelCase size is still a size.
    expect(
      sampleArguments({
        type: "object",
        properties: { orderId: { type: "integer" }, pageSize: { type: "integer" }, retries: { type: "integer" } },
        required: ["orderId", "pageSize", "retries"],
      }),
    ).toEqual({ orderId: 1042, pageSize: 10, retries: 3 });
  });
});
