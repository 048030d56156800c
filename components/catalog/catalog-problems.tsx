"use client";
import { useTranslations } from "use-intl";
import type { InputProblem } from "@/lib/core/catalog";
import type { WireNamesLine } from "@/lib/view/tool-name-problems";
import type { EditorMarker } from "./catalog-editor";
import { useProblemText } from "./problem-text";

export type ListedProblem = {
  severity: "error" | "warning";
  message: string;
  code?: InputProblem["code"];
  values?: InputProblem["values"];
  line?: number;
  column?: number;
  toolName?: string;
  path?: string;
  source: "parser" | "editor";
};

/** A parser problem that says the text is not JSON at all (lib/catalog/json-text.ts words it so). */
const INVALID_JSON = /: invalid JSON: /;

/** Parser problems first (they name the tool and the JSON path); editor markers on lines the parser did not flag. */
export function mergeProblems(parser: readonly InputProblem[], editor: readonly EditorMarker[]): ListedProblem[] {
  const parserLines = new Set(parser.map((problem) => problem.line).filter((line) => line !== undefined));
  // While the text is not JSON, the editor's own markers past the syntax error are its recovery guesses ("Duplicate
  // object key" where a missing comma joined two objects), not problems of their own: only the one error is listed.
  const syntaxError = parser.find((problem) => problem.severity === "error" && INVALID_JSON.test(problem.message));
  const before = (marker: EditorMarker) =>
    !syntaxError || (syntaxError.line !== undefined && marker.line < syntaxError.line);
  return [
    ...parser.map((problem) => ({ ...problem, source: "parser" as const })),
    ...editor
      .filter(before)
      .filter((marker) => !parserLines.has(marker.line))
      .map((marker) => ({ ...marker, source: "editor" as const })),
  ];
}

export function CatalogProblems({
  problems,
  checking,
  onReveal,
  wireNames = null,
  onToolNameMapping,
}: {
  problems: readonly ListedProblem[];
  checking: boolean;
  onReveal(line: number, column: number): void;
  /** Names the chosen model refuses that wire names fit: the offer to send them, or the line saying they are. */
  wireNames?: WireNamesLine | null;
  /** Sets the scenario's `toolNameMapping` (the same setting as in Settings). */
  onToolNameMapping?(mapping: "none" | "wire"): void;
}) {
  const errors = problems.filter((problem) => problem.severity === "error").length;
  const warnings = problems.length - errors;
  const t = useTranslations("catalog");
  const problemText = useProblemText();
  return (
    <div data-testid="catalog-problems" className="flex h-full min-h-0 flex-col" aria-live="polite">
      <div className="flex items-center justify-between px-4 py-1.5 text-xs">
        <span className="font-semibold uppercase tracking-wide text-muted">{t("problems.title")}</span>
        <span className="tabular text-muted" data-testid="catalog-problem-count">
          {checking
            ? t("problems.checking")
            : problems.length === 0
              ? t("problems.none")
              : t("problems.count", { errors, warnings })}
        </span>
      </div>
      {wireNames && onToolNameMapping ? <WireNamesRow line={wireNames} onToolNameMapping={onToolNameMapping} /> : null}
      <ul className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {problems.map((problem, index) => (
          <li key={`${problem.source}-${index}`}>
            <button
              type="button"
              className="flex w-full items-start gap-2 rounded-md px-2 py-1 text-left text-xs hover:bg-panel-muted disabled:cursor-default"
              disabled={problem.line === undefined}
              data-testid="catalog-problem"
              data-severity={problem.severity}
              onClick={() => problem.line !== undefined && onReveal(problem.line, problem.column ?? 1)}
            >
              <span
                aria-hidden
                className={`mt-1 h-2 w-2 shrink-0 rounded-full ${problem.severity === "error" ? "bg-danger" : "bg-warning"}`}
              />
              <span className="min-w-0 flex-1 text-ink-soft">
                <span className="sr-only">{t(`problems.severity.${problem.severity}`)}</span>
                {problemText(problem)}
                {problem.toolName ? <span className="ml-1 font-mono text-muted">({problem.toolName})</span> : null}
              </span>
              {problem.line !== undefined ? (
                <span className="tabular shrink-0 font-mono text-muted">
                  {problem.line}:{problem.column ?? 1}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The offer to send wire names, or, once they are sent, one line saying how many and which, with the way back. */
function WireNamesRow({
  line,
  onToolNameMapping,
}: {
  line: WireNamesLine;
  onToolNameMapping(mapping: "none" | "wire"): void;
}) {
  const t = useTranslations("catalog");
  const button = "shrink-0 rounded-md border border-line px-2 py-0.5 text-xs text-ink hover:bg-panel-muted";
  if (line.kind === "offer")
    return (
      <div className="px-4 pb-1.5">
        <button
          type="button"
          className={button}
          title={t("wireNames.offerTitle", { count: line.count })}
          data-testid="send-wire-names"
          onClick={() => onToolNameMapping("wire")}
        >
          {t("wireNames.offer")}
        </button>
      </div>
    );
  return (
    <div
      className="flex flex-wrap items-start gap-x-2 gap-y-1 px-4 pb-1.5 text-xs"
      data-testid="wire-names-line"
      role="status"
    >
      <span aria-hidden className="mt-1 h-2 w-2 shrink-0 rounded-full bg-accent" />
      {/* A narrow panel puts the button under the words rather than squeezing them into a column. */}
      <span className="min-w-[14rem] flex-1 text-ink-soft">
        {t.rich("wireNames.sent", {
          count: line.count,
          examples: line.examples,
          more: String(line.more),
          names: (chunks) => <code className="font-mono">{chunks}</code>,
        })}
      </span>
      <button
        type="button"
        className={button}
        data-testid="send-names-as-written"
        onClick={() => onToolNameMapping("none")}
      >
        {t("wireNames.asWritten")}
      </button>
    </div>
  );
}
