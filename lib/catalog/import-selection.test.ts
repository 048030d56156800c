import { describe, expect, it } from "vitest";
import { parseCatalogText } from "./import-catalog";
import { importVerdict, selectUsableTools } from "./import-selection";

const good = (name: string) => ({ name, description: `${name}.`, inputSchema: { type: "object" } });
const broken = (name: string) => ({
  name,
  description: `${name}.`,
  inputSchema: { type: "object", properties: { city: { type: "not-a-type" } } },
});

function check(tools: unknown[]) {
  const parsed = parseCatalogText(JSON.stringify({ tools }));
  if (!parsed.value) throw new Error("the test input should parse");
  return selectUsableTools(parsed.value, parsed.problems);
}

describe("selectUsableTools", () => {
  it("keeps the tools whose schema compiles and names the ones it skips", () => {
    const selection = check([good("get_weather"), broken("get_forecast"), good("get_time")]);
    expect(selection.usable.tools.map((tool) => tool.name)).toEqual(["get_weather", "get_time"]);
    expect(selection.skipped.map((tool) => tool.name)).toEqual(["get_forecast"]);
    expect(selection.skipped[0].reason).not.toBe("");
    expect(selection.unreadEntries).toBe(0);
  });

  it("counts entries the reader left out: a nameless tool, a non-object, a second tool of one name", () => {
    const selection = check([good("get_weather"), { description: "no name" }, 42, good("get_weather")]);
    expect(selection.usable.tools.map((tool) => tool.name)).toEqual(["get_weather"]);
    expect(selection.skipped).toEqual([]);
    expect(selection.unreadEntries).toBe(3);
  });
});

describe("importVerdict", () => {
  it("says how many tools go in, and which are skipped, when some have errors", () => {
    const verdict = importVerdict(check([good("a_tool"), broken("b_tool"), broken("c_tool")]), "replace");
    expect(verdict.allowed).toBe(true);
    expect(verdict.buttonLabel).toBe("Import the 1 valid tool");
    expect(verdict.summary).toContain(
      "2 tools with an input schema that does not compile are skipped (b_tool, c_tool)",
    );
    expect(verdict.summary).toContain("1 tool will replace your catalog");
    expect(verdict.summary).toContain("Undo");
  });

  it("names the plain count when nothing is left out", () => {
    const verdict = importVerdict(check([good("a_tool"), good("b_tool")]), "add");
    expect(verdict).toMatchObject({ allowed: true, buttonLabel: "Import 2 tools" });
    expect(verdict.summary).toBe("2 tools will be added to your catalog; an Undo button puts your catalog back.");
  });

  it("refuses when no tool can be imported, and says the catalog is unchanged", () => {
    const verdict = importVerdict(check([broken("b_tool"), { description: "no name" }]), "replace");
    expect(verdict.allowed).toBe(false);
    expect(verdict.summary).toContain("1 entry could not be read and is left out");
    expect(verdict.summary).toContain("replacing the catalog with an empty one would lose your tools");
    expect(verdict.summary).toContain("Your catalog is unchanged.");
  });

  it("refuses an empty tool list too", () => {
    expect(importVerdict(check([]), "add").allowed).toBe(false);
  });
});
