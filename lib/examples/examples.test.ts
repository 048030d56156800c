import { describe, expect, it } from "vitest";
import { validateToolArguments } from "../catalog/argument-validation";
import { importCatalogValue } from "../catalog/import-catalog";
import { parseScenarioText } from "../scenario/parse-scenario";
import { serializeScenario } from "../scenario/serialize-scenario";
import { EXAMPLES, loadExample } from "./index";

describe("built-in examples", () => {
  it.each(EXAMPLES.map((example) => example.id))("%s loads, its tools exist and its arguments validate", async (id) => {
    const scenario = await loadExample(id);
    const summary = EXAMPLES.find((example) => example.id === id)!;
    expect(scenario.id).toBe(id);
    expect(scenario.catalog.tools).toHaveLength(summary.toolCount!);
    expect(scenario.turns.length).toBeGreaterThan(0);
    const toolsByName = new Map(scenario.catalog.tools.map((tool) => [tool.name, tool]));
    for (const turn of scenario.turns) {
      for (const need of turn.needs) {
        const tool = toolsByName.get(need.tool);
        expect(tool, `${id}: ${need.tool}`).toBeDefined();
        expect(validateToolArguments(tool!, need.arguments), `${id}: ${need.tool}`).toEqual({
          valid: true,
          errors: [],
        });
        if (need.mistakenArguments) expect(validateToolArguments(tool!, need.mistakenArguments).valid).toBe(false);
      }
    }
  });

  it("the small examples round-trip through the scenario format without errors or warnings", async () => {
    for (const id of ["learning-agent", "weather", "github-mcp", "seed-200-tools"]) {
      const scenario = await loadExample(id);
      const reparsed = parseScenarioText(serializeScenario(scenario));
      expect(reparsed.problems, id).toEqual([]);
      expect(reparsed.value, id).toEqual(scenario);
    }
  });

  it("every shipped schema compiles and every input example matches it, though examples load with the meta-schema check", async () => {
    for (const id of EXAMPLES.map((example) => example.id).filter((id) => id !== "synthetic-10000")) {
      const scenario = await loadExample(id);
      const compiled = importCatalogValue(JSON.parse(JSON.stringify(scenario.catalog)), { schemaCheck: "compile" });
      expect(
        compiled.problems.filter((problem) => problem.severity === "error"),
        id,
      ).toEqual([]);
      expect(compiled.value?.tools.length, id).toBe(scenario.catalog.tools.length);
    }
  });

  it("weather scripts the kelvin mistake the seeds describe", async () => {
    const weather = await loadExample("weather");
    const need = weather.turns[0].needs[0];
    expect(need.mistakenArguments).toEqual({ location: "San Francisco, CA", unit: "kelvin" });
    const tool = weather.catalog.tools.find((candidate) => candidate.name === need.tool)!;
    expect(validateToolArguments(tool, need.mistakenArguments).errors).toEqual([
      { path: "/unit", message: "/unit must be equal to one of the allowed values: celsius, fahrenheit" },
    ]);
  });

  it("learning-agent uses the seeds' tool names and first query", async () => {
    const scenario = await loadExample("learning-agent");
    const names = scenario.catalog.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["learning_create_cards", "learning_create_plan"]));
    expect(names.filter((name) => name.startsWith("learning_")).length).toBeGreaterThanOrEqual(8);
    expect(scenario.turns[0].searchQuery).toBe("create flashcards from study notes");
  });

  it("seed-200-tools needs six different tools from six domains, each with a realistic request", async () => {
    const scenario = await loadExample("seed-200-tools");
    const tools = scenario.turns.map((turn) => turn.needs[0].tool);
    expect(scenario.turns).toHaveLength(6);
    expect(new Set(tools).size).toBe(6);
    expect(new Set(tools.map((name) => name.split("_")[0])).size).toBe(6);
    for (const turn of scenario.turns) expect(turn.user).toMatch(/^Please [a-z]+ .+\.$/);
    expect(await loadExample("seed-200-tools")).toEqual(scenario);
  });

  it("github-mcp and mixed-mcp keep the copied catalogs' source and licence", async () => {
    const github = await loadExample("github-mcp");
    expect(github.catalog.source).toMatch(/^github\/github-mcp-server@64a49f34/);
    expect(github.catalog.license).toBe("MIT");
    const mixed = await loadExample("mixed-mcp");
    expect(mixed.catalog.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        "github__create_issue",
        "archived-github__create_issue",
        "archived-gitlab__create_issue",
      ]),
    );
    expect(Object.keys(mixed.catalog.namespaces ?? {})).toHaveLength(24);
    expect(mixed.catalog.license).toContain("Apache-2.0");
  });

  it("rejects an unknown id with the list of known ones", async () => {
    await expect(loadExample("nope")).rejects.toThrow(/unknown example "nope"; known: learning-agent, weather/);
  });
});

describe("the picker's words in the reader's language", () => {
  it("gives every example a title and summary in English and Chinese, with the example's own tool count", async () => {
    const { localizedExamples } = await import("./example-text");
    const english = localizedExamples("en");
    const chinese = localizedExamples("zh-CN");
    // English reads as before: the examples' own words.
    expect(english.map(({ title, summary }) => ({ title, summary }))).toEqual(
      EXAMPLES.map(({ title, summary }) => ({ title, summary })),
    );
    for (const example of chinese) {
      expect(example.title + example.summary).toMatch(/\p{Script=Han}/u);
      expect(example.summary).not.toMatch(/\b(?:tools|requests|catalog)\b/);
    }
    const github = chinese.find((example) => example.id === "github-mcp")!;
    expect(github.summary).toContain(`全部 ${github.toolCount} 个工具`);
    expect(chinese.find((example) => example.id === "synthetic-10000")!.title).toBe("10,000 个工具");
  });
});
