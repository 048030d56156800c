/**
 * Which of a checked import's tools can join the catalog. A tool whose input schema does not compile cannot have its
 * arguments validated, so a run that calls it fails: it is skipped and named, never imported in silence. Entries the
 * reader could not turn into a tool at all (not an object, no name, a second tool of the same name) are already left
 * out of the checked catalog; they are counted so the person knows the file held more than is imported. Pure.
 */
import type { Catalog, InputProblem } from "../core/catalog";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";

export type SkippedTool = { name: string; reason: string };

export type ImportSelection = {
  /** The tools that can be imported, in their order, with the file's namespaces, source and licence. */
  usable: Catalog;
  /** Tools read from the file but left out, each with the error that makes it unusable. */
  skipped: SkippedTool[];
  /** Error problems not about a tool that is in the checked catalog: entries the reader already left out. */
  unreadEntries: number;
};

export function selectUsableTools(checked: Catalog, problems: readonly InputProblem[]): ImportSelection {
  const usableTools = checked.tools.filter((tool) => tool.schemaError === undefined);
  const skipped = checked.tools
    .filter((tool) => tool.schemaError !== undefined)
    .map((tool) => ({ name: tool.name, reason: tool.schemaError as string }));
  const readNames = new Set(checked.tools.map((tool) => tool.name));
  const unreadEntries = problems.filter(
    (problem) =>
      problem.severity === "error" &&
      (problem.toolName === undefined ||
        !readNames.has(problem.toolName) ||
        /duplicate tool name/.test(problem.message)),
  ).length;
  return { usable: { ...checked, tools: usableTools }, skipped, unreadEntries };
}

export type ImportVerdict = {
  /** Whether the import button may be pressed. */
  allowed: boolean;
  /** The button's words: they say how many tools go in, so a partial import is never a surprise. */
  buttonLabel: string;
  /** One or two sentences under the problems: what will happen, or why nothing can. */
  summary: string;
};

/**
 * What the import dialog says and allows, in the reader's language (words and figures from one value). "replace"
 * with no usable tool would leave an empty catalog, so it is refused with the reason; "add" with none has nothing
 * to add.
 */
export function importVerdict(
  selection: ImportSelection,
  mode: "replace" | "add",
  locale: Locale = DEFAULT_LOCALE,
): ImportVerdict {
  const t = translatorFor(locale, "import");
  const usable = selection.usable.tools.length;
  const left: string[] = [];
  if (selection.skipped.length > 0) {
    const names = selection.skipped.map((tool) => tool.name);
    left.push(
      t("verdict.skipped", {
        count: names.length,
        names: names.slice(0, 5).join(", "),
        more: Math.max(0, names.length - 5),
      }),
    );
  }
  if (selection.unreadEntries > 0) left.push(t("verdict.unread", { count: selection.unreadEntries }));
  const leftSentence = left.length > 0 ? t("verdict.left", { reasons: left.join(t("verdict.separator")) }) : "";
  if (usable === 0) {
    return {
      allowed: false,
      buttonLabel: t("verdict.importTools"),
      summary: leftSentence + t("verdict.nothing", { mode }),
    };
  }
  return {
    allowed: true,
    buttonLabel:
      left.length > 0 ? t("verdict.importValid", { count: usable }) : t("verdict.importCount", { count: usable }),
    summary: leftSentence + t("verdict.will", { count: usable, mode }),
  };
}
