/**
 * Puts a checked import's tools into the workspace and says what happened, with an Undo that brings the catalog
 * before the import back: an import that replaced twelve hand-edited tools with the wrong file is one click from
 * undone, whatever the file held. When the imported catalog lacks tools the conversation calls (a person's own
 * catalog under an example's conversation), the conversation is replaced at once by one written over the imported
 * tools (lib/scenario/catalog-conversation.ts), so the run works; Undo brings that conversation back too. Kept out of
 * the session component so the words and the undo are tested alone.
 */
import type { Catalog, InputProblem } from "@/lib/core/catalog";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import {
  fittedConversation,
  missingConversationTools,
  type FittedConversation,
} from "@/lib/scenario/catalog-conversation";
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
  /** The reader's language for the notices (English when a caller does not say). */
  locale?: Locale;
};

export type CatalogImportContext = ConversationAccess & {
  controller: Pick<PlaygroundController, "appendCatalog" | "replaceCatalog">;
  /** The catalog on screen before the import: Undo puts it back. */
  previous: Catalog;
  setNotice(notice: WorkspaceNotice | null): void;
};

const wordsFor = (access: Pick<ConversationAccess, "locale">) =>
  translatorFor(access.locale ?? DEFAULT_LOCALE, "import");

/** Messages from lib/ are clauses; the banner joins several, so each must end as a sentence. */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/**
 * Ajv (≈ 45 kB gzip) stays out of the page's first load: an import the engine worker parses comes back with its
 * conversation fitted there; the dialog's import loads the check when it starts, and awaits it only when a
 * conversation must be written.
 */
function loadArgumentsCheck() {
  return import("@/lib/catalog/argument-validation");
}

/**
 * After `catalog` took the place of the one on screen: when the conversation calls tools it lacks, puts a
 * conversation over its own tools in place (at once: the run that follows the import is of it) and returns the line
 * that says so with the turns it replaced; when nothing can be generated from the catalog, keeps the conversation
 * and warns about each tool it calls that the catalog lacks. `fittedByWorker`: the same decision, made by the engine
 * worker that parsed the catalog.
 */
export async function fitConversation(
  catalog: Catalog,
  conversation: ConversationAccess,
  fittedByWorker?: FittedConversation | null,
): Promise<{ line: string; replacedTurns: readonly ScenarioTurn[] | null; problems: InputProblem[] }> {
  const t = wordsFor(conversation);
  const missing = fittedByWorker?.missing ?? missingConversationTools(conversation.turns, catalog.tools);
  if (missing.length === 0) return { line: "", replacedTurns: null, problems: [] };
  const fitted =
    fittedByWorker ??
    fittedConversation(conversation.turns, catalog, {
      argumentsValid: (await loadArgumentsCheck()).argumentsPassSchema,
    });
  if (!fitted.replaced) {
    return {
      line: "",
      replacedTurns: null,
      problems: missing.map((name) => ({
        severity: "warning",
        path: "$.turns",
        toolName: name,
        message: `the conversation calls "${name}", which the imported catalog does not have: edit the conversation, or import with "Add to the catalog"`,
        code: "conversationCallsMissing",
        values: { name },
      })),
    };
  }
  const replacedTurns = conversation.turns;
  // The worker's own array: the run sent behind the import is of these turns, and the page takes that run only for
  // the turns it holds (state/controller/runs.ts compares them by identity).
  const generated = fitted.turns as ScenarioTurn[];
  conversation.setTurns(generated);
  return {
    line: t("notice.conversationReplaced", {
      name: missing[0],
      more: missing.length - 1,
      requests: generated.length,
    }),
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
  const t = wordsFor(conversation);
  return {
    label: t("notice.undo"),
    run: () => {
      controller.replaceCatalog(previous);
      if (replacedTurns) conversation.setTurns([...replacedTurns]);
      setNotice({
        kind: "info",
        message: replacedTurns
          ? t("notice.undoneWithConversation", { tools: previous.tools.length, requests: replacedTurns.length })
          : t("notice.undone", { tools: previous.tools.length }),
        testId: "import-undone",
      });
    },
  };
}

export async function applyCatalogImport(request: CatalogImportRequest, context: CatalogImportContext): Promise<void> {
  const { controller, previous, setNotice } = context;
  const { catalog, mode, sourceName, problems } = request;
  void loadArgumentsCheck();
  const t = wordsFor(context);
  // "Add": only the imported tools cross to the worker, which appends them to the catalog it holds.
  let merged: { catalog: Catalog; problems: InputProblem[] };
  if (mode === "add") {
    try {
      merged = await controller.appendCatalog(catalog);
    } catch (error) {
      setNotice({
        kind: "error",
        message: `${sentence((error as Error).message)} ${t("notice.unchanged")}`,
      });
      return;
    }
  } else {
    controller.replaceCatalog(catalog);
    merged = { catalog, problems: [] };
  }
  const fitted = await fitConversation(merged.catalog, context);
  const shown = [...problems, ...merged.problems, ...fitted.problems];
  setNotice({
    kind: "info",
    message:
      t("notice.imported", {
        count: catalog.tools.length,
        source: sourceName ?? "",
        hasSource: sourceName ? "yes" : "no",
        mode,
        previous: previous.tools.length,
        now: merged.catalog.tools.length,
      }) +
      fitted.line +
      (shown.length > 0 ? t("notice.problemsFound") : ""),
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
  text: string | Blob,
  sourceName: string | undefined,
  context: CatalogTextImportContext,
): Promise<void> {
  const before = context.current();
  // The worker fits the conversation to what it parsed (no schema checker on this thread).
  let fittedByWorker: FittedConversation | null;
  try {
    fittedByWorker = await context.controller.importCatalogText(text, sourceName);
  } catch (error) {
    context.setNotice({
      kind: "error",
      message: `${sentence((error as Error).message)} ${wordsFor(context)("notice.unchanged")}`,
    });
    return;
  }
  const after = context.current();
  if (after.catalogVersion === before.catalogVersion) return;
  const fitted = await fitConversation(after.catalog, context, fittedByWorker);
  context.setNotice({
    kind: "info",
    message:
      wordsFor(context)("notice.opened", {
        count: after.catalog.tools.length,
        source: sourceName ?? "",
        hasSource: sourceName ? "yes" : "no",
        previous: before.catalog.tools.length,
      }) + fitted.line,
    ...(fitted.problems.length > 0 ? { problems: fitted.problems } : {}),
    testId: "import-done",
    actions: [undoImportAction(context.controller, before.catalog, fitted.replacedTurns, context, context.setNotice)],
  });
}
