/** The tool catalog: the provider-neutral description of every tool an agent could use. */

/** A JSON Schema object as written by the tool's author (draft-07 or 2020-12). */
export type JsonSchema = { [key: string]: unknown };

export type CatalogTool = {
  /** Unique within the catalog. Collisions across servers are resolved with a `<server>__` prefix on import. */
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** Example inputs, each valid against `inputSchema` (Anthropic `input_examples`). */
  inputExamples?: Array<Record<string, unknown>>;
  /** The MCP server or OpenAI namespace the tool belongs to. */
  namespace?: string;
  /** What the simulated model's tool call returns; a short default is generated when absent. */
  mockResult?: unknown;
  /**
   * Set on import when Ajv cannot compile `inputSchema`: the tool is kept so the catalog still loads, and this
   * says why its arguments cannot be validated. Derived from the schema, so it is never serialized.
   */
  schemaError?: string;
};

/**
 * A tool name the provider refuses, and the name sent in its place when the scenario sends wire names (settings
 * `toolNameMapping`, lib/catalog/wire-names.ts).
 */
export type WireName = { original: string; wire: string };

export type Catalog = {
  tools: CatalogTool[];
  /** One-line descriptions of namespaces (OpenAI `namespace` tools need one). */
  namespaces?: Record<string, string>;
  /** Where the catalog came from and under which licence, kept with every copied fixture. */
  source?: string;
  license?: string;
};

/** A problem found in user input, located precisely enough to show next to where it was typed. */
export type InputProblem = {
  severity: "error" | "warning";
  /** JSON path of the offending value, e.g. `$.tools[3].inputSchema.properties.unit`. */
  path: string;
  /** The tool the problem belongs to, when there is one. */
  toolName?: string;
  /** The English sentence, as the CLI prints it. */
  message: string;
  /**
   * What the problem is, for the interface's sentence in the reader's language (lib/catalog/problem-text.ts, messages
   * `catalog.problems.codes.<code>`), with the figures and names it quotes. Without a code the interface shows `message`.
   */
  code?: string;
  values?: Record<string, string | number>;
  /** 1-based line and column in the source text, when the input was text. */
  line?: number;
  column?: number;
};

/** Result of every parser and builder: a value or nothing, plus problems; never a throw for bad input. */
export type Parsed<T> = { value: T | undefined; problems: InputProblem[] };
