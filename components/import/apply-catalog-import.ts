/**
 * Puts a checked import's tools into the workspace and says what happened, with an Undo that brings the catalog
 * before the import back: an import that replaced twelve hand-edited tools with the wrong file is one click from
 * undone, whatever the file held. Kept out of the session component so the words and the undo are tested alone.
 */
import type { Catalog, InputProblem } from "@/lib/core/catalog";
import type { ScenarioTurn } from "@/lib/scenario/types";
import type { PlaygroundController } from "@/state/playground-controller";
import type { WorkspaceNotice } from "@/state/ui-slice";
import type { CatalogImportMode } from "./import-dialog";

export type CatalogImportRequest = {
  catalog: Catalog;
  mode: CatalogImportMode;
  sourceName?: string;
  problems: InputProblem[];
};

export type CatalogImportContext = {
  controller: Pick<PlaygroundController, "appendCatalog" | "replaceCatalog">;
  /** The catalog on screen before the import: Undo puts it back. */
  previous: Catalog;
  turns: readonly Pick<ScenarioTurn, "needs">[];
  setNotice(notice: WorkspaceNotice | null): void;
};

const tools = (count: number) => `${count} tool${count === 1 ? "" : "s"}`;

/** Messages from lib/ are clauses; the banner joins several, so each must end as a sentence. */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

export async function applyCatalogImport(request: CatalogImportRequest, context: CatalogImportContext): Promise<void> {
  const { controller, previous, setNotice } = context;
  const { catalog, mode, sourceName, problems } = request;
  // "Add": only the imported tools cross to the worker, which appends them to the catalog it holds.
  let merged: { catalog: Catalog; problems: InputProblem[] };
  if (mode === "add") {
    try {
      merged = await controller.appendCatalog(catalog);
    } catch (error) {
      setNotice({ kind: "error", message: `${sentence((error as Error).message)} Your catalog is unchanged.` });
      return;
    }
  } else {
    controller.replaceCatalog(catalog);
    merged = { catalog, problems: [] };
  }
  // A replaced catalog may lack tools the conversation calls: say so here, not only as the engine's error.
  const names = new Set(merged.catalog.tools.map((tool) => tool.name));
  const missing = [...new Set(context.turns.flatMap((turn) => turn.needs.map((need) => need.tool)))].filter(
    (name) => !names.has(name),
  );
  const missingProblems: InputProblem[] = missing.map((name) => ({
    severity: "warning",
    path: "$.turns",
    toolName: name,
    message: `the conversation calls "${name}", which the imported catalog does not have: edit the conversation, or import with "Add to the catalog"`,
  }));
  const shown = [...problems, ...merged.problems, ...missingProblems];
  const from = sourceName ? ` from ${sourceName}` : "";
  const how =
    mode === "replace"
      ? `in place of your catalog of ${tools(previous.tools.length)}`
      : `to your catalog, which now has ${tools(merged.catalog.tools.length)}`;
  setNotice({
    kind: "info",
    message: `Imported ${tools(catalog.tools.length)}${from} ${how}.${shown.length > 0 ? " Problems found:" : ""}`,
    problems: shown,
    testId: "import-done",
    actions: [
      {
        label: "Undo the import",
        run: () => {
          controller.replaceCatalog(previous);
          setNotice({
            kind: "info",
            message: `Undone: your catalog of ${tools(previous.tools.length)} is back.`,
            testId: "import-undone",
          });
        },
      },
    ],
  });
}
