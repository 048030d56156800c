/**
 * Puts a checked import's tools into the workspace and says what happened, with an Undo that brings the catalog
 * before the import back: an import that replaced twelve hand-edited tools with the wrong file is one click from
 * undone, whatever the file held. When the imported catalog lacks tools the conversation calls (a person's own
 * catalog under an example's conversation), the conversation is replaced at once by one written over the imported
 * tools (lib/scenario/catalog-conversation.ts), so the run works; Undo brings that conversation back too. Kept out of
 * the session component so the words and the undo are tested alone.
 */
import type { Catalog, InputProblem } from "@/lib/core/catalog";
import { conversationForCatalog, missingConversationTools } from "@/lib/scenario/catalog-conversation";
import type { ScenarioTurn } from "@/lib/scenario/types";
import type { PlaygroundController } from "@/state/playground-controller";
import type { NoticeAction, WorkspaceNotice } from "@/state/ui-slice";
import type { CatalogImportMode } from "./import-dialog";

export type CatalogImportRequest = {
  catalog: Catalog;
  mode: CatalogImportMode;
  sourceName?: string;
  problems: InputProblem[];
};

/** The conversation on screen, and how to put another in its place. */
export type ConversationAccess = {
  turns: readonly ScenarioTurn[];
  setTurns(turns: ScenarioTurn[]): void;
};

export type CatalogImportContext = ConversationAccess & {
  controller: Pick<PlaygroundController, "appendCatalog" | "replaceCatalog">;
  /** The catalog on screen before the import: Undo puts it back. */
  previous: Catalog;
  setNotice(notice: WorkspaceNotice | null): void;
};

const tools = (count: number) => `${count.toLocaleString("en-US")} tool${count === 1 ? "" : "s"}`;
const requests = (count: number) => `${count} request${count === 1 ? "" : "s"}`;

/** Messages from lib/ are clauses; the banner joins several, so each must end as a sentence. */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

function namesText(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names[0]} and ${names.length - 1} more`;
}

/**
 * After `catalog` took the place of the one on screen: when the conversation calls tools it lacks, puts a
 * conversation over its own tools in place (at once: the run that follows the import is of it) and returns the line
 * that says so with the turns it replaced; otherwise the warnings of the old behaviour (nothing to generate from).
 */
export function fitConversation(
  catalog: Catalog,
  conversation: ConversationAccess,
): { line: string; replacedTurns: readonly ScenarioTurn[] | null; problems: InputProblem[] } {
  const missing = missingConversationTools(conversation.turns, catalog.tools);
  if (missing.length === 0) return { line: "", replacedTurns: null, problems: [] };
  const generated = conversationForCatalog(catalog);
  if (generated.length === 0) {
    return {
      line: "",
      replacedTurns: null,
      problems: missing.map((name) => ({
        severity: "warning",
        path: "$.turns",
        toolName: name,
        message: `the conversation calls "${name}", which the imported catalog does not have: edit the conversation, or import with "Add to the catalog"`,
      })),
    };
  }
  const replacedTurns = conversation.turns;
  conversation.setTurns(generated);
  return {
    line:
      ` The conversation called ${namesText(missing)}, which the imported catalog lacks, so it is replaced by ` +
      `${requests(generated.length)} written from the imported tools.`,
    replacedTurns,
    problems: [],
  };
}

/** "Undo the import": the catalog before it, and the conversation when the import replaced it. */
export function undoImportAction(
  controller: Pick<PlaygroundController, "replaceCatalog">,
  previous: Catalog,
  replacedTurns: readonly ScenarioTurn[] | null,
  conversation: ConversationAccess,
  setNotice: (notice: WorkspaceNotice | null) => void,
): NoticeAction {
  return {
    label: "Undo the import",
    run: () => {
      controller.replaceCatalog(previous);
      if (replacedTurns) conversation.setTurns([...replacedTurns]);
      setNotice({
        kind: "info",
        message: replacedTurns
          ? `Undone: your catalog of ${tools(previous.tools.length)} and your conversation of ${requests(replacedTurns.length)} are back.`
          : `Undone: your catalog of ${tools(previous.tools.length)} is back.`,
        testId: "import-undone",
      });
    },
  };
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
  const fitted = fitConversation(merged.catalog, context);
  const shown = [...problems, ...merged.problems, ...fitted.problems];
  const from = sourceName ? ` from ${sourceName}` : "";
  const how =
    mode === "replace"
      ? `in place of your catalog of ${tools(previous.tools.length)}`
      : `to your catalog, which now has ${tools(merged.catalog.tools.length)}`;
  setNotice({
    kind: "info",
    message: `Imported ${tools(catalog.tools.length)}${from} ${how}.${fitted.line}${shown.length > 0 ? " Problems found:" : ""}`,
    problems: shown,
    testId: "import-done",
    actions: [undoImportAction(controller, previous, fitted.replacedTurns, context, setNotice)],
  });
}

export type CatalogTextImportContext = ConversationAccess & {
  controller: Pick<PlaygroundController, "importCatalogText" | "replaceCatalog">;
  /** The catalog on screen now, and the worker's version of it: a new version after the import means it took. */
  current(): { catalog: Catalog; catalogVersion: number };
  setNotice(notice: WorkspaceNotice | null): void;
};

/**
 * "Open file", "Paste" and a file dropped on the catalog panel: the worker parses the text and the page adopts the
 * catalog (its problems show in the panel). When it took, the conversation is fitted to it as above, and a notice
 * with Undo says what happened; a text that did not parse changes nothing and gets none.
 */
export async function applyCatalogTextImport(
  text: string,
  sourceName: string | undefined,
  context: CatalogTextImportContext,
): Promise<void> {
  const before = context.current();
  await context.controller.importCatalogText(text, sourceName);
  const after = context.current();
  if (after.catalogVersion === before.catalogVersion) return;
  const fitted = fitConversation(after.catalog, context);
  const from = sourceName ? ` from ${sourceName}` : "";
  context.setNotice({
    kind: "info",
    message: `Opened ${tools(after.catalog.tools.length)}${from} in place of your catalog of ${tools(before.catalog.tools.length)}.${fitted.line}`,
    ...(fitted.problems.length > 0 ? { problems: fitted.problems } : {}),
    testId: "import-done",
    actions: [undoImportAction(context.controller, before.catalog, fitted.replacedTurns, context, context.setNotice)],
  });
}
