/**
 * A JSON Schema of the tool-list formats the catalog parser accepts (lib/catalog/catalog-format.ts), for Monaco's
 * inline diagnostics while typing. It is deliberately looser than the parser: it catches wrong types as you type (a
 * name that is not a string, a schema that is not an object), and requires no key, so every shape the parser reads
 * (request bodies, pages, Gemini and Bedrock wrappers, tools keyed by name) passes it; the parser's own problems
 * (a missing name, Ajv's view of each input schema) are listed under the editor.
 */
export const CATALOG_EDITOR_SCHEMA_URI = "https://tool-disclosure-playground.local/schemas/catalog-editor.json";
export const TOOL_EDITOR_SCHEMA_URI = "https://tool-disclosure-playground.local/schemas/tool-editor.json";

/** The words Monaco shows on hover, in the reader's language (messages `catalog.editor.schema`). */
export type SchemaWords = { toolName: string; inputSchema: string; toolList: string };

export function editorSchemas(words: SchemaWords) {
  const toolName = {
    type: "string",
    minLength: 1,
    maxLength: 64,
    description: words.toolName,
  };
  const schemaObject = { type: "object", description: words.inputSchema };

  const catalogTool = {
    type: "object",
    properties: {
      name: toolName,
      description: { type: "string" },
      inputSchema: schemaObject,
      input_schema: schemaObject,
      parameters: schemaObject,
      inputExamples: { type: "array", items: { type: "object" } },
      input_examples: { type: "array", items: { type: "object" } },
      namespace: { type: "string" },
      type: { type: "string" },
      function: {
        type: "object",
        required: ["name"],
        properties: {
          name: toolName,
          description: { type: "string" },
          parameters: schemaObject,
          strict: { type: "boolean" },
        },
      },
      tools: { type: ["array", "object"] },
      toolSpec: {
        type: "object",
        properties: {
          name: toolName,
          description: { type: "string" },
          inputSchema: { type: "object", properties: { json: schemaObject } },
        },
      },
    },
  };

  const toolList = { type: "array", items: catalogTool };
  /** Tools keyed by their names: `{ get_weather: { description, inputSchema } }`. */
  const toolsByName = { type: "object", additionalProperties: catalogTool };

  const catalogSchema = {
    $id: CATALOG_EDITOR_SCHEMA_URI,
    title: words.toolList,
    anyOf: [
      toolList,
      {
        type: "object",
        properties: {
          tools: { anyOf: [toolList, toolsByName] },
          namespaces: { type: "object", additionalProperties: { type: "string" } },
          source: { type: "string" },
          license: { type: "string" },
          result: { type: "object", properties: { tools: toolList } },
          function: toolList,
          functions: toolList,
          functionDeclarations: toolList,
          function_declarations: toolList,
          toolConfig: { type: "object", properties: { tools: toolList } },
        },
      },
    ],
  };

  const toolSchema = { $id: TOOL_EDITOR_SCHEMA_URI, ...catalogTool };
  return { catalog: catalogSchema, tool: toolSchema };
}

/** Model paths the schemas are bound to (Monaco's `fileMatch`), so other JSON editors on the page are untouched. */
export const CATALOG_MODEL_PATH = "catalog.json";
export const TOOL_MODEL_PATH = "tool.json";
