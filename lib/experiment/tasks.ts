/**
 * Experiment task sets: JSON Lines, one task a line —
 * `{"id", "prompt", "expect": {"tools": [name, …], "arguments"?: {name: JSON Schema}}, "maxTurns"?, "stubs"?}` —
 * or the same tasks as one JSON array (or `{"tasks": […]}`), written over as many lines as they like; checked against
 * the catalog they run on, each problem on the line its task starts on (like the catalog importer's).
 */
import { compileSchema } from "../catalog/schema-compiler";
import { jsonRecords } from "../core/json-records";
import type { Catalog, InputProblem, JsonSchema, Parsed } from "../core/catalog";

export type ExperimentTask = {
  id: string;
  prompt: string;
  expect: {
    /** Every tool the task needs called (with valid arguments) to count as completed. */
    tools: string[];
    /** Per tool, a schema the call's arguments must also satisfy (the task's own expectation of them). */
    arguments?: Record<string, JsonSchema>;
  };
  /** Requests the model may make before the task stops unfinished. */
  maxTurns?: number;
  /** Per tool, the result the tool simulator returns instead of one generated from the tool's description. */
  stubs?: Record<string, unknown>;
};

export const DEFAULT_MAX_TURNS = 8;
export const MAX_TASK_TURNS = 50;

const KNOWN_KEYS = new Set(["id", "prompt", "expect", "maxTurns", "stubs", "source", "note"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Parses a task set. With a catalog, expected and stubbed tools must exist in it. */
export function parseTaskSet(text: string, catalog?: Catalog, label = "tasks"): Parsed<ExperimentTask[]> {
  const problems: InputProblem[] = [];
  const tasks: ExperimentTask[] = [];
  const ids = new Map<string, number>();
  const names = catalog ? new Set(catalog.tools.map((tool) => tool.name)) : undefined;
  for (const record of jsonRecords(text, "tasks")) {
    const { line } = record;
    const error = (path: string, message: string, code: string, values: Record<string, string | number> = {}) =>
      problems.push({
        severity: "error",
        path,
        message: `${label}: line ${line}: ${message}`,
        code,
        values: { label, line, ...values },
        line,
        column: 1,
      });
    if (!record.ok) {
      error("$", `invalid JSON: ${record.reason}`, "taskInvalidJson", { reason: record.reason });
      continue;
    }
    const { value } = record;
    if (!isRecord(value)) {
      error("$", "a task is a JSON object", "taskNotObject");
      continue;
    }
    const task = readTask(value, error, names);
    if (!task) continue;
    const earlier = ids.get(task.id);
    if (earlier !== undefined) {
      error("$.id", `the id "${task.id}" is already used on line ${earlier}`, "taskDuplicateId", {
        id: task.id,
        earlier,
      });
      continue;
    }
    ids.set(task.id, line);
    for (const key of Object.keys(value))
      if (!KNOWN_KEYS.has(key))
        problems.push({
          severity: "warning",
          path: `$.${key}`,
          message: `${label}: line ${line}: unknown field "${key}" is ignored`,
          code: "taskUnknownField",
          values: { label, line, key },
          line,
          column: 1,
        });
    tasks.push(task);
  }
  if (tasks.length === 0 && !problems.some((problem) => problem.severity === "error"))
    problems.push({
      severity: "error",
      path: "$",
      message: `${label}: no tasks (one JSON object a line, or a JSON array of them)`,
      code: "taskNone",
      values: { label },
    });
  const failed = problems.some((problem) => problem.severity === "error");
  return { value: failed ? undefined : tasks, problems };
}

function readTask(
  value: Record<string, unknown>,
  error: (path: string, message: string, code: string, values?: Record<string, string | number>) => void,
  names: Set<string> | undefined,
): ExperimentTask | undefined {
  const { id, prompt, expect, maxTurns, stubs } = value;
  let ok = true;
  const fail = (path: string, message: string, code: string, values?: Record<string, string | number>) => {
    ok = false;
    error(path, message, code, values);
  };
  if (typeof id !== "string" || id.trim() === "") fail("$.id", '"id" must be a non-empty string', "taskIdRequired");
  if (typeof prompt !== "string" || prompt.trim() === "")
    fail("$.prompt", '"prompt" must be a non-empty string', "taskPromptRequired");
  if (!isRecord(expect)) {
    fail("$.expect", '"expect" must be an object with "tools"', "taskExpectObject");
    return undefined;
  }
  const tools = expect.tools;
  if (!Array.isArray(tools) || tools.length === 0 || !tools.every((tool) => typeof tool === "string"))
    fail("$.expect.tools", '"expect.tools" must be a non-empty list of tool names', "taskExpectTools");
  else if (names)
    for (const tool of tools as string[])
      if (!names.has(tool)) fail("$.expect.tools", `no tool "${tool}" in the catalog`, "taskNoTool", { name: tool });
  const argumentsSchemas = expect.arguments;
  if (argumentsSchemas !== undefined) {
    if (!isRecord(argumentsSchemas))
      fail("$.expect.arguments", '"expect.arguments" must map tool names to schemas', "taskArgumentsMap");
    else
      for (const [tool, schema] of Object.entries(argumentsSchemas)) {
        const path = `$.expect.arguments.${tool}`;
        if (Array.isArray(tools) && !tools.includes(tool))
          fail(path, `"${tool}" is not in "expect.tools"`, "taskArgumentsNotExpected", { name: tool });
        if (!isRecord(schema) && typeof schema !== "boolean")
          fail(path, "must be a JSON Schema", "taskArgumentsSchema", { name: tool });
        else if (isRecord(schema)) {
          const compiled = compileSchema(schema);
          if (!compiled.validate) {
            const reason = compiled.error ?? "unknown error";
            fail(path, `the schema does not compile: ${reason}`, "taskSchemaUncompiled", { name: tool, reason });
          }
        }
      }
  }
  if (
    maxTurns !== undefined &&
    (typeof maxTurns !== "number" || !Number.isInteger(maxTurns) || maxTurns < 1 || maxTurns > MAX_TASK_TURNS)
  )
    fail("$.maxTurns", `"maxTurns" must be a whole number from 1 to ${MAX_TASK_TURNS}`, "taskMaxTurns", {
      max: MAX_TASK_TURNS,
    });
  if (stubs !== undefined) {
    if (!isRecord(stubs)) fail("$.stubs", '"stubs" must map tool names to results', "taskStubsMap");
    else if (names)
      for (const tool of Object.keys(stubs))
        if (!names.has(tool)) fail(`$.stubs.${tool}`, `no tool "${tool}" in the catalog`, "taskNoTool", { name: tool });
  }
  if (!ok) return undefined;
  return {
    id: id as string,
    prompt: prompt as string,
    expect: {
      tools: tools as string[],
      ...(isRecord(argumentsSchemas) ? { arguments: argumentsSchemas as Record<string, JsonSchema> } : {}),
    },
    ...(typeof maxTurns === "number" ? { maxTurns } : {}),
    ...(isRecord(stubs) ? { stubs } : {}),
  };
}
