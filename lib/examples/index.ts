/**
 * Built-in example scenarios. Each is loaded on demand through dynamic `import()`, so the browser downloads an
 * example's catalog only when it is opened.
 */
import { importCatalogValue } from "../catalog/import-catalog";
import { mergeCatalogs } from "../catalog/merge-catalogs";
import type { Catalog } from "../core/catalog";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { parseScenarioValue } from "../scenario/parse-scenario";
import type { Scenario } from "../scenario/types";
import { MCP_CATALOG_FILES } from "./mcp-catalogs";
import { seed200ToolsScenario, synthetic10000Scenario } from "./synthetic-examples";

import { EXAMPLES } from "./example-list";

export { EXAMPLES, type ExampleSummary } from "./example-list";

/** An example file: a scenario whose settings may be partial and whose catalog may come from elsewhere. */
type ExampleScript = Record<string, unknown> & { settings?: Record<string, unknown>; catalog?: unknown };

const LOADERS: Record<string, () => Promise<Scenario>> = {
  "learning-agent": async () => fromScript((await import("../../examples/learning-agent.json")).default),
  weather: async () => fromScript((await import("../../examples/weather.json")).default),
  "seed-200-tools": seed200ToolsScenario,
  "github-mcp": async () => {
    const [script, catalog] = await Promise.all([
      import("../../examples/github-mcp.json"),
      import("../../examples/catalogs/github-mcp-server.json"),
    ]);
    return fromScript(script.default, importedCatalog(catalog.default, "github-mcp-server.json"));
  },
  "mixed-mcp": async () => {
    const [script, catalog] = await Promise.all([import("../../examples/mixed-mcp.json"), mergedMcpCatalog()]);
    return fromScript(script.default, catalog);
  },
  "synthetic-10000": synthetic10000Scenario,
  "office-assistant-zh": async () => {
    const [script, catalog] = await Promise.all([
      import("../../examples/office-assistant-zh.json"),
      import("../../examples/office-assistant-zh-tools.json"),
    ]);
    return fromScript(script.default, importedCatalog(catalog.default, "office-assistant-zh-tools.json"));
  },
};

/** Loads an example by id. Examples are ours, so one that does not parse cleanly is a bug and throws. */
export async function loadExample(id: string): Promise<Scenario> {
  const load = LOADERS[id];
  if (!load)
    throw new Error(`examples: unknown example "${id}"; known: ${EXAMPLES.map((example) => example.id).join(", ")}`);
  return load();
}

function fromScript(script: unknown, catalog?: Catalog): Scenario {
  const example = script as ExampleScript;
  const document = {
    ...example,
    settings: { ...DEFAULT_SETTINGS, ...example.settings },
    catalog: catalog ?? example.catalog,
  };
  return checked(document, String(example.id));
}

/**
 * Shipped examples check their schemas against the meta-schema only and compile each one when a call is first
 * validated against it, as a catalog of more than 1,000 tools always does: compiling all 362 schemas of the merged
 * MCP catalog took 0.7–0.9 s on a loaded 2-core machine (0.13–0.20 s for the meta-schema check), on the search lab's
 * page thread and in the engine worker before its first step. That every shipped schema compiles, and every input
 * example matches its schema, is checked in full by lib/examples/examples.test.ts.
 */
const SHIPPED_SCHEMA_CHECK = "meta-schema";

function checked(document: unknown, id: string): Scenario {
  const parsed = parseScenarioValue(document, { schemaCheck: SHIPPED_SCHEMA_CHECK });
  const errors = parsed.problems.filter((problem) => problem.severity === "error");
  if (!parsed.value || errors.length > 0) {
    throw new Error(
      `examples: "${id}" does not load: ${errors.map((problem) => `${problem.path} ${problem.message}`).join("; ")}`,
    );
  }
  return parsed.value;
}

function importedCatalog(value: unknown, sourceName: string): Catalog {
  const imported = importCatalogValue(value, { sourceName, schemaCheck: SHIPPED_SCHEMA_CHECK });
  if (!imported.value) throw new Error(`examples: catalog ${sourceName} does not import`);
  return imported.value;
}

async function mergedMcpCatalog(): Promise<Catalog> {
  const modules = await Promise.all(MCP_CATALOG_FILES.map((entry) => entry.load()));
  const parts = MCP_CATALOG_FILES.map((entry, index) => ({
    server: entry.server,
    description: entry.description,
    catalog: importedCatalog(modules[index].default, entry.file),
  }));
  const merged = mergeCatalogs(parts);
  if (!merged.value) throw new Error("examples: the MCP catalogs do not merge");
  return merged.value;
}
