/**
 * A large example crosses from the engine worker to the page in parts. Its scenario is ≈ 16 MB of tools at 10,000
 * tools, and the page deserialises a message when it reads it, in one task: 404 ms of the start-up's longest task
 * (826 ms at load 6–7, `bench-browser-profile --moment startup`). Posted as parts of
 * EXAMPLE_TOOLS_PART tools ahead of the answer, each part is read in a task of its own, and the answer carries the
 * scenario without its tools. The page joins them (`joinExampleParts`); the worker's own state, the tests and the
 * build-time first view see the answer whole, since only the engine host's posting splits it. A person's own large
 * catalog, parsed by the worker (`catalog-parsed`), crosses the same way.
 */
import type { CatalogTool } from "../core/catalog";
import type { EngineResponse } from "./engine-messages";

/** Tools per part: ≈ 1.6 MB of a generated catalog, a few tens of milliseconds to read on the page. */
export const EXAMPLE_TOOLS_PART = 1_000;

type ExampleLoaded = Extract<EngineResponse, { kind: "example-loaded" }>;
type ExampleTools = Extract<EngineResponse, { kind: "example-tools" }>;
type CatalogParsed = Extract<EngineResponse, { kind: "catalog-parsed" }>;

function toolParts(requestId: number, tools: readonly CatalogTool[], partSize: number): ExampleTools[] {
  const parts: ExampleTools[] = [];
  for (let from = 0; from < tools.length; from += partSize)
    parts.push({ kind: "example-tools", requestId, from, tools: tools.slice(from, from + partSize) });
  return parts;
}

/** The messages that carry a parsed catalog's answer: its tools' parts, then the answer without them. */
export function splitCatalogParsedAnswer(
  response: CatalogParsed,
  partSize = EXAMPLE_TOOLS_PART,
): [...ExampleTools[], CatalogParsed] | [CatalogParsed] {
  const tools = response.catalog?.tools;
  if (!response.catalog || !tools || tools.length <= partSize) return [response];
  return [
    ...toolParts(response.requestId, tools, partSize),
    { ...response, catalog: { ...response.catalog, tools: [] }, toolsInParts: tools.length },
  ];
}

/** The messages that carry `response`, in posting order: its tools' parts, then the answer without them. */
export function splitExampleAnswer(
  response: ExampleLoaded,
  partSize = EXAMPLE_TOOLS_PART,
): [...ExampleTools[], ExampleLoaded] | [ExampleLoaded] {
  const { tools } = response.scenario.catalog;
  if (tools.length <= partSize) return [response];
  const parts = toolParts(response.requestId, tools, partSize);
  const scenario = { ...response.scenario, catalog: { ...response.scenario.catalog, tools: [] } };
  return [...parts, { ...response, scenario, toolsInParts: tools.length }];
}

/**
 * Collects the parts of one answer as they arrive; `join` gives the answer's scenario with its tools back, or says
 * why it cannot (a part missing or out of place: the example is then not opened, rather than opened short).
 */
export function exampleParts() {
  const tools: CatalogTool[] = [];
  let broken: string | null = null;
  return {
    add(part: ExampleTools): void {
      // Parts arrive in posting order (a worker's messages keep their order).
      if (broken) return;
      if (part.from !== tools.length)
        broken = `engine: tools part from ${part.from} arrived after ${tools.length} tools`;
      else for (const tool of part.tools) tools.push(tool);
    },
    /** A parsed catalog's answer with its tools back (see `join`). */
    joinCatalog(response: CatalogParsed): CatalogParsed | { error: string } {
      if (response.toolsInParts === undefined || !response.catalog) return response;
      if (broken) return { error: broken };
      if (tools.length !== response.toolsInParts)
        return { error: `engine: ${tools.length} of the catalog's ${response.toolsInParts} tools arrived` };
      const { toolsInParts: _joined, ...rest } = response;
      return { ...rest, catalog: { ...response.catalog, tools } };
    },
    join(response: ExampleLoaded): { scenario: ExampleLoaded["scenario"] } | { error: string } {
      if (response.toolsInParts === undefined) return { scenario: response.scenario };
      if (broken) return { error: broken };
      if (tools.length !== response.toolsInParts)
        return { error: `engine: ${tools.length} of the example's ${response.toolsInParts} tools arrived` };
      return { scenario: { ...response.scenario, catalog: { ...response.scenario.catalog, tools } } };
    },
  };
}
