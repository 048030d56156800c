"use client";
import { useTranslations } from "use-intl";
import { useProblemText } from "@/components/catalog/problem-text";
import type { InputProblem } from "@/lib/core/catalog";

const MAX_SHOWN = 200;

/** Problems with their JSON path and line:column, as plain text (messages may quote untrusted input). */
export function ProblemList({
  problems,
  testId = "import-problems",
}: {
  problems: readonly InputProblem[];
  testId?: string;
}) {
  const t = useTranslations("import");
  const problemText = useProblemText();
  if (problems.length === 0) return null;
  const shown = problems.slice(0, MAX_SHOWN);
  return (
    <ul
      className="max-h-56 space-y-1 overflow-auto rounded-lg border border-line bg-panel-muted p-2 text-xs"
      data-testid={testId}
    >
      {shown.map((problem, index) => (
        // On a phone the message takes a line of its own under the severity and path: beside them it would be a
        // column two words wide.
        <li key={index} className="flex flex-wrap gap-x-2" data-testid="import-problem">
          <span className={problem.severity === "error" ? "font-semibold text-danger" : "text-warning"}>
            {t(`problems.${problem.severity}`)}
          </span>
          <span className="font-mono text-muted">
            {problem.path}
            {problem.line !== undefined ? ` (${problem.line}:${problem.column ?? 1})` : ""}
          </span>
          <span
            className="min-w-0 basis-full break-words text-ink sm:flex-1 sm:basis-0"
            data-testid="import-problem-message"
          >
            {problemText(problem)}
          </span>
        </li>
      ))}
      {problems.length > MAX_SHOWN ? (
        <li className="text-muted">{t("problems.more", { count: problems.length - MAX_SHOWN })}</li>
      ) : null}
    </ul>
  );
}
