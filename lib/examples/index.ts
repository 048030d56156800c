/**
 * Built-in example scenarios. Each is loaded on demand through dynamic `import()`, so the browser downloads an
 * example's catalog only when it is opened.
 */
import { importCatalogValue } from "../catalog/import-catalog";
import { mergeCatalogs } from "../catalog/merge-catalogs";
import type { Catalog } from "../catalog/types";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { parseScenarioValue } from "../scenario/parse-scenario";
import type { Scenario } from "../scenario/types";
import { MCP_CATALOG_FILES } from "./mcp-catalogs";
import { seed200ToolsScenario, synthetic10000Scenario } from "./synthetic-examples";

export type ExampleSummary = { id: string; title: string; summary: string; toolCount?: number };

export const EXAMPLES: ExampleSummary[] = [
  {
    id: "learning-agent",
    title: "Learning agent",
    summary: "A study assistant: flashcards, study plans, quizzes and a few unrelated tools.",
    toolCount: 16,
  },
  {
    id: "weather",
    title: "Weather and files",
    summary: 'The documentation\'s two-tool example, with a scripted argument mistake (unit "kelvin").',
    toolCount: 2,
  },
  {
    id: "seed-200-tools",
    title: "200 tools (≈80k tokens)",
    summary: "A generated catalog of 200 tools of about 400 tokens; six requests.",
    toolCount: 200,
  },
  {
    id: "github-mcp",
    title: "GitHub MCP server",
    summary: "All 117 tools of GitHub's official MCP server; five everyday requests.",
    toolCount: 117,
  },
  {
    id: "mixed-mcp",
    title: "24 MCP servers",
    summary: "Every bundled MCP catalog merged, name collisions prefixed by server; four requests.",
    toolCount: 362,
  },
  {
    id: "synthetic-10000",
    title: "10,000 tools",
    summary: "Anthropic's maximum of deferred tools, generated at about 300 tokens each; three requests.",
    toolCount: 10_000,
  },
];

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

function checked(document: unknown, id: string): Scenario {
  const parsed = parseScenarioValue(document);
  const errors = parsed.problems.filter((problem) => problem.severity === "error");
  if (!parsed.value || errors.length > 0) {
    throw new Error(
      `examples: "${id}" does not load: ${errors.map((problem) => `${problem.path} ${problem.message}`).join("; ")}`,
    );
  }
  return parsed.value;
}

function importedCatalog(value: unknown, sourceName: string): Catalog {
  const imported = importCatalogValue(value, { sourceName });
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
