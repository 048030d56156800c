import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { firstKimiSchemaRefusal, kimiSchemaMessage } from "./kimi-schema-rules";

const fn = (parameters: unknown, extra: Record<string, unknown> = {}) => ({
  type: "function",
  function: { name: "tool_one", description: "d", parameters, ...extra },
});

describe("Kimi's schema rules (strict by default, MFJS)", () => {
  it("refuses a property without type, naming its path in Moonshot's wording", () => {
    const refusal = firstKimiSchemaRefusal([
      fn({ type: "object", properties: { city: { type: "string" } } }),
      fn({ type: "object", properties: { source: { description: "anything" } } }),
    ]);
    expect(refusal).toEqual({ tool: 1, name: "tool_one", path: "properties.source", detail: "type is not defined" });
    expect(kimiSchemaMessage(refusal!)).toBe(
      "Invalid request: tools.function.parameters is not a valid moonshot flavored json schema, details: " +
        "<At path 'properties.source': type is not defined>",
    );
  });

  it("refuses type beside oneOf or anyOf, at the root or inside", () => {
    expect(firstKimiSchemaRefusal([fn({ type: "object", oneOf: [{ type: "object" }] })])).toMatchObject({
      path: "root",
      detail: "when using oneOf, type should be defined in oneOf items instead of the parent schema",
    });
    const nested = { type: "object", properties: { v: { type: "string", anyOf: [{ type: "string" }] } } };
    expect(firstKimiSchemaRefusal([fn(nested)])?.path).toBe("properties.v");
  });

  it("accepts type carried by the alternatives or a reference, and any schema sent with strict: false", () => {
    const carried = {
      type: "object",
      properties: {
        a: { anyOf: [{ type: "string" }, { type: "null" }] },
        b: { $ref: "#/$defs/b" },
        c: { type: "array", items: { type: "string" } },
      },
    };
    expect(firstKimiSchemaRefusal([fn(carried)])).toBeNull();
    expect(firstKimiSchemaRefusal([fn({ type: "object", properties: { x: {} } }, { strict: false })])).toBeNull();
    // strict omitted is strict (the doc: "omitting is equivalent to true").
    expect(firstKimiSchemaRefusal([fn({ type: "object", properties: { x: {} } })])).not.toBeNull();
  });

  it("github-mcp `full` on Moonshot is refused at request 1, as Kimi refuses projects_write's schema", async () => {
    const scenario = await loadExample("github-mcp");
    const run = createEngine().runStrategy(scenario, "full", { provider: "moonshot" });
    expect(run.totals.failsAtRequest).toBe(1);
    const rejected = run.steps[0].rejected!;
    expect(rejected).toMatchObject({ status: 400, limit: "tool-schema", messageVerbatim: true });
    expect(rejected.reason).toMatch(/^Invalid request: tools\.function\.parameters is not a valid moonshot flavored/);
    expect(rejected.reason).toContain("type should be defined in oneOf items instead of the parent schema");
    expect(rejected.param).toMatch(/^tools\[\d+\]\.function\.parameters$/);
  });
});
