import { describe, expect, it, vi } from "vitest";
import * as schemaCompiler from "./schema-compiler";
import { loadCatalogParser, loadedCatalogParser } from "./lazy-parser";

describe("loadCatalogParser", () => {
  it("compiles the meta-schema in a task of its own, between the parser's load and its first use", async () => {
    const order: string[] = [];
    const prepare = vi.spyOn(schemaCompiler, "prepareMetaSchemaChecks");
    prepare.mockImplementation(() => order.push("meta-schema"));
    expect(loadedCatalogParser()).toBeNull();
    const parse = await loadCatalogParser(async () => {
      order.push("next task");
    });
    expect(order).toEqual(["next task", "meta-schema", "next task"]);
    expect(loadedCatalogParser()).toBe(parse);
    prepare.mockRestore();
    const parsed = parse('[{"name":"look_up","description":"Looks up.","inputSchema":{"type":"object"}}]');
    expect(parsed.value?.tools.map((tool) => tool.name)).toEqual(["look_up"]);
    // Loaded once: a second call neither waits nor prepares again.
    expect(await loadCatalogParser(() => Promise.reject(new Error("waited again")))).toBe(parse);
  });
});

describe("prepareMetaSchemaChecks", () => {
  it("leaves the draft-07 checks answering as before", () => {
    schemaCompiler.prepareMetaSchemaChecks();
    schemaCompiler.prepareMetaSchemaChecks();
    expect(schemaCompiler.checkSchemaAgainstMetaSchema({ type: "object" }).error).toBeUndefined();
    expect(schemaCompiler.checkSchemaAgainstMetaSchema({ type: "objekt" }).error).toMatch(/schema/);
  });
});
