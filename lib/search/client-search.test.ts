import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../catalog/types";
import { createClientSearch, DEFAULT_CLIENT_SEARCH_OPTIONS, type ClientSearchOptions } from "./client-search";
import { SAMPLE_TOOLS } from "./fixtures/sample-tools";

function hitNames(tools: readonly CatalogTool[], query: string, options?: Partial<ClientSearchOptions>): string[] {
  const outcome = createClientSearch(tools, options).search(query);
  if (!outcome.ok) throw new Error(outcome.errorMessage);
  return outcome.hits.map((hit) => hit.name);
}

describe("createClientSearch", () => {
  it("ranks the tool the query describes first, with the default options", () => {
    expect(hitNames(SAMPLE_TOOLS, "what's the forecast in Paris")[0]).toBe("get_weather");
    expect(hitNames(SAMPLE_TOOLS, "open a ticket about the login bug")[0]).toBe("create_issue");
    expect(hitNames(SAMPLE_TOOLS, "remove a file")[0]).toBe("delete_file");
  });

  it("reports matched index terms per field", () => {
    const outcome = createClientSearch(SAMPLE_TOOLS).search("weather units");
    expect(outcome.ok && outcome.hits[0]).toEqual({
      name: "get_weather",
      score: expect.any(Number),
      matches: [
        { field: "name", terms: ["weather"] },
        { field: "description", terms: ["weather"] },
        { field: "parameterName", terms: ["unit"] },
        { field: "parameterDescription", terms: ["unit"] },
      ],
    });
  });

  it("returns nothing for a query of stop words only, and at most `limit` hits", () => {
    expect(hitNames(SAMPLE_TOOLS, "the of and")).toEqual([]);
    const outcome = createClientSearch(SAMPLE_TOOLS).search("a", 2);
    expect(outcome.ok && outcome.hits.length).toBeLessThanOrEqual(2);
  });

  describe("every option changes a result", () => {
    it("splitIdentifiers: `forecast` finds getWeatherForecast only when identifiers are split", () => {
      const tools: CatalogTool[] = [
        { name: "getWeatherForecast", description: "Returns data for a city.", inputSchema: {} },
      ];
      expect(hitNames(tools, "forecast")).toEqual(["getWeatherForecast"]);
      expect(hitNames(tools, "forecast", { splitIdentifiers: false })).toEqual([]);
    });

    it("stemming: `creating issues` meets `Create a new issue` only when stemmed", () => {
      const exact = { fuzzy: 0, prefix: false, synonyms: false };
      expect(hitNames(SAMPLE_TOOLS, "creating issues", exact)).toEqual(["create_issue"]);
      expect(hitNames(SAMPLE_TOOLS, "creating issues", { ...exact, stemming: false })).toEqual([]);
    });

    it("stopWords: `the` matches nothing when stop words are dropped", () => {
      expect(hitNames(SAMPLE_TOOLS, "the")).toEqual([]);
      expect(hitNames(SAMPLE_TOOLS, "the", { stopWords: false })).toContain("get_weather");
    });

    it("fieldWeights: a name match outranks a description match, until the weights say otherwise", () => {
      const tools: CatalogTool[] = [
        { name: "archive_report", description: "Store a finished document.", inputSchema: {} },
        { name: "store_document", description: "Archive one report for later.", inputSchema: {} },
      ];
      expect(hitNames(tools, "archive")[0]).toBe("archive_report");
      const descriptionFirst = { name: 0.5, description: 3, parameterName: 1, parameterDescription: 1 };
      expect(hitNames(tools, "archive", { fieldWeights: descriptionFirst })[0]).toBe("store_document");
    });

    it("fieldWeights: a field weighted 0 is not searched", () => {
      const noParameters = { ...DEFAULT_CLIENT_SEARCH_OPTIONS.fieldWeights, parameterName: 0, parameterDescription: 0 };
      expect(hitNames(SAMPLE_TOOLS, "celsius temperature")).toEqual(["get_weather"]);
      expect(hitNames(SAMPLE_TOOLS, "temperature", { fieldWeights: noParameters })).toEqual([]);
    });

    it("synonyms: `remove` finds delete_file only through the synonym table", () => {
      expect(hitNames(SAMPLE_TOOLS, "remove")).toEqual(["delete_file"]);
      expect(hitNames(SAMPLE_TOOLS, "remove", { synonyms: false })).toEqual([]);
    });

    it("prefix: `repo` reaches list_repositories only by prefix", () => {
      expect(hitNames(SAMPLE_TOOLS, "repo")).toContain("list_repositories");
      expect(hitNames(SAMPLE_TOOLS, "repo", { prefix: false, synonyms: false })).not.toContain("list_repositories");
    });

    it("fuzzy: the typo `wether` finds get_weather only with fuzzy matching", () => {
      expect(hitNames(SAMPLE_TOOLS, "wether")).toEqual(["get_weather"]);
      expect(hitNames(SAMPLE_TOOLS, "wether", { fuzzy: 0 })).toEqual([]);
    });
  });
});
