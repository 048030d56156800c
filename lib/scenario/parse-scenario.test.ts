import { describe, expect, it } from "vitest";
import { createScenario } from "./create-scenario";
import { DEFAULT_SETTINGS } from "./default-settings";
import { parseScenarioText, parseScenarioValue } from "./parse-scenario";
import { serializeScenario } from "./serialize-scenario";

const weatherTool = {
  name: "get_weather",
  description: "Get the weather at a specific location",
  inputSchema: {
    type: "object",
    properties: { location: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
    required: ["location"],
  },
};

type TestDocument = {
  formatVersion: number;
  id: string;
  title: string;
  catalog: { tools: Array<Record<string, unknown>> };
  turns: Array<{
    user: string;
    needs: Array<{ tool: string; arguments: Record<string, unknown>; mistakenArguments?: Record<string, unknown> }>;
  }>;
  settings: Record<string, unknown>;
};

const validDocument = (): TestDocument => ({
  formatVersion: 1,
  id: "weather",
  title: "Weather",
  catalog: { tools: [weatherTool] },
  turns: [
    {
      user: "Weather in Paris?",
      needs: [
        {
          tool: "get_weather",
          arguments: { location: "Paris" },
          mistakenArguments: { location: "Paris", unit: "kelvin" },
        },
      ],
    },
  ],
  settings: { ...DEFAULT_SETTINGS },
});

describe("parseScenarioValue", () => {
  it("reads a complete scenario without problems", () => {
    const parsed = parseScenarioValue(validDocument());
    expect(parsed.problems).toEqual([]);
    expect(parsed.value).toEqual(validDocument());
  });

  it("fills missing settings with defaults and says which", () => {
    const document = { ...validDocument(), settings: { provider: "openai-responses", model: "gpt-5.4" } };
    const parsed = parseScenarioValue(document);
    expect(parsed.value?.settings).toEqual({ ...DEFAULT_SETTINGS, provider: "openai-responses", model: "gpt-5.4" });
    expect(parsed.problems).toEqual([
      expect.objectContaining({
        severity: "warning",
        path: "$.settings",
        message: expect.stringContaining("system, nonDeferredTools"),
      }),
    ]);
    const { settings: _settings, ...withoutSettings } = validDocument();
    const bare = parseScenarioValue(withoutSettings);
    expect(bare.value?.settings).toEqual(DEFAULT_SETTINGS);
    expect(bare.problems).toEqual([
      expect.objectContaining({ severity: "warning", message: "scenario: no settings given; the defaults are used" }),
    ]);
  });

  it("keeps the optional settings that have no default", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      tokenCorrectionFactors: { "anthropic-estimate": 1.1 },
      cacheOverrides: { minimumCacheableTokens: 2048 },
    };
    const parsed = parseScenarioValue({ ...validDocument(), settings });
    expect(parsed.problems).toEqual([]);
    expect(parsed.value?.settings).toEqual(settings);
    expect(parseScenarioText(serializeScenario(parsed.value!)).value?.settings).toEqual(settings);
  });

  it("keeps the cache mechanism; without it the scenario is implicit; garbage is dropped with a warning", () => {
    const explicit = parseScenarioValue({
      ...validDocument(),
      settings: { ...DEFAULT_SETTINGS, cacheMechanism: "explicit" },
    });
    expect(explicit.problems).toEqual([]);
    expect(explicit.value?.settings.cacheMechanism).toBe("explicit");
    expect(parseScenarioText(serializeScenario(explicit.value!)).value?.settings.cacheMechanism).toBe("explicit");
    expect(parseScenarioValue(validDocument()).value?.settings).not.toHaveProperty("cacheMechanism");
    const garbage = parseScenarioValue({
      ...validDocument(),
      settings: { ...DEFAULT_SETTINGS, cacheMechanism: "both" },
    });
    expect(garbage.value?.settings).not.toHaveProperty("cacheMechanism");
    expect(garbage.problems.map((problem) => [problem.severity, problem.path])).toEqual([
      ["warning", "$.settings.cacheMechanism"],
    ]);
  });

  it("keeps the tool name mapping; without it names are sent as written; garbage is dropped with a warning", () => {
    const wire = parseScenarioValue({ ...validDocument(), settings: { ...DEFAULT_SETTINGS, toolNameMapping: "wire" } });
    expect(wire.problems).toEqual([]);
    expect(wire.value?.settings.toolNameMapping).toBe("wire");
    expect(parseScenarioText(serializeScenario(wire.value!)).value?.settings.toolNameMapping).toBe("wire");
    expect(parseScenarioValue(validDocument()).value?.settings).not.toHaveProperty("toolNameMapping");
    const garbage = parseScenarioValue({
      ...validDocument(),
      settings: { ...DEFAULT_SETTINGS, toolNameMapping: "mcp" },
    });
    expect(garbage.value?.settings).not.toHaveProperty("toolNameMapping");
    expect(garbage.problems.map((problem) => [problem.severity, problem.path])).toEqual([
      ["warning", "$.settings.toolNameMapping"],
    ]);
  });

  it("replaces an invalid setting by its default with a warning", () => {
    const parsed = parseScenarioValue({
      ...validDocument(),
      settings: { ...DEFAULT_SETTINGS, cacheTtl: "10m", searchResultLimit: 0 },
    });
    expect(parsed.value?.settings.cacheTtl).toBe("5m");
    expect(parsed.value?.settings.searchResultLimit).toBe(5);
    expect(parsed.problems.map((problem) => [problem.severity, problem.path])).toEqual([
      ["warning", "$.settings.searchResultLimit"],
      ["warning", "$.settings.cacheTtl"],
    ]);
  });

  it("drops unknown properties with a warning", () => {
    const parsed = parseScenarioValue({
      ...validDocument(),
      comment: "hi",
      turns: [{ ...validDocument().turns[0], mood: "happy" }],
    });
    expect(parsed.value?.turns[0]).not.toHaveProperty("mood");
    expect(parsed.problems.map((problem) => problem.path).sort()).toEqual(["$.comment", "$.turns[0].mood"]);
  });

  it("rejects documents that break the schema, with JSON paths", () => {
    const parsed = parseScenarioValue({
      ...validDocument(),
      turns: [{ user: "hi", needs: [{ tool: "get_weather", arguments: "Paris" }] }],
    });
    expect(parsed.value).toBeUndefined();
    expect(parsed.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        path: "$.turns[0].needs[0].arguments",
        message: "scenario: $.turns[0].needs[0].arguments must be object",
      }),
    ]);
    expect(parseScenarioValue([]).problems[0].message).toBe("scenario: expected a JSON object");
    expect(parseScenarioValue({ ...validDocument(), formatVersion: 2 }).problems[0].message).toMatch(
      /newer than this playground/,
    );
  });

  it("reports a needed tool missing from the catalog as an error at its path, with a suggestion", () => {
    const document = validDocument();
    document.catalog.tools = [{ ...weatherTool, name: "weather__get_weather" }];
    document.turns = [
      document.turns[0],
      document.turns[0],
      { user: "x", needs: [{ tool: "get_weather", arguments: { location: "Rome" } }] },
    ];
    const parsed = parseScenarioValue(document);
    expect(parsed.value).toBeDefined();
    expect(parsed.problems).toContainEqual(
      expect.objectContaining({
        severity: "error",
        path: "$.turns[2].needs[0].tool",
        toolName: "get_weather",
        message: expect.stringContaining('did you mean "weather__get_weather"?'),
      }),
    );
  });

  it("warns (not errors) when scripted arguments do not validate, and when a scripted mistake is valid", () => {
    const document = validDocument();
    document.turns[0].needs[0] = {
      tool: "get_weather",
      arguments: { location: "Paris", unit: "kelvin" },
      mistakenArguments: { location: "Paris" },
    };
    const parsed = parseScenarioValue(document);
    expect(parsed.problems.map((problem) => [problem.severity, problem.path])).toEqual([
      ["warning", "$.turns[0].needs[0].arguments"],
      ["warning", "$.turns[0].needs[0].mistakenArguments"],
    ]);
    expect(parsed.problems[0].message).toContain(
      "/unit must be equal to one of the allowed values: celsius, fahrenheit",
    );
  });

  it("locates catalog problems inside the scenario", () => {
    const document = validDocument();
    document.catalog.tools.push({ ...weatherTool, name: "broken", inputSchema: { type: "objekt" } });
    const parsed = parseScenarioValue(document);
    expect(parsed.value?.catalog.tools[1].schemaError).toEqual(expect.any(String));
    expect(parsed.problems).toContainEqual(
      expect.objectContaining({ severity: "error", path: "$.catalog.tools[1].inputSchema", toolName: "broken" }),
    );
  });

  it("derives the id from the title when absent", () => {
    const { id: _id, ...document } = validDocument();
    expect(parseScenarioValue({ ...document, title: "Weather & files (v2)" }).value?.id).toBe("weather-files-v2");
  });
});

describe("migrations", () => {
  it("upgrades a version-0 scenario (single tool/args per turn) to version 1", () => {
    const version0 = {
      title: "Old weather",
      catalog: { tools: [weatherTool] },
      turns: [
        {
          user: "Weather in Paris?",
          tool: "get_weather",
          args: { location: "Paris" },
          mistakenArgs: { unit: "kelvin" },
        },
        { user: "Thanks!" },
      ],
      settings: DEFAULT_SETTINGS,
    };
    const parsed = parseScenarioValue(version0);
    expect(parsed.value?.formatVersion).toBe(1);
    expect(parsed.value?.turns).toEqual([
      {
        user: "Weather in Paris?",
        needs: [{ tool: "get_weather", arguments: { location: "Paris" }, mistakenArguments: { unit: "kelvin" } }],
      },
      { user: "Thanks!", needs: [] },
    ]);
    expect(parsed.problems).toEqual([
      expect.objectContaining({
        severity: "warning",
        path: "$.formatVersion",
        message: "scenario: upgraded from format version 0 to 1",
      }),
    ]);
  });

  it("rejects a formatVersion that is not a whole number", () => {
    expect(parseScenarioValue({ ...validDocument(), formatVersion: "1" }).problems[0]).toMatchObject({
      severity: "error",
      path: "$.formatVersion",
    });
  });
});

describe("hostile input", () => {
  it("refuses deep nesting as a problem, not a stack overflow", () => {
    const deepText = '{"title": ' + "[".repeat(200_000) + "]".repeat(200_000) + "}";
    expect(parseScenarioText(deepText).problems[0].message).toMatch(/nesting deeper than 64/);
    let deepValue: unknown = "x";
    for (let level = 0; level < 100_000; level++) deepValue = { a: deepValue };
    expect(parseScenarioValue({ ...validDocument(), description: deepValue }).problems[0].message).toMatch(
      /nesting deeper than 64/,
    );
  });

  it("refuses text over 20 MB before parsing", () => {
    const huge = '{"title": "' + "x".repeat(21 * 1024 * 1024) + '"}';
    const parsed = parseScenarioText(huge);
    expect(parsed.value).toBeUndefined();
    expect(parsed.problems[0].message).toMatch(/larger than 20 MB/);
  });

  it("reports malformed JSON with line and column", () => {
    expect(parseScenarioText('{\n  "title": "x",\n  "turns": [,]\n}').problems[0]).toMatchObject({
      line: 3,
      column: 13,
    });
  });

  it("ignores __proto__ keys rather than following them", () => {
    const parsed = parseScenarioText(
      JSON.stringify(validDocument()).replace('"settings":{', '"settings":{"__proto__":{"polluted":true},'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed.value?.settings).toEqual(DEFAULT_SETTINGS);
  });
});

describe("serializeScenario", () => {
  it("writes a stable key order with 2-space indentation and round-trips", () => {
    const scenario = parseScenarioValue(validDocument()).value!;
    const shuffled = {
      ...scenario,
      settings: Object.fromEntries(Object.entries(scenario.settings).reverse()) as typeof scenario.settings,
      turns: scenario.turns,
    };
    const text = serializeScenario(scenario);
    expect(serializeScenario(shuffled)).toBe(text);
    expect(
      text.startsWith(
        '{\n  "formatVersion": 1,\n  "id": "weather",\n  "title": "Weather",\n  "settings": {\n    "provider": "anthropic",',
      ),
    ).toBe(true);
    expect(parseScenarioText(text)).toEqual({ value: scenario, problems: [] });
  });

  it("never writes the derived schemaError", () => {
    const scenario = createScenario({
      title: "x",
      catalog: { tools: [{ name: "a", description: "", inputSchema: { type: "object" }, schemaError: "bad" }] },
    });
    expect(serializeScenario(scenario)).not.toContain("schemaError");
  });
});

describe("createScenario", () => {
  it("completes a partial scenario", () => {
    const scenario = createScenario({ title: "My test", settings: { provider: "moonshot" } });
    expect(scenario).toEqual({
      formatVersion: 1,
      id: "my-test",
      title: "My test",
      catalog: { tools: [] },
      turns: [],
      settings: { ...DEFAULT_SETTINGS, provider: "moonshot" },
    });
    expect(createScenario().id).toBe("untitled-scenario");
  });
});
