/**
 * Merges the catalogs of several MCP servers into one, as a client connected to all of them would. Each tool's
 * namespace becomes its server; a name offered by more than one server is renamed `<server>__<name>` on every
 * server that offers it, so no server silently wins.
 */
import {
  SERVER_PREFIX_SEPARATOR,
  TOOL_NAME_PATTERN,
  isValidToolName,
  sanitizeNamePart,
  toolNameRuleMessage,
} from "./tool-names";
import type { Catalog, CatalogTool, InputProblem, Parsed } from "../core/catalog";

export type CatalogPart = {
  server: string;
  catalog: Catalog;
  /** One line about the server, used as its namespace description (OpenAI namespaces need one). */
  description?: string;
};

export function mergeCatalogs(parts: CatalogPart[]): Parsed<Catalog> {
  const problems: InputProblem[] = [];
  const serversByName = new Map<string, Set<string>>();
  for (const { server, catalog } of parts) {
    for (const tool of catalog.tools) {
      const servers = serversByName.get(tool.name) ?? new Set<string>();
      servers.add(server);
      serversByName.set(tool.name, servers);
    }
  }
  const tools: CatalogTool[] = [];
  const namespaces: Record<string, string> = {};
  const firstPathByName = new Map<string, string>();
  parts.forEach(({ server, catalog, description }, partIndex) => {
    namespaces[server] = description ?? `Tools of the ${server} MCP server`;
    catalog.tools.forEach((tool, toolIndex) => {
      // Paths point into the `parts` argument, the only document the caller has.
      const path = `$[${partIndex}].catalog.tools[${toolIndex}]`;
      const servers = serversByName.get(tool.name)!;
      let name = tool.name;
      if (servers.size > 1) {
        name = `${sanitizeNamePart(server)}${SERVER_PREFIX_SEPARATOR}${tool.name}`;
        const others = [...servers].filter((other) => other !== server).join(", ");
        problems.push({
          severity: "warning",
          path,
          toolName: name,
          message: `catalog: "${tool.name}" is also offered by ${others}; renamed to "${name}"`,
          code: "renamed",
          values: { name: tool.name, others, renamed: name },
        });
        if (!isValidToolName(name))
          problems.push({
            severity: "warning",
            path,
            toolName: name,
            message: `catalog: ${toolNameRuleMessage(name)}`,
            code: "nameRule",
            values: { name, pattern: TOOL_NAME_PATTERN.source },
          });
      }
      const firstPath = firstPathByName.get(name);
      if (firstPath !== undefined) {
        problems.push({
          severity: "error",
          path,
          toolName: name,
          message: `catalog: duplicate tool name "${name}" at ${firstPath} and ${path}; the second is ignored`,
          code: "duplicateName",
          values: { name, first: firstPath, second: path },
        });
        return;
      }
      firstPathByName.set(name, path);
      tools.push({ ...tool, name, namespace: server });
    });
  });
  const merged: Catalog = { tools, namespaces };
  const sources = parts.filter((part) => part.catalog.source).map((part) => `${part.server}: ${part.catalog.source}`);
  if (sources.length > 0) merged.source = sources.join("\n");
  const licenses = [
    ...new Set(parts.map((part) => part.catalog.license).filter((license): license is string => Boolean(license))),
  ];
  if (licenses.length > 0) merged.license = licenses.join("; ");
  return { value: merged, problems };
}
