import { describe, expect, it } from "vitest";
import { defaultMockResult } from "./mock-result";
import { sampleArguments } from "./sample-arguments";
import type { CatalogTool } from "../core/catalog";

const tool = (name: string): CatalogTool => ({ name, description: "", inputSchema: { type: "object" } });

describe("defaultMockResult", () => {
  it("is deterministic and shaped by what the tool does", () => {
    expect(defaultMockResult(tool("crm_create_contact"), { email: "a@b.c" })).toEqual(
      defaultMockResult(tool("crm_create_contact"), { email: "a@b.c" }),
    );
    expect(defaultMockResult(tool("crm_create_contact"), { email: "a@b.c" })).toMatchObject({
      status: "created",
      email: "a@b.c",
      id: expect.stringMatching(/^contact_/),
    });
    expect(defaultMockResult(tool("invoice_list_overdue"), {})).toMatchObject({
      items: [expect.any(Object)],
      total: 1,
    });
    expect(defaultMockResult(tool("getWeather"), { location: "Paris" })).toMatchObject({ location: "Paris" });
    expect(defaultMockResult(tool("archive_page"), {})).toMatchObject({ status: "archived" });
    expect(defaultMockResult(tool("delete_file"), {})).toMatchObject({ status: "deleted" });
    expect(defaultMockResult(tool("sequentialthinking"), { thought: "x" })).toMatchObject({
      status: "ok",
      tool: "sequentialthinking",
    });
  });

  it("differs for different arguments and echoes only scalars", () => {
    const first = defaultMockResult(tool("get_file"), { path: "a" }) as { id: string };
    const second = defaultMockResult(tool("get_file"), { path: "b" }) as { id: string };
    expect(first.id).not.toBe(second.id);
    expect(defaultMockResult(tool("get_file"), { nested: { a: 1 }, path: "a" })).not.toHaveProperty("nested");
  });
});

describe("sampleArguments", () => {
  it("fills required properties with plausible values that respect the schema", () => {
    const args = sampleArguments({
      type: "object",
      properties: {
        email: { type: "string", format: "email" },
        limit: { type: "integer", minimum: 20, maximum: 50 },
        status: { type: "string", enum: ["open", "closed"] },
        tags: { type: "array", items: { type: "string" }, minItems: 2 },
        optional: { type: "string" },
      },
      required: ["email", "limit", "status", "tags"],
    });
    expect(args).toEqual({
      email: "dana.lee@example.com",
      limit: 20,
      status: "open",
      tags: ["sample tags 0", "sample tags 1"],
    });
    expect(
      sampleArguments({ type: "object", properties: { a: { type: "string" } } }, { includeOptional: true }),
    ).toEqual({ a: "sample a" });
  });
});
