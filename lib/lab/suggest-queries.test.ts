import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { SAMPLE_TOOLS } from "../search/fixtures/sample-tools";
import { baseVerb, saysMoreThanName, starterQueries, suggestQueries, verbAndObject } from "./suggest-queries";

const tool = (
  name: string,
  description: string,
  properties: Record<string, unknown> = {},
  extra: Partial<CatalogTool> = {},
): CatalogTool => ({
  name,
  description,
  inputSchema: { type: "object", properties },
  ...extra,
});

describe("baseVerb", () => {
  it("turns third-person and -ing forms into the base verb", () => {
    expect(["Shows", "Retrieves", "Searches", "Lists", "listing", "Echoes", "creates", "Gets"].map(baseVerb)).toEqual([
      "show",
      "retrieve",
      "search",
      "list",
      "list",
      "echo",
      "create",
      "get",
    ]);
  });
});

describe("verbAndObject", () => {
  it("finds the verb, its object and the first modifier", () => {
    expect(verbAndObject("Create a new issue in a GitHub repository.")).toEqual({
      verb: "create",
      object: "a new issue",
      modifier: "in a GitHub repository",
    });
    expect(verbAndObject("Shows the commit logs")).toEqual({ verb: "show", object: "the commit logs", modifier: "" });
  });

  it("skips boilerplate openings and an alternative verb", () => {
    expect(verbAndObject("Notion | Retrieve a page")).toMatchObject({ verb: "retrieve", object: "a page" });
    expect(verbAndObject("Use this tool to send an email to a colleague")).toMatchObject({
      verb: "send",
      object: "an email",
      modifier: "to a colleague",
    });
    expect(verbAndObject("Create or update a single file in a GitHub repository")).toMatchObject({
      verb: "create",
      object: "a single file",
    });
    expect(verbAndObject("Tools for listing GitHub Actions resources.")).toMatchObject({
      verb: "list",
      object: "GitHub Actions resources",
    });
  });

  it("does not end the object on a dangling word", () => {
    expect(verbAndObject("Update the state of an existing issue (open or closed)").object).toBe(
      "the state of an existing issue",
    );
  });
});

describe("suggestQueries", () => {
  it("paraphrases the description's verb and object and adds arguments or example values", () => {
    const weather = SAMPLE_TOOLS[0];
    expect(suggestQueries(weather)).toEqual([
      "look up current weather",
      "how do I get current weather given its location",
      "look up current weather by location",
    ]);
    const withExample = { ...weather, inputExamples: [{ location: "Paris", unit: "celsius" }] };
    expect(suggestQueries(withExample)[1]).toBe("how do I get current weather for Paris");
  });

  it("never suggests just the tool's name", () => {
    const bare = tool("list_branches", "List branches");
    for (const query of suggestQueries(bare)) expect(saysMoreThanName(query, bare.name)).toBe(true);
    // With nothing but the name, only a paraphrase of it is left.
    expect(suggestQueries(tool("list_branches", ""))).toEqual(["show all branches"]);
    expect(suggestQueries(tool("git", ""))).toEqual([]);
  });

  it("falls back on the name's words and arguments when the description says nothing", () => {
    expect(suggestQueries(tool("get_weather", "", { location: { type: "string" } }))).toEqual([
      "look up weather",
      "how do I get weather given its location",
      "look up weather by location",
    ]);
  });

  it("returns distinct queries, at most the maximum asked for", () => {
    for (const sample of SAMPLE_TOOLS) {
      const queries = suggestQueries(sample, { maximum: 2 });
      expect(queries.length).toBeLessThanOrEqual(2);
      expect(new Set(queries.map((query) => query.toLowerCase())).size).toBe(queries.length);
    }
  });
});

describe("saysMoreThanName", () => {
  it("needs a content word the name does not have", () => {
    expect(saysMoreThanName("get the weather", "get_weather")).toBe(false);
    expect(saysMoreThanName("get the weather in Paris", "get_weather")).toBe(true);
    expect(saysMoreThanName("creating issues", "server:create_issue")).toBe(false);
  });
});

describe("starterQueries", () => {
  it("suggests for tools no query covers yet, each query expecting its own tool", () => {
    const existing = [{ q: "weather in Paris", expect: ["get_weather"] }];
    const queries = starterQueries(SAMPLE_TOOLS, existing);
    expect(queries.map((query) => query.expect[0])).toEqual(SAMPLE_TOOLS.slice(1).map((tool) => tool.name));
    expect(queries.every((query) => query.origin === "suggested")).toBe(true);
  });

  it("spreads a limited number of tools evenly over a large catalog", () => {
    const tools = Array.from({ length: 100 }, (_, index) =>
      tool(`tool_${index}`, `Fetch the record number ${index} from the archive`),
    );
    const queries = starterQueries(tools, [], { maxTools: 10 });
    expect(queries.map((query) => query.expect[0])).toEqual(
      Array.from({ length: 10 }, (_, index) => `tool_${index * 10}`),
    );
  });

  it("does not repeat a query already in the set", () => {
    const [first] = suggestQueries(SAMPLE_TOOLS[1]);
    const queries = starterQueries([SAMPLE_TOOLS[1]], [{ q: first, expect: ["other"] }]);
    expect(queries.map((query) => query.q)).not.toContain(first);
    expect(queries).toHaveLength(1);
  });
});
