import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { InputProblem } from "../core/catalog";
import { englishRuns } from "../i18n/english-leftovers";
import { ALL_MESSAGES as MESSAGES } from "../i18n/all-messages";
import { parseTaskSet } from "../experiment/tasks";
import { parseQuerySet } from "../lab/query-set";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { parseScenarioValue } from "../scenario/parse-scenario";
import { parseEvaluationQueries, unknownExpectedTools } from "../search/parse-queries";
import { isInputProblemCode, problemText } from "./problem-text";

/** The files that write input problems (a catalog, a scenario, a share link, a query set). */
const PROBLEM_SOURCES = [
  "lib/catalog/read-tool-entries.ts",
  "lib/catalog/merge-catalogs.ts",
  "lib/catalog/append-catalog.ts",
  "lib/catalog/import-catalog.ts",
  "lib/catalog/schema-problem.ts",
  "lib/catalog/json-text.ts",
  "lib/catalog/json-lines.ts",
  "lib/scenario/parse-scenario.ts",
  "lib/scenario/migrations.ts",
  "lib/scenario/scenario-checks.ts",
  "lib/share/share-envelope.ts",
  "lib/share/share-link.ts",
  "lib/search/parse-queries.ts",
  "lib/lab/query-set.ts",
  "lib/experiment/tasks.ts",
];

function messageIn(locale: "en" | "zh-CN", code: string): unknown {
  const messages = MESSAGES[locale];
  return (
    (messages.problems.codes as Record<string, string>)[code] ??
    (messages.catalog.problems.codes as Record<string, string>)[code]
  );
}

const tool = {
  name: "get_weather",
  description: "Get the weather",
  inputSchema: { type: "object", properties: { location: { type: "string" } }, required: ["location"] },
};

/** A scenario with one of each fault the checks know. */
function faultyScenario() {
  return {
    formatVersion: 1,
    id: "faulty",
    title: "Faulty",
    surplus: true,
    catalog: { tools: [tool, { ...tool, name: "github__create_issue" }] },
    turns: [
      {
        user: "Weather?",
        needs: [
          { tool: "get_weather", arguments: { location: 3 }, mistakenArguments: { location: "Paris" } },
          { tool: "create_issue", arguments: {} },
          { tool: "send_mail", arguments: {} },
        ],
        toolChange: { change: "remove", tool: "get_weather" },
      },
      { user: "Again?", needs: [{ tool: "get_weather", arguments: { location: "Paris" } }] },
      { user: "Change", needs: [], toolChange: { change: "insert", tool: "no_such_tool" } },
    ],
    settings: { ...DEFAULT_SETTINGS, nonDeferredTools: ["missing_tool"] },
  };
}

function problemsOfEveryKind(): InputProblem[] {
  const settingsless: Record<string, unknown> = { ...faultyScenario(), turns: [], formatVersion: 0 };
  delete settingsless.settings;
  const partial = { ...faultyScenario(), settings: { provider: DEFAULT_SETTINGS.provider } };
  return [
    ...parseScenarioValue(faultyScenario()).problems,
    ...parseScenarioValue(settingsless).problems,
    ...parseScenarioValue(partial).problems,
    ...parseScenarioValue([]).problems,
    ...parseScenarioValue({ ...faultyScenario(), formatVersion: 99 }).problems,
    ...parseScenarioValue({ ...faultyScenario(), formatVersion: 1.5 }).problems,
    ...parseScenarioValue({ ...faultyScenario(), settings: { ...DEFAULT_SETTINGS, provider: "carrier-pigeon" } })
      .problems,
    ...parseScenarioValue({ ...faultyScenario(), settings: "none" }).problems,
    ...parseScenarioValue({ ...faultyScenario(), turns: "none" }).problems,
    ...parseScenarioValue({ ...faultyScenario(), title: undefined }).problems,
    ...parseEvaluationQueries('{"q": 1}\n{"q": "weather", "expect": []}\nnot json').problems,
    ...parseEvaluationQueries("").problems,
    ...unknownExpectedTools([{ q: "weather in Paris", expect: ["get_forecast"] }], new Set(["get_weather"])),
    ...parseQuerySet('{"q": "weather in Paris", "expect": ["get_forecast"]}', [tool]).problems,
    ...parseTaskSet(
      [
        "not json",
        "[1]",
        '{"id": "", "prompt": "", "expect": {"tools": ["get_forecast"], "arguments": 1}, "maxTurns": 0, "stubs": 1}',
        '{"id": "a", "prompt": "p", "expect": {"tools": ["get_weather"], "arguments": {"get_weather": {"type": 1}, "other": 2}}}',
        '{"id": "b", "prompt": "p", "expect": {"tools": ["get_weather"]}, "stubs": {"get_forecast": {}}}',
        '{"id": "c", "prompt": "p", "expect": {"tools": ["get_weather"]}, "colour": 1}',
        '{"id": "c", "prompt": "p", "expect": {"tools": ["get_weather"]}}',
        '{"id": "d", "prompt": "p", "expect": 1}',
        '{"id": "e", "prompt": "p", "expect": {"tools": []}}',
      ].join("\n"),
      { tools: [tool] },
    ).problems,
    ...parseTaskSet("", { tools: [tool] }).problems,
  ];
}

describe("input problem codes", () => {
  it("every code the problem sources write has a message in English and in Chinese", () => {
    const codes = new Set<string>();
    for (const file of PROBLEM_SOURCES) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/\bcode: "(\w+)"|problem\([^;]*?, "(\w+)"/g)) codes.add(match[1] ?? match[2]);
    }
    expect(codes.size).toBeGreaterThan(40);
    const missing = [...codes].filter((code) => !messageIn("en", code) || !messageIn("zh-CN", code));
    expect(missing).toEqual([]);
  });

  it("scenario, query and query-set problems carry a code and read without English in Chinese", () => {
    const problems = problemsOfEveryKind();
    const codes = new Set(problems.map((problem) => problem.code));
    for (const code of [
      "changeNotInCatalog",
      "needsMissing",
      "needsMissingSuggested",
      "argumentsMismatch",
      "mistakeValid",
      "neededAfterRemoval",
      "nonDeferredMissing",
      "noTurns",
      "scenarioNotObject",
      "scenarioUnknownProperty",
      "noSettings",
      "settingsMissing",
      "formatVersionNewer",
      "formatVersionNotInteger",
      "scenarioUpgraded",
      "settingInvalid",
      "settingsInvalid",
      "scenarioInvalid",
      "queryNoQ",
      "queryNoExpect",
      "queryInvalidJson",
      "noQueries",
      "queryExpectsMissing",
      "querySetNotInCatalog",
      "taskInvalidJson",
      "taskNotObject",
      "taskDuplicateId",
      "taskUnknownField",
      "taskNone",
      "taskIdRequired",
      "taskPromptRequired",
      "taskExpectObject",
      "taskExpectTools",
      "taskNoTool",
      "taskArgumentsMap",
      "taskArgumentsNotExpected",
      "taskArgumentsSchema",
      "taskSchemaUncompiled",
      "taskMaxTurns",
      "taskStubsMap",
    ])
      expect(codes, code).toContain(code);
    for (const problem of problems) {
      expect(isInputProblemCode(problem.code), problem.message).toBe(true);
      // English words the same as the CLI's sentence, so the two never drift apart.
      expect(problemText(problem, "en")).toBe(problem.message);
      const chinese = problemText(problem, "zh-CN");
      // Ajv's and JSON.parse's own reasons stay as they write them; the sentence around them is Chinese.
      const own = [problem.values?.reasons, problem.values?.reason].filter((value) => typeof value === "string");
      const framed = own.reduce<string>((text, reason) => text.replace(reason as string, ""), chinese);
      expect(englishRuns(framed), chinese).toEqual([]);
    }
  });
});
