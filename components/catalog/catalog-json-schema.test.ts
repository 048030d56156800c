/**
 * The editor's inline schema against the parser: every tool list the parser reads passes it (a red mark on a file
 * that imports would be a false error, in English only), and it still marks wrong types as you type.
 */
import fs from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { parseCatalogText } from "@/lib/catalog";
import { editorSchemas } from "./catalog-json-schema";

const SHAPES_FOLDER = path.join(__dirname, "..", "..", "lib", "catalog", "test-fixtures", "shapes");
const schemas = editorSchemas({ toolName: "name", inputSchema: "schema", toolList: "tools" });
const ajv = new Ajv({ strict: false });
const catalogPasses = ajv.compile(schemas.catalog);
const toolPasses = ajv.compile(schemas.tool);
const weather = { type: "object", properties: { city: { type: "string" } } };

describe("the catalog editor's inline schema", () => {
  const files = fs.readdirSync(SHAPES_FOLDER).filter((file) => file.endsWith(".json"));
  it.each(files)("passes %s, which the parser reads", (file) => {
    const text = fs.readFileSync(path.join(SHAPES_FOLDER, file), "utf8").replace(/^\uFEFF/, "");
    // JSONC (comments, trailing commas) is not JSON: Monaco's JSON mode marks it whatever the schema says.
    if (parseCatalogText(text).value === undefined || file.includes("jsonc")) return;
    expect(catalogPasses(JSON.parse(text)), JSON.stringify(catalogPasses.errors)).toBe(true);
  });

  it("passes tools keyed by their names, alone or as a request's tools", () => {
    const keyed = { get_weather: { description: "Weather", inputSchema: weather } };
    expect(parseCatalogText(JSON.stringify(keyed)).value?.tools).toHaveLength(1);
    expect(catalogPasses(keyed)).toBe(true);
    expect(catalogPasses({ model: "m", tools: keyed })).toBe(true);
  });

  it("marks a name that is not a string and a schema that is not an object", () => {
    expect(catalogPasses([{ name: 7, inputSchema: weather }])).toBe(false);
    expect(catalogPasses({ tools: [{ name: "a", inputSchema: "object" }] })).toBe(false);
    expect(catalogPasses({ toolConfig: { tools: [{ toolSpec: { name: "a", inputSchema: { json: [] } } }] } })).toBe(
      false,
    );
    expect(toolPasses({ name: "a".repeat(65), inputSchema: weather })).toBe(false);
    expect(toolPasses({ name: "get_weather", inputSchema: weather })).toBe(true);
  });
});
