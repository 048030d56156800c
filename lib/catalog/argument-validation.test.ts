import { describe, expect, it } from "vitest";
import { compiledSchemaOf, validateToolArguments } from "./argument-validation";
import type { CatalogTool } from "../core/catalog";

const getWeather: CatalogTool = {
  name: "get_weather",
  description: "Get the weather",
  inputSchema: {
    type: "object",
    properties: { location: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
    required: ["location"],
    additionalProperties: false,
  },
};

describe("validateToolArguments", () => {
  it("accepts valid arguments", () => {
    expect(validateToolArguments(getWeather, { location: "Paris", unit: "celsius" })).toEqual({
      valid: true,
      errors: [],
    });
  });

  it("explains enum, required, type and extra-property errors readably", () => {
    expect(validateToolArguments(getWeather, { location: "Paris", unit: "kelvin" }).errors).toEqual([
      { path: "/unit", message: "/unit must be equal to one of the allowed values: celsius, fahrenheit" },
    ]);
    expect(validateToolArguments(getWeather, { unit: "celsius" }).errors).toEqual([
      { path: "/location", message: "/location is required" },
    ]);
    expect(validateToolArguments(getWeather, { location: 3 }).errors).toEqual([
      { path: "/location", message: "/location must be string" },
    ]);
    expect(validateToolArguments(getWeather, { location: "x", city: "y" }).errors).toEqual([
      { path: "/", message: "/ must NOT have additional properties: city" },
    ]);
    expect(validateToolArguments(getWeather, "Paris").errors).toEqual([{ path: "/", message: "/ must be object" }]);
  });

  it("compiles once per schema and reuses the validator", () => {
    const first = compiledSchemaOf(getWeather);
    validateToolArguments(getWeather, { location: "a" });
    expect(compiledSchemaOf({ ...getWeather, description: "edited" })).toBe(first);
  });

  it("validates 2020-12 schemas and local $defs references", () => {
    const tool: CatalogTool = {
      name: "move_page",
      description: "",
      inputSchema: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { parent: { $ref: "#/$defs/parent" } },
        required: ["parent"],
        $defs: {
          parent: {
            type: "object",
            properties: { page_id: { type: "string", format: "uuid" } },
            required: ["page_id"],
          },
        },
      },
    };
    expect(validateToolArguments(tool, { parent: { page_id: "3f2b9c1e-8a4d-4b6e-9f10-2c7d5e8a1b42" } }).valid).toBe(
      true,
    );
    expect(validateToolArguments(tool, { parent: { page_id: "nope" } }).errors).toEqual([
      { path: "/parent/page_id", message: '/parent/page_id must match format "uuid"' },
    ]);
  });

  it("keeps two tools whose schemas declare the same $id apart", () => {
    const schemaA = {
      $id: "https://example.com/args",
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a"],
    };
    const schemaB = {
      $id: "https://example.com/args",
      type: "object",
      properties: { b: { type: "number" } },
      required: ["b"],
    };
    expect(validateToolArguments({ name: "a", description: "", inputSchema: schemaA }, { a: "x" }).valid).toBe(true);
    expect(validateToolArguments({ name: "b", description: "", inputSchema: schemaB }, { b: 1 }).valid).toBe(true);
    expect(validateToolArguments({ name: "b", description: "", inputSchema: schemaB }, { a: "x" }).valid).toBe(false);
  });

  it("survives a schema that claims a meta-schema's $id", () => {
    const hostile = { $id: "http://json-schema.org/draft-07/schema", type: "object" };
    validateToolArguments({ name: "hostile", description: "", inputSchema: hostile }, {});
    expect(validateToolArguments(getWeather, { location: "still works" }).valid).toBe(true);
    expect(
      validateToolArguments({ name: "fresh", description: "", inputSchema: { type: "object", required: ["x"] } }, {})
        .valid,
    ).toBe(false);
  });

  it("refuses arguments for a tool marked with a schema error", () => {
    const tool: CatalogTool = {
      name: "broken",
      description: "",
      inputSchema: { type: "object" },
      schemaError: "unknown type objekt",
    };
    expect(validateToolArguments(tool, {})).toEqual({
      valid: false,
      errors: [{ path: "/", message: "the input schema of broken cannot be compiled: unknown type objekt" }],
      uncompilable: "unknown type objekt",
    });
  });
});
