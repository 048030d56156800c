import { describe, expect, it } from "vitest";
import { bfclToJsonSchema } from "./bfcl-types";

describe("bfclToJsonSchema", () => {
  it("maps dict, float, tuple and any recursively", () => {
    const bfcl = {
      type: "dict",
      properties: {
        coordinates: { type: "tuple", items: { type: "float" }, description: "(lat, lon)" },
        options: {
          type: "dict",
          properties: { scale: { type: "float" }, anything: { type: "any", description: "Any value" } },
        },
        tags: { type: "array", items: { type: "string" } },
        maybe: { type: ["float", "null"] },
        loose: { type: ["any", "string"] },
      },
      required: ["coordinates"],
    };
    expect(bfclToJsonSchema(bfcl)).toEqual({
      type: "object",
      properties: {
        coordinates: { type: "array", items: { type: "number" }, description: "(lat, lon)" },
        options: { type: "object", properties: { scale: { type: "number" }, anything: { description: "Any value" } } },
        tags: { type: "array", items: { type: "string" } },
        maybe: { type: ["number", "null"] },
        loose: {},
      },
      required: ["coordinates"],
    });
  });

  it("treats property names as names, not keywords", () => {
    const converted = bfclToJsonSchema({
      type: "dict",
      properties: { type: { type: "string", enum: ["dict", "float"] } },
    });
    expect(converted).toEqual({ type: "object", properties: { type: { type: "string", enum: ["dict", "float"] } } });
  });

  it("does not change its input and cannot be steered by __proto__ keys", () => {
    const input = JSON.parse('{"type":"dict","properties":{"__proto__":{"type":"float"}}}');
    const converted = bfclToJsonSchema(input);
    expect(input.type).toBe("dict");
    expect(Object.getPrototypeOf(converted.properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(converted.properties, "__proto__")?.value).toEqual({ type: "number" });
  });
});
