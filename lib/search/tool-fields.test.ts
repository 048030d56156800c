import { describe, expect, it } from "vitest";
import { extractSearchFields } from "./tool-fields";

describe("extractSearchFields", () => {
  it("reads name, description and top-level arguments", () => {
    const fields = extractSearchFields({
      name: "get_weather",
      description: "Get the weather",
      inputSchema: { type: "object", properties: { location: { type: "string", description: "City" }, unit: {} } },
    });
    expect(fields).toEqual({
      name: "get_weather",
      description: "Get the weather",
      parameterNames: ["location", "unit"],
      parameterDescriptions: ["City"],
      enumValues: [],
    });
  });

  it("collects the string enum values of arguments, nested and in array items, once each", () => {
    const fields = extractSearchFields({
      name: "maps_directions",
      description: "Get directions",
      inputSchema: {
        type: "object",
        properties: {
          mode: { type: "string", enum: ["driving", "walking", "", 3] },
          avoid: { type: "array", items: { type: "string", enum: ["tolls", "walking"] } },
        },
      },
    });
    expect(fields.enumValues).toEqual(["driving", "walking", "tolls"]);
  });

  it("walks nested properties, array items and referenced $defs, but not unreferenced $defs", () => {
    const fields = extractSearchFields({
      name: "create_page",
      description: "Create a page",
      inputSchema: {
        type: "object",
        $defs: {
          parent: { type: "object", properties: { page_id: { type: "string", description: "Parent page" } } },
          unused: { type: "object", properties: { never_indexed: { type: "string" } } },
        },
        properties: {
          parent: { $ref: "#/$defs/parent" },
          children: {
            type: "array",
            items: { type: "object", properties: { block_type: { type: "string", description: "Kind of block" } } },
          },
          filter: { anyOf: [{ type: "object", properties: { property: { type: "string" } } }, { type: "null" }] },
        },
      },
    });
    expect(fields.parameterNames).toEqual(["parent", "page_id", "children", "block_type", "filter", "property"]);
    expect(fields.parameterDescriptions).toEqual(["Parent page", "Kind of block"]);
  });

  it("stops at recursive definitions and tolerates a missing schema", () => {
    const recursive = extractSearchFields({
      name: "tree",
      description: "",
      inputSchema: {
        $defs: { node: { type: "object", properties: { child: { $ref: "#/$defs/node" } } } },
        properties: { root: { $ref: "#/$defs/node" } },
      },
    });
    expect(recursive.parameterNames).toEqual(["root", "child"]);
    const bare = extractSearchFields({ name: "ping", description: "Ping", inputSchema: undefined as never });
    expect(bare.parameterNames).toEqual([]);
  });
});

describe("extractSearchFields: a shared schema", () => {
  it("walks a schema once and gives the tools that share it the same lists", () => {
    const inputSchema = {
      type: "object",
      properties: { repo: { type: "string", description: "Repository", enum: ["a"] } },
    };
    const first = extractSearchFields({ name: "tenant_a__get_repo", description: "Get a repository", inputSchema });
    const second = extractSearchFields({
      name: "tenant_b__get_repo",
      description: "Get a repository too",
      inputSchema,
    });
    expect(second.parameterNames).toBe(first.parameterNames);
    expect(second.parameterDescriptions).toBe(first.parameterDescriptions);
    expect(second.enumValues).toBe(first.enumValues);
    expect(second).toEqual({ ...first, name: "tenant_b__get_repo", description: "Get a repository too" });
    const alike = extractSearchFields({
      name: "get_repo",
      description: "Get",
      inputSchema: structuredClone(inputSchema),
    });
    expect(alike.parameterNames).not.toBe(first.parameterNames);
    expect(alike.parameterNames).toEqual(first.parameterNames);
  });
});
