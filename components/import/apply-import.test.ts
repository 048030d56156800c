/** An import always leaves a way back: Undo restores the catalog it replaced; a scenario keeps the work first. */
import { describe, expect, it } from "vitest";
import type { Catalog } from "@/lib/core/catalog";
import type { ScenarioTurn } from "@/lib/scenario/types";
import type { WorkspaceNotice } from "@/state/ui-slice";
import { applyCatalogImport } from "./apply-catalog-import";
import { applyScenarioImport } from "./apply-scenario-import";
import { loadExample } from "@/lib/examples";

const tool = (name: string) => ({ name, description: `${name}.`, inputSchema: { type: "object" as const } });
const catalogOf = (...names: string[]): Catalog => ({ tools: names.map(tool) });

function fakePage(initial: Catalog) {
  const page = { catalog: initial, notices: [] as Array<WorkspaceNotice | null> };
  const controller = {
    replaceCatalog: (catalog: Catalog) => {
      page.catalog = catalog;
    },
    appendCatalog: async (imported: Catalog) => {
      page.catalog = { tools: [...page.catalog.tools, ...imported.tools] };
      return { catalog: page.catalog, problems: [] };
    },
  };
  const setNotice = (notice: WorkspaceNotice | null) => void page.notices.push(notice);
  return { page, controller, setNotice };
}

describe("applyCatalogImport", () => {
  it("replaces the catalog, says what it replaced, and Undo puts the old one back", async () => {
    const previous = catalogOf("get_weather", "get_time");
    const { page, controller, setNotice } = fakePage(previous);
    const turns = [{ user: "Weather?", needs: [{ tool: "get_weather", arguments: {} }] }];
    let shownTurns: ScenarioTurn[] = turns;
    await applyCatalogImport(
      { catalog: catalogOf("lookup"), mode: "replace", sourceName: "tools.json", problems: [] },
      { controller, previous, turns, setTurns: (next) => void (shownTurns = next), setNotice },
    );
    expect(page.catalog.tools.map((entry) => entry.name)).toEqual(["lookup"]);
    const notice = page.notices.at(-1)!;
    expect(notice.message).toBe(
      "Imported 1 tool from tools.json in place of your catalog of 2 tools. The conversation called get_weather, " +
        "which the imported catalog lacks, so it is replaced by 1 request written from the imported tools.",
    );
    expect(shownTurns.map((turn) => turn.needs[0].tool)).toEqual(["lookup"]);
    const undo = notice.actions?.find((action) => action.label === "Undo the import");
    undo!.run();
    expect(page.catalog).toBe(previous);
    expect(shownTurns).toEqual(turns);
    expect(page.notices.at(-1)?.message).toBe(
      "Undone: your catalog of 2 tools and your conversation of 1 request are back.",
    );
  });

  it("lists the missing tools when the imported catalog has none to write a conversation from", async () => {
    const previous = catalogOf("get_weather");
    const { page, controller, setNotice } = fakePage(previous);
    const broken = { ...tool("lookup"), schemaError: "cannot compile" };
    await applyCatalogImport(
      { catalog: { tools: [broken] }, mode: "replace", problems: [] },
      {
        controller,
        previous,
        turns: [{ user: "Weather?", needs: [{ tool: "get_weather", arguments: {} }] }],
        setTurns: () => {
          throw new Error("nothing to replace the conversation with");
        },
        setNotice,
      },
    );
    expect(page.notices.at(-1)?.problems?.map((problem) => problem.toolName)).toEqual(["get_weather"]);
  });

  it("adds, and Undo takes the added tools away again", async () => {
    const previous = catalogOf("get_weather");
    const { page, controller, setNotice } = fakePage(previous);
    await applyCatalogImport(
      { catalog: catalogOf("lookup", "search"), mode: "add", problems: [] },
      { controller, previous, turns: [], setTurns: () => {}, setNotice },
    );
    expect(page.notices.at(-1)?.message).toBe("Imported 2 tools to your catalog, which now has 3 tools.");
    page.notices.at(-1)!.actions![0].run();
    expect(page.catalog.tools.map((entry) => entry.name)).toEqual(["get_weather"]);
  });

  it("leaves the catalog alone when the worker refuses the addition", async () => {
    const previous = catalogOf("get_weather");
    const { page, setNotice } = fakePage(previous);
    const controller = {
      replaceCatalog: () => {
        throw new Error("nothing should be replaced");
      },
      appendCatalog: async () => {
        throw new Error("import: another catalog was opened meanwhile");
      },
    };
    await applyCatalogImport(
      { catalog: catalogOf("lookup"), mode: "add", problems: [] },
      { controller, previous, turns: [], setTurns: () => {}, setNotice },
    );
    expect(page.catalog).toBe(previous);
    expect(page.notices.at(-1)).toMatchObject({
      kind: "error",
      message: "import: another catalog was opened meanwhile. Your catalog is unchanged.",
    });
  });
});

describe("applyScenarioImport", () => {
  it("keeps the work on screen in Saved scenarios before opening the file, and says under which name", async () => {
    const current = await loadExample("weather");
    const incoming = { ...current, title: "Imported" };
    const opened: string[] = [];
    const notices: Array<WorkspaceNotice | null> = [];
    const reasons: string[] = [];
    await applyScenarioImport(incoming, [], {
      controller: { openWorkspace: (workspace) => void opened.push(workspace.scenario.title) },
      previous: { scenario: current },
      keepAside: async (_previous, _incoming, reason) => {
        reasons.push(reason);
        return { kind: "kept", name: "Weather (before importing a scenario)" };
      },
      download: () => {},
      setNotice: (notice) => void notices.push(notice),
    });
    expect(reasons).toEqual(["importing a scenario"]);
    expect(opened).toEqual(["Imported"]);
    expect(notices.at(-1)?.message).toContain(
      'Your previous work is kept in Saved scenarios as "Weather (before importing a scenario)".',
    );
  });

  it("opens nothing when the work cannot be kept, and asks", async () => {
    const current = await loadExample("weather");
    const opened: string[] = [];
    const notices: Array<WorkspaceNotice | null> = [];
    const downloaded: string[] = [];
    const context = {
      controller: {
        openWorkspace: (workspace: { scenario: { title: string } }) => void opened.push(workspace.scenario.title),
      },
      previous: { scenario: current },
      keepAside: async () => ({ kind: "failed" as const, message: "Storage is full.", code: "quota" }),
      download: (scenario: { title: string }) => void downloaded.push(scenario.title),
      setNotice: (notice: WorkspaceNotice | null) => void notices.push(notice),
    };
    await applyScenarioImport({ ...current, title: "Imported" }, [], context);
    expect(opened).toEqual([]);
    const notice = notices.at(-1)!;
    expect(notice.kind).toBe("error");
    expect(notice.message).toContain("Your work is still on screen.");
    notice.actions!.find((action) => action.label === "Download my work")!.run();
    expect(downloaded).toEqual([current.title]);
    notice.actions!.find((action) => action.label === "Open it anyway")!.run();
    expect(opened).toEqual(["Imported"]);
  });
});
