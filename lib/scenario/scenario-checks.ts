/**
 * Checks that need the catalog: every tool a turn needs exists, and the scripted arguments fit its schema.
 * Missing tools are errors (the turn cannot run); arguments that do not validate are warnings, because the
 * simulated model will send them anyway and the transcript will show the validation error.
 */
import { validateToolArguments } from "../catalog/argument-validation";
import { appendIndex, appendKey } from "../catalog/json-path";
import { SERVER_PREFIX_SEPARATOR } from "../catalog/tool-names";
import type { CatalogTool, InputProblem } from "../core/catalog";
import type { Scenario } from "./types";

export function checkScenario(scenario: Scenario): InputProblem[] {
  const problems: InputProblem[] = [];
  const toolsByName = new Map(scenario.catalog.tools.map((tool) => [tool.name, tool]));
  scenario.turns.forEach((turn, turnIndex) => {
    if (turn.toolChange && !toolsByName.has(turn.toolChange.tool)) {
      problems.push({
        severity: "warning",
        path: appendKey(appendKey(appendIndex("$.turns", turnIndex), "toolChange"), "tool"),
        toolName: turn.toolChange.tool,
        message: `scenario: turn ${turnIndex + 1} changes "${turn.toolChange.tool}", which is not in the catalog; the change is ignored`,
        code: "changeNotInCatalog",
        values: { turn: turnIndex + 1, name: turn.toolChange.tool },
      });
    }
    turn.needs.forEach((need, needIndex) => {
      const path = appendIndex(appendKey(appendIndex("$.turns", turnIndex), "needs"), needIndex);
      const tool = toolsByName.get(need.tool);
      if (!tool) {
        const suggested = similarNames(need.tool, scenario.catalog.tools);
        problems.push({
          severity: "error",
          path: appendKey(path, "tool"),
          toolName: need.tool,
          message: `scenario: turn ${turnIndex + 1} needs "${need.tool}", which is not in the catalog${suggestion(suggested)}`,
          ...(suggested.length > 0
            ? {
                code: "needsMissingSuggested",
                values: {
                  turn: turnIndex + 1,
                  name: need.tool,
                  count: suggested.length,
                  first: suggested[0],
                  second: suggested[1] ?? "",
                  third: suggested[2] ?? "",
                },
              }
            : { code: "needsMissing", values: { turn: turnIndex + 1, name: need.tool } }),
        });
        return;
      }
      const validation = validateToolArguments(tool, need.arguments);
      if (!validation.valid) {
        const reasons = validation.errors.map((error) => error.message).join("; ");
        problems.push({
          severity: "warning",
          path: appendKey(path, "arguments"),
          toolName: tool.name,
          message: `scenario: arguments for ${tool.name} in turn ${turnIndex + 1} do not match its schema: ${reasons}`,
          // Ajv's reasons stay as Ajv writes them (paths and keywords), framed by the translated sentence.
          code: "argumentsMismatch",
          values: { tool: tool.name, turn: turnIndex + 1, reasons },
        });
      }
      if (need.mistakenArguments !== undefined && validateToolArguments(tool, need.mistakenArguments).valid) {
        problems.push({
          severity: "warning",
          path: appendKey(path, "mistakenArguments"),
          toolName: tool.name,
          message: `scenario: the scripted mistake for ${tool.name} in turn ${turnIndex + 1} is valid, so no validation error or retry will be shown`,
          code: "mistakeValid",
          values: { tool: tool.name, turn: turnIndex + 1 },
        });
      }
    });
  });
  // A tool removed by a scripted change and needed later: strategies that declare everything up front would call
  // a tool that is no longer declared, which the provider refuses; say so rather than let it pass unnoticed.
  const removed = new Map<string, number>();
  scenario.turns.forEach((turn, turnIndex) => {
    if (turn.toolChange?.change === "remove") removed.set(turn.toolChange.tool, turnIndex);
    if (turn.toolChange?.change === "insert") removed.delete(turn.toolChange.tool);
    turn.needs.forEach((need, needIndex) => {
      const at = removed.get(need.tool);
      if (at === undefined) return;
      problems.push({
        severity: "warning",
        path: appendKey(appendIndex(appendKey(appendIndex("$.turns", turnIndex), "needs"), needIndex), "tool"),
        toolName: need.tool,
        message: `scenario: turn ${turnIndex + 1} needs "${need.tool}", which turn ${at + 1} removes; a strategy that does not search for it again calls a tool that is no longer declared`,
        code: "neededAfterRemoval",
        values: { turn: turnIndex + 1, name: need.tool, removedAt: at + 1 },
      });
    });
  });
  scenario.settings.nonDeferredTools.forEach((name, index) => {
    if (!toolsByName.has(name)) {
      problems.push({
        severity: "warning",
        path: appendIndex("$.settings.nonDeferredTools", index),
        toolName: name,
        message: `scenario: non-deferred tool "${name}" is not in the catalog; it is ignored`,
        code: "nonDeferredMissing",
        values: { name },
      });
    }
  });
  if (scenario.turns.length === 0)
    problems.push({
      severity: "warning",
      path: "$.turns",
      message: "scenario: there are no turns to step through",
      code: "noTurns",
    });
  return problems;
}

/** After a merge `create_issue` may exist only as `github__create_issue`; say so. */
function similarNames(name: string, tools: CatalogTool[]): string[] {
  const lower = name.toLowerCase();
  return tools
    .map((tool) => tool.name)
    .filter((candidate) => candidate.toLowerCase() === lower || candidate.endsWith(`${SERVER_PREFIX_SEPARATOR}${name}`))
    .slice(0, 3);
}

function suggestion(candidates: string[]): string {
  return candidates.length > 0 ? `; did you mean ${candidates.map((candidate) => `"${candidate}"`).join(" or ")}?` : "";
}
