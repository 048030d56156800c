/**
 * Scripted turns for generated catalogs: a user request written from a tool's own first sentence and
 * arguments sampled from its schema, so every turn is plausible and its arguments validate.
 */
import { oneLineDescription } from "../catalog/describe-tool";
import { sampleArguments } from "../catalog/sample-arguments";
import type { CatalogTool } from "../core/catalog";
import type { ScenarioTurn } from "../scenario/types";

/** Actions a user would plausibly ask for, most natural first. */
const PREFERRED_VERBS = [
  "create",
  "list",
  "get",
  "update",
  "search",
  "export",
  "assign",
  "archive",
  "count",
  "approve",
];

/**
 * Picks `count` tools with different verbs from different domains (the name's first word), spread over the
 * catalog, so each turn needs a tool the previous ones did not reveal.
 */
export function pickDistinctTools(tools: CatalogTool[], count: number): CatalogTool[] {
  const picked: CatalogTool[] = [];
  const usedDomains = new Set<string>();
  for (let index = 0; picked.length < count && index < PREFERRED_VERBS.length * 2; index++) {
    const verb = PREFERRED_VERBS[index % PREFERRED_VERBS.length];
    const start = Math.floor((tools.length * (picked.length + 0.5)) / count);
    const candidate = [...tools.slice(start), ...tools.slice(0, start)].find((tool) => {
      const [domain, toolVerb] = tool.name.split("_");
      return toolVerb === verb && !usedDomains.has(domain) && !picked.includes(tool);
    });
    if (!candidate) continue;
    usedDomains.add(candidate.name.split("_")[0]);
    picked.push(candidate);
  }
  return picked;
}

/** "Lists overdue invoices in the invoicing service." → "list overdue invoices in the invoicing service". */
function requestedAction(tool: CatalogTool): string {
  const sentence = oneLineDescription(tool, 300).replace(/\.$/, "");
  const [first, ...rest] = sentence.split(" ");
  const verb = first
    .toLowerCase()
    .replace(/(ch|sh|ss|x)es$/, "$1")
    .replace(/s$/, "");
  return [verb, ...rest].join(" ");
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(describeValue).join(", ");
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

export function syntheticTurn(tool: CatalogTool): ScenarioTurn {
  const args = sampleArguments(tool.inputSchema);
  const action = requestedAction(tool);
  const details = Object.entries(args)
    .slice(0, 3)
    .map(([name, value]) => `${name.replace(/_/g, " ")} ${describeValue(value)}`);
  const withDetails =
    details.length === 0
      ? ""
      : ` with ${details.length === 1 ? details[0] : `${details.slice(0, -1).join(", ")} and ${details.at(-1)}`}`;
  return {
    user: `Please ${action}${withDetails}.`,
    searchQuery: action,
    // What a model typically writes for the regex variant: the domain and the action.
    searchPattern: tool.name.split("_").slice(0, 2).join(".*"),
    needs: [{ tool: tool.name, arguments: args }],
  };
}
