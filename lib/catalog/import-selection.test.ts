import { describe, expect, it } from "vitest";
import { parseCatalogText } from "./import-catalog";
import { importVerdict, selectUsableTools } from "./import-selection";
import { problemText } from "./problem-text";

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

describe("importVerdict and the parser's problems in Chinese", () => {
  it("words and numbers: the figures in the Chinese sentences are the selection's own", () => {
    const tools = [good("a_tool"), good("b_tool"), good("c_tool"), broken("d_tool"), broken("e_tool"), 42];
    const selection = check(tools);
    const verdict = importVerdict(selection, "replace", "zh-CN");
    const usable = selection.usable.tools.length;
    const skipped = selection.skipped.length;
    expect([usable, skipped, selection.unreadEntries]).toEqual([3, 2, 1]);
    expect(verdict.buttonLabel).toBe(`导入 ${usable} 个有效工具`);
    expect(verdict.summary).toContain(`${skipped} 个工具的输入 schema 无法编译，已跳过（d_tool, e_tool）`);
    expect(verdict.summary).toContain(`${selection.unreadEntries} 个条目无法读取，已排除`);
    expect(verdict.summary).toContain(`${usable} 个工具将替换你的目录`);
    expect(verdict.summary).not.toMatch(/\b(?:tools?|will|replace|skipped)\b/);
    console.log(`zh-CN verdict: [${verdict.buttonLabel}] ${verdict.summary}`);
  });

  it("says a parser problem in Chinese with the names and figures it found, and keeps the English for the CLI", () => {
    const parsed = parseCatalogText(JSON.stringify({ tools: [good("a_tool"), broken("b_tool"), good("a_tool")] }));
    const duplicate = parsed.problems.find((problem) => problem.code === "duplicateName");
    const uncompilable = parsed.problems.find((problem) => problem.code === "uncompilable");
    expect(duplicate?.message).toMatch(/^catalog: duplicate tool name "a_tool" at \$\.tools\[0\] and \$\.tools\[2\]/);
    expect(problemText(duplicate!, "zh-CN")).toBe("工具名“a_tool”重复，位于 $.tools[0] 和 $.tools[2]；忽略第二个");
    expect(problemText(uncompilable!, "zh-CN")).toMatch(/^b_tool 的输入 schema 无法编译：/);
    expect(problemText(duplicate!, "en")).toBe(
      'duplicate tool name "a_tool" at $.tools[0] and $.tools[2]; the second is ignored',
    );
    const deep = parseCatalogText(`${"[".repeat(300)}${"]".repeat(300)}`).problems.find((p) => p.code === "tooDeep");
    expect(problemText(deep!, "zh-CN")).toBe(
      `嵌套超过 ${deep!.values!.limit} 层（至少 ${deep!.values!.depth} 层）；拒绝读取`,
    );
  });
});
