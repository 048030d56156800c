import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { argumentsPassSchema } from "./argument-validation";
import { detectCatalogFormat } from "./catalog-format";
import { importCatalogValue, parseCatalogText } from "./import-catalog";
import { problemText } from "./problem-text";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { conversationForCatalog } from "../scenario/catalog-conversation";

/** A Petstore in OpenAPI 3.0, with each thing a bridge has to get right once. */
const petstore = {
  openapi: "3.0.3",
  info: { title: "Petstore", version: "1.0.0" },
  tags: [{ name: "pets", description: "Everything about pets" }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        summary: "List all pets",
        parameters: [
          {
            name: "limit",
            in: "query",
            description: "How many pets to return",
            schema: { type: "integer", maximum: 100, nullable: true },
          },
        ],
        responses: { "200": { description: "A page of pets" } },
      },
      post: {
        operationId: "createPet",
        summary: "Create a pet",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/NewPet" } } },
        },
        responses: { "201": { description: "Created" } },
      },
    },
    "/pets/{petId}": {
      parameters: [{ $ref: "#/components/parameters/PetId" }],
      get: {
        summary: "Info for a specific pet",
        description: "Returns the pet with its owner and children.",
        responses: { "200": { description: "The pet" } },
      },
      put: {
        operationId: "replacePet",
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } },
        responses: { "200": { description: "Replaced" } },
      },
      delete: {
        operationId: "deletePet",
        description: "Deletes a pet.",
        parameters: [{ name: "petId", in: "query", schema: { type: "boolean" }, "x-internal": true }],
        responses: { "204": { description: "Gone" } },
      },
      "x-rate-limit": { get: 10 },
    },
  },
  components: {
    parameters: {
      PetId: { name: "petId", in: "path", required: true, description: "The pet's id", schema: { type: "string" } },
    },
    schemas: {
      NewPet: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string", example: "Rex", "x-order": 1 },
          owner: { $ref: "#/components/schemas/Owner" },
        },
      },
      Pet: {
        allOf: [
          { $ref: "#/components/schemas/NewPet" },
          {
            type: "object",
            properties: {
              id: { type: "integer" },
              children: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
            },
          },
        ],
      },
      Owner: { type: "object", properties: { name: { type: "string" } } },
      Unused: { type: "string" },
    },
  },
};

describe("an OpenAPI document is read as one tool per operation", () => {
  it("is recognised by its version and paths, at the document's root only", () => {
    expect(detectCatalogFormat(petstore)?.format).toBe("openapi");
    expect(detectCatalogFormat({ swagger: "2.0", info: {}, paths: {} })?.format).toBe("openapi");
    // Without a version field, `paths` alone is some other document.
    expect(detectCatalogFormat({ paths: { "/a": {} } })).toBeUndefined();
    // Under another document's key it is not searched for: only tool lists are.
    expect(detectCatalogFormat({ spec: petstore })).toBeUndefined();
  });

  it("names, describes and gives each operation its parameters and body as one schema", () => {
    const imported = importCatalogValue(petstore, { sourceName: "petstore.json" });
    const tools = imported.value?.tools ?? [];
    expect(imported.format).toBe("openapi");
    // Operations in the document's order; one without an operationId is named by its method and path.
    expect(tools.map((tool) => tool.name)).toEqual([
      "listPets",
      "createPet",
      "get_pets_petId",
      "replacePet",
      "deletePet",
    ]);
    const [listPets, createPet, getPet, replacePet, deletePet] = tools;
    // OpenAPI 3.0's `nullable` is JSON Schema's null type; the parameter's description is the property's.
    expect(listPets.description).toBe("List all pets");
    expect(listPets.inputSchema).toEqual({
      type: "object",
      properties: { limit: { type: ["integer", "null"], maximum: 100, description: "How many pets to return" } },
    });
    // A JSON body's properties sit beside the parameters; the component it names is not carried twice, the ones it
    // refers to travel in `$defs`; `example` becomes `examples` and `x-` extensions go.
    expect(createPet.inputSchema).toEqual({
      type: "object",
      properties: { name: { type: "string", examples: ["Rex"] }, owner: { $ref: "#/$defs/Owner" } },
      required: ["name"],
      $defs: { Owner: { type: "object", properties: { name: { type: "string" } } } },
    });
    // A path-level parameter given by reference; summary then description.
    expect(getPet.description).toBe("Info for a specific pet\n\nReturns the pet with its owner and children.");
    expect(getPet.inputSchema).toEqual({
      type: "object",
      properties: { petId: { type: "string", description: "The pet's id" } },
      required: ["petId"],
    });
    // A body that is not a plain object (here an allOf, recursive through `children`) is the `body` property, and
    // every component it reaches is defined once.
    expect(replacePet.inputSchema.properties).toEqual({
      petId: { type: "string", description: "The pet's id" },
      body: { $ref: "#/$defs/Pet" },
    });
    expect(Object.keys(replacePet.inputSchema.$defs as object).sort()).toEqual(["NewPet", "Owner", "Pet"]);
    // The same name in two places keeps both.
    expect(deletePet.inputSchema.properties).toEqual({
      petId: { type: "string", description: "The pet's id" },
      query_petId: { type: "boolean" },
    });
    expect(deletePet.inputSchema.required).toEqual(["petId"]);
    // The page says how the document was read; every schema compiled, so nothing else is reported.
    expect(imported.problems.map((problem) => [problem.code, problem.path])).toEqual([
      ["openApiOperations", "$.paths"],
    ]);
    expect(problemText(imported.problems[0], "en")).toContain("5 operations as tools");
    expect(problemText(imported.problems[0], "zh-CN")).toContain("5 个操作");
  });

  it("reads Swagger 2.0: inline parameter schemas, a body parameter, a form file", () => {
    const imported = importCatalogValue({
      swagger: "2.0",
      info: { title: "Users", version: "1" },
      definitions: { User: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } } },
      paths: {
        "/users/{id}": {
          get: {
            operationId: "getUser",
            summary: "One user",
            parameters: [
              { name: "id", in: "path", type: "integer", required: true },
              { name: "fields", in: "query", type: "array", items: { type: "string" }, collectionFormat: "csv" },
            ],
          },
          put: {
            operationId: "putUser",
            parameters: [
              { name: "id", in: "path", type: "integer", required: true },
              { name: "user", in: "body", required: true, schema: { $ref: "#/definitions/User" } },
            ],
          },
        },
        "/avatars": {
          post: { operationId: "uploadAvatar", parameters: [{ name: "image", in: "formData", type: "file" }] },
        },
      },
    });
    const byName = Object.fromEntries((imported.value?.tools ?? []).map((tool) => [tool.name, tool.inputSchema]));
    expect(byName.getUser).toEqual({
      type: "object",
      properties: { id: { type: "integer" }, fields: { type: "array", items: { type: "string" } } },
      required: ["id"],
    });
    // The body's `id` is also a path parameter, so the body stays whole.
    expect(byName.putUser).toEqual({
      type: "object",
      properties: { id: { type: "integer" }, body: { $ref: "#/$defs/User" } },
      required: ["id", "body"],
      $defs: { User: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } } },
    });
    expect(byName.uploadAvatar).toEqual({
      type: "object",
      properties: { image: { type: "string", format: "binary" } },
    });
  });

  it("points a broken operation's problem at the operation, and keeps the rest", () => {
    const imported = importCatalogValue({
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: {
        "/a": { get: { operationId: "a", parameters: [{ name: "n", in: "query", schema: { type: "numbr" } }] } },
        "/b": { get: { operationId: "b", summary: "Fine" } },
      },
    });
    expect(imported.value?.tools.map((tool) => tool.name)).toEqual(["a", "b"]);
    const errors = imported.problems.filter((problem) => problem.severity === "error");
    expect(errors.map((problem) => problem.path)).toEqual(['$.paths["/a"].get']);
  });

  it("reads the same document written in YAML, and names the line of a YAML error", () => {
    const yaml = fs.readFileSync(path.join(__dirname, "test-fixtures/shapes/openapi-petstore.yaml"), "utf8");
    const imported = parseCatalogText(yaml, { sourceName: "petstore.yaml" });
    expect(imported.format).toBe("openapi");
    expect(imported.value?.tools.map((tool) => tool.name)).toEqual(["listPets", "createPet", "showPetById"]);
    expect(imported.value?.tools[0]).toEqual({
      name: "listPets",
      description: "List all pets",
      inputSchema: { type: "object", properties: { limit: { type: ["integer", "null"] } } },
    });
    expect(imported.problems.map((problem) => problem.code)).toEqual(["openApiOperations"]);
    // A YAML error is reported as one, on its line, in the reader's language.
    // (A key given twice is an error in YAML, here on line 3.)
    const broken = parseCatalogText("openapi: 3.1.0\npaths: {}\npaths: {}\n", { sourceName: "broken.yaml" });
    expect(broken.value).toBeUndefined();
    expect(broken.problems.map((problem) => [problem.code, problem.line])).toEqual([["openApiYaml", 3]]);
    expect(problemText(broken.problems[0], "zh-CN")).toContain("YAML 格式的 OpenAPI 文档无法解析");
    // Aliases that expand without end are refused, not followed.
    const laughs = [
      "openapi: 3.1.0",
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...Array.from({ length: 8 }, (_, index) => {
        const name = String.fromCharCode(98 + index);
        const previous = String.fromCharCode(97 + index);
        return `${name}: &${name} [${Array.from({ length: 10 }, () => `*${previous}`).join(", ")}]`;
      }),
      "paths: {}",
    ].join("\n");
    expect(parseCatalogText(laughs).problems.map((problem) => problem.code)).toEqual(["openApiYaml"]);
    // Other text that is not JSON still gets the JSON error.
    expect(parseCatalogText("name: x\n").problems.map((problem) => problem.code)).not.toContain("openApiYaml");
  });

  it("reports a document with no operations as a catalog with no tools", () => {
    const imported = importCatalogValue({ openapi: "3.1.0", info: { title: "x", version: "1" }, paths: {} });
    expect(imported.problems.map((problem) => problem.code)).toEqual(["noTools"]);
  });

  it("runs: the conversation made over the imported operations passes their schemas", async () => {
    const parsed = parseCatalogText(JSON.stringify(petstore), { sourceName: "petstore.json" });
    const catalog = parsed.value!;
    const turns = conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema });
    expect(turns.length).toBeGreaterThan(0);
    for (const need of turns.flatMap((turn) => turn.needs)) {
      const tool = catalog.tools.find((candidate) => candidate.name === need.tool)!;
      expect(argumentsPassSchema(tool, need.arguments)).toBe(true);
    }
    const weather = await loadExample("weather");
    const [run] = createEngine().runAll({ ...weather, catalog, turns }, ["full"], {});
    expect(run.refused).toBeUndefined();
    expect(run.totals.toolsNeeded).toBe(turns.flatMap((turn) => turn.needs).length);
    expect(run.totals.toolsFound).toBe(run.totals.toolsNeeded);
  });
});
