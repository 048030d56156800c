/**
 * Query sets for the search lab: labelled queries (`{ q, expect[] }`), read from and written to JSON Lines in the
 * same format `npm run eval:search` reads (docs/SEARCH.md), so a set made in the lab runs in a tool author's CI.
 */
import type { CatalogTool, InputProblem } from "../core/catalog";
import { SERVER_PREFIX_SEPARATOR } from "../catalog/tool-names";
import { jsonRecords } from "../core/json-records";
import { parseEvaluationQueries } from "../search/parse-queries";

/** Where a query came from: written by a person, or suggested from the tool's own description (optimistic). */
export type QueryOrigin = "written" | "suggested";

export type LabQuery = { q: string; expect: string[]; origin?: QueryOrigin };

export type QuerySetImport = {
  /** The queries, or undefined when any line has an error (an import is all or nothing). */
  queries: LabQuery[] | undefined;
  /** Errors (bad lines) and warnings (expected tools not in the catalog), each with its line number. */
  problems: InputProblem[];
  /** Expected tools written `<server>:<tool>` and found in the catalog under another name. */
  renamed: Array<{ line: number; from: string; to: string }>;
};

/**
 * The catalog name a query's expected tool refers to. Exact names win. A CLI-style `<server>:<tool>` name (the
 * form `eval:search` gives tools of a catalog directory) is mapped onto a merged catalog, where a tool keeps its
 * name or, when servers collide, becomes `<server>__<tool>`: among the tools so named, the one whose namespace is
 * the longest part of `<server>` wins (`mcp-servers-archived-github:create_issue` → `archived-github__create_issue`).
 */
export function resolveToolName(name: string, tools: readonly CatalogTool[]): string | undefined {
  if (tools.some((tool) => tool.name === name)) return name;
  const colon = name.lastIndexOf(":");
  if (colon <= 0) return undefined;
  const server = name.slice(0, colon);
  const toolName = name.slice(colon + 1);
  const candidates = tools.filter(
    (tool) => tool.name === toolName || tool.name.endsWith(`${SERVER_PREFIX_SEPARATOR}${toolName}`),
  );
  if (candidates.length <= 1) return candidates[0]?.name;
  const fitting = candidates
    .filter((tool) => tool.namespace !== undefined && server.includes(tool.namespace))
    .sort((left, right) => (right.namespace?.length ?? 0) - (left.namespace?.length ?? 0));
  return fitting[0]?.name;
}

/** The line (1-based) each query starts on, when the text parsed cleanly (JSON Lines or one array). */
function queryLines(text: string): number[] {
  return jsonRecords(text, "queries").map((record) => record.line);
}

/**
 * Reads a query set (JSON Lines, or one JSON array). Syntax and shape errors name their line and reject the import.
 * Expected tools are resolved against `tools`: a `<server>:<tool>` name that maps onto one tool is renamed (listed in
 * `renamed`) and a name that is not in the catalog is kept, with a warning, and counts as never found.
 */
export function parseQuerySet(text: string, tools: readonly CatalogTool[]): QuerySetImport {
  const parsed = parseEvaluationQueries(text);
  if (parsed.value === undefined) return { queries: undefined, problems: parsed.problems, renamed: [] };
  const lines = queryLines(text);
  const problems: InputProblem[] = [];
  const renamed: QuerySetImport["renamed"] = [];
  const queries = parsed.value.map((query, index): LabQuery => {
    const line = lines[index];
    const expect = query.expect.map((name) => {
      const resolved = resolveToolName(name, tools);
      if (resolved === undefined) {
        const message = `line ${line}: expects ${name}, which is not in the catalog; the query counts as not found`;
        problems.push({
          severity: "warning",
          path: `$[${index}].expect`,
          toolName: name,
          line,
          column: 1,
          message,
          code: "querySetNotInCatalog",
          values: { line, name },
        });
      } else if (resolved !== name) {
        renamed.push({ line, from: name, to: resolved });
      }
      return resolved ?? name;
    });
    return { q: query.q, expect: [...new Set(expect)], origin: "written" };
  });
  return { queries, problems, renamed };
}

/** JSON Lines, one `{"q","expect"}` a line: exactly what `npm run eval:search -- --queries` reads. */
export function formatQuerySet(queries: readonly LabQuery[]): string {
  return (
    queries.map((query) => JSON.stringify({ q: query.q, expect: query.expect })).join("\n") +
    (queries.length > 0 ? "\n" : "")
  );
}

/** Queries whose expected tools include `name`. */
export function queriesExpecting(queries: readonly LabQuery[], name: string): number[] {
  return queries.flatMap((query, index) => (query.expect.includes(name) ? [index] : []));
}
