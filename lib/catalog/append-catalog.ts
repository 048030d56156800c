/**
 * "Add to the catalog": the imported tools after the current ones. A name that already exists keeps the current
 * tool and is reported, so an import never silently replaces work. Pure.
 */
import type { Catalog, InputProblem } from "../core/catalog";

export function appendCatalog(current: Catalog, imported: Catalog): { catalog: Catalog; problems: InputProblem[] } {
  const names = new Set(current.tools.map((tool) => tool.name));
  const problems: InputProblem[] = [];
  const added = imported.tools.filter((tool, index) => {
    if (!names.has(tool.name)) {
      names.add(tool.name);
      return true;
    }
    problems.push({
      severity: "warning",
      path: `$.tools[${index}]`,
      toolName: tool.name,
      message: `import: "${tool.name}" is already in the catalog; the existing tool is kept`,
      code: "alreadyInCatalog",
      values: { name: tool.name },
    });
    return false;
  });
  const namespaces = { ...imported.namespaces, ...current.namespaces };
  const catalog: Catalog = { ...current, tools: [...current.tools, ...added] };
  if (Object.keys(namespaces).length > 0) catalog.namespaces = namespaces;
  return { catalog, problems };
}
