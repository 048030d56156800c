/**
 * The catalog's Problems panel for a catalog with names the chosen model refuses: sent as written, each is an error
 * and one button offers wire names; sent as wire names, the errors give way to one line saying how many and which,
 * from the mapping the engine sends. In English and in Chinese.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { parseCatalogText } from "@/lib/catalog";
import { englishInMarkup } from "@/lib/i18n/english-leftovers";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { providerNameProblems, wireNamesLine } from "@/lib/view/tool-name-problems";
import { CatalogProblems, mergeProblems } from "./catalog-problems";

const FIXTURE = path.join(__dirname, "..", "..", "lib", "catalog", "test-fixtures", "shapes", "mixed-names.json");
const imported = parseCatalogText(fs.readFileSync(FIXTURE, "utf8"));
const tools = imported.value!.tools;

function panel(toolNameMapping: ScenarioSettings["toolNameMapping"], locale: "en" | "zh-CN" = "en") {
  const settings = { ...DEFAULT_SETTINGS, toolNameMapping };
  const problems = mergeProblems(providerNameProblems(imported.problems, tools, settings), []);
  const line = wireNamesLine(tools, settings);
  const html = renderInLocale(
    <CatalogProblems
      problems={problems}
      checking={false}
      onReveal={() => {}}
      wireNames={line}
      onToolNameMapping={() => {}}
    />,
    locale,
  );
  return { problems, line, html };
}

describe("wire names in the catalog's Problems panel", () => {
  it("names sent as written: each refused name is an error, and one button offers wire names", () => {
    const { problems, line, html } = panel(undefined);
    expect(problems.filter((problem) => problem.code === "nameRefused")).toHaveLength(4);
    expect(line).toEqual({ kind: "offer", count: 4 });
    expect(html).toContain('data-testid="send-wire-names"');
    expect(html).toContain("Send wire names, as MCP clients do");
    expect(html).toContain("4 tool names the provider refuses are then sent as MCP clients send them");
    expect(html).not.toContain('data-testid="wire-names-line"');
  });

  it("wire names on: the errors become one line with the count and the first names, and the way back", () => {
    const { problems, line, html } = panel("wire");
    expect(problems.some((problem) => problem.code === "nameRefused" || problem.code === "nameRule")).toBe(false);
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(line).toMatchObject({ kind: "sent", count: 4, more: true });
    expect(html).toContain('data-testid="wire-names-line"');
    expect(html).toContain(
      '4 tool names are sent as wire names (<code class="font-mono">github.create_issue → github_create_issue, fs/read_file → fs_read_file</code>, …)',
    );
    expect(html).toContain("Send the names as written");
    expect(html).not.toContain('data-testid="send-wire-names"');
  });

  it("in Chinese: the button, the line and its way back, with no English left", () => {
    const offer = panel(undefined, "zh-CN").html;
    expect(offer).toContain("像 MCP 客户端那样发送改写后的名称");
    const sent = panel("wire", "zh-CN").html;
    expect(sent).toContain("4 个工具名以改写后的名称发送");
    expect(sent).toContain("按原名发送");
    // The refused errors name their tools as the catalog writes them ("Send Email"), which is not English to word.
    const names = new Set(tools.map((tool) => tool.name));
    expect(englishInMarkup(offer).filter((run) => !names.has(run))).toEqual([]);
    expect(englishInMarkup(sent)).toEqual([]);
  });

  it("no button where no name is refused, nor without the setting's handler", () => {
    const accepted = tools.filter((tool) => /^[a-zA-Z0-9_-]+$/.test(tool.name));
    expect(wireNamesLine(accepted, DEFAULT_SETTINGS)).toBeNull();
    const html = renderInLocale(
      <CatalogProblems problems={[]} checking={false} onReveal={() => {}} wireNames={{ kind: "offer", count: 1 }} />,
    );
    expect(html).not.toContain("send-wire-names");
  });
});
