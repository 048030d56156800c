/** Reads scenario files: size and depth guards, format migrations, schema validation, defaults, catalog checks. */
import type { ErrorObject } from "ajv";
import { isRecord } from "../catalog/catalog-format";
import { importCatalogValue, type CatalogImportOptions } from "../catalog/import-catalog";
import { appendKey, pointerToPath, rebasePath } from "../catalog/json-path";
import { MAX_NESTING_DEPTH, nestingProblem, parseJsonText, valueNestingDepth } from "../catalog/json-text";
import type { InputProblem, Parsed } from "../core/catalog";
import { slugify } from "./create-scenario";
import { DEFAULT_SETTINGS, OPTIONAL_SETTINGS_KEYS, SETTINGS_KEYS } from "./default-settings";
import { migrateScenario } from "./migrations";
import { checkScenario } from "./scenario-checks";
import { scenarioValidator } from "./scenario-schema";
import {
  SCENARIO_FORMAT_VERSION,
  type NeededToolCall,
  type Scenario,
  type ScenarioSettings,
  type ScenarioTurn,
  type ToolChange,
} from "./types";

/**
 * `value` is undefined when the input cannot be read as a scenario at all. Error problems next to a value mean
 * it loads but parts of it cannot run (a turn needs a tool the catalog lacks, a schema does not compile).
 */
export function parseScenarioText(text: string): Parsed<Scenario> {
  const parsed = parseJsonText(text, "scenario");
  if (parsed.value === undefined) return { value: undefined, problems: parsed.problems };
  return parseScenarioValue(parsed.value);
}

export type ScenarioParseOptions = {
  /** How the catalog's input schemas are checked; see `CatalogImportOptions.schemaCheck`. */
  schemaCheck?: CatalogImportOptions["schemaCheck"];
};

export function parseScenarioValue(value: unknown, options: ScenarioParseOptions = {}): Parsed<Scenario> {
  const depth = valueNestingDepth(value, MAX_NESTING_DEPTH);
  if (depth > MAX_NESTING_DEPTH) return { value: undefined, problems: [nestingProblem(depth)] };
  if (!isRecord(value))
    return {
      value: undefined,
      problems: [
        { severity: "error", path: "$", message: "scenario: expected a JSON object", code: "scenarioNotObject" },
      ],
    };
  const migrated = migrateScenario(value);
  const problems = [...migrated.problems];
  const document = migrated.document;
  if (!document) return { value: undefined, problems };

  const validate = scenarioValidator();
  const invalidSettings = new Set<string>();
  if (!validate(document)) {
    for (const error of validate.errors ?? []) problems.push(classifySchemaError(error, invalidSettings));
  }
  if (problems.some((problem) => problem.severity === "error")) return { value: undefined, problems };

  const imported = importCatalogValue(document.catalog, { schemaCheck: options.schemaCheck });
  for (const problem of imported.problems) problems.push({ ...problem, path: rebasePath(problem.path, "$.catalog") });
  if (!imported.value) return { value: undefined, problems };

  const title = document.title as string;
  const scenario: Scenario = {
    formatVersion: SCENARIO_FORMAT_VERSION,
    id: typeof document.id === "string" ? document.id : slugify(title),
    title,
    catalog: imported.value,
    turns: (document.turns as unknown[]).map(readTurn),
    settings: fillSettings(document.settings, invalidSettings, problems),
  };
  if (typeof document.description === "string") scenario.description = document.description;
  problems.push(...checkScenario(scenario));
  return { value: scenario, problems };
}

/**
 * Unknown properties are dropped with a warning (files from newer playgrounds stay readable); an invalid setting
 * falls back to its default with a warning; anything else means the document is not a scenario.
 */
function classifySchemaError(error: ErrorObject, invalidSettings: Set<string>): InputProblem {
  const path = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "additionalProperties") {
    const property = String(params.additionalProperty);
    return {
      severity: "warning",
      path: appendKey(path, property),
      message: `scenario: unknown property "${property}" is ignored`,
      code: "scenarioUnknownProperty",
      values: { property },
    };
  }
  const setting = /^\/settings\/([^/]+)/.exec(error.instancePath)?.[1];
  // Ajv's reason stays as Ajv writes it; the interface frames it with a sentence in the reader's language.
  if (setting !== undefined) {
    invalidSettings.add(setting);
    const reason = `${error.message ?? "is invalid"}${allowed(params)}`;
    return {
      severity: "warning",
      path: appendKey("$.settings", setting),
      message: `scenario: settings.${setting} ${reason}; the default is used`,
      code: "settingInvalid",
      values: { setting, reason },
    };
  }
  if (error.instancePath === "/settings") {
    invalidSettings.add("*");
    return {
      severity: "warning",
      path,
      message: `scenario: settings ${error.message ?? "are invalid"}; defaults are used`,
      code: "settingsInvalid",
      values: { reason: error.message ?? "are invalid" },
    };
  }
  const reason = `${error.message ?? "is invalid"}${allowed(params)}`;
  return {
    severity: "error",
    path,
    message: `scenario: ${path === "$" ? "the document" : path} ${reason}`,
    code: "scenarioInvalid",
    values: { where: path === "$" ? "document" : path, reason },
  };
}

function allowed(params: Record<string, unknown>): string {
  if (Array.isArray(params.allowedValues)) return `: ${params.allowedValues.join(", ")}`;
  if ("allowedValue" in params) return `: ${JSON.stringify(params.allowedValue)}`;
  return "";
}

function readTurn(value: unknown): ScenarioTurn {
  const turn = value as Record<string, unknown>;
  const result: ScenarioTurn = { user: turn.user as string, needs: (turn.needs as unknown[]).map(readNeed) };
  if (typeof turn.searchQuery === "string") result.searchQuery = turn.searchQuery;
  if (typeof turn.searchPattern === "string") result.searchPattern = turn.searchPattern;
  if (typeof turn.answer === "string") result.answer = turn.answer;
  if (isRecord(turn.toolChange))
    result.toolChange = {
      change: turn.toolChange.change as ToolChange["change"],
      tool: turn.toolChange.tool as string,
    };
  return result;
}

function readNeed(value: unknown): NeededToolCall {
  const need = value as Record<string, unknown>;
  const result: NeededToolCall = { tool: need.tool as string, arguments: need.arguments as Record<string, unknown> };
  if (isRecord(need.mistakenArguments)) result.mistakenArguments = need.mistakenArguments;
  return result;
}

function fillSettings(value: unknown, invalid: Set<string>, problems: InputProblem[]): ScenarioSettings {
  if (value === undefined) {
    problems.push({
      severity: "warning",
      path: "$.settings",
      message: "scenario: no settings given; the defaults are used",
      code: "noSettings",
    });
    return structuredClone(DEFAULT_SETTINGS);
  }
  const given = isRecord(value) && !invalid.has("*") ? value : {};
  const settings = structuredClone(DEFAULT_SETTINGS) as Record<string, unknown>;
  const missing: string[] = [];
  for (const key of SETTINGS_KEYS) {
    if (key in given && !invalid.has(key)) settings[key] = structuredClone(given[key]);
    else if (!(key in given)) missing.push(key);
  }
  for (const key of OPTIONAL_SETTINGS_KEYS)
    if (key in given && !invalid.has(key)) settings[key] = structuredClone(given[key]);
  if (missing.length > 0 && isRecord(value) && !invalid.has("*")) {
    problems.push({
      severity: "warning",
      path: "$.settings",
      message: `scenario: settings ${missing.join(", ")} not given; the defaults are used`,
      code: "settingsMissing",
      values: { names: missing.join(", "), count: missing.length },
    });
  }
  return settings as ScenarioSettings;
}
