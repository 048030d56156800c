import type { InputProblem } from "@/lib/catalog/types";

const MAX_SHOWN = 200;

/** Problems with their JSON path and line:column, as plain text (messages may quote untrusted input). */
export function ProblemList({
  problems,
  testId = "import-problems",
}: {
  problems: readonly InputProblem[];
  testId?: string;
}) {
  if (problems.length === 0) return null;
  const shown = problems.slice(0, MAX_SHOWN);
  return (
    <ul
      className="max-h-56 space-y-1 overflow-auto rounded-lg border border-line bg-panel-muted p-2 text-xs"
      data-testid={testId}
    >
      {shown.map((problem, index) => (
        <li key={index} className="flex gap-2">
          <span className={problem.severity === "error" ? "font-semibold text-danger" : "text-warning"}>
            {problem.severity}
          </span>
          <span className="font-mono text-muted">
            {problem.path}
            {problem.line !== undefined ? ` (${problem.line}:${problem.column ?? 1})` : ""}
          </span>
          <span className="min-w-0 break-words text-ink">{problem.message}</span>
        </li>
      ))}
      {problems.length > MAX_SHOWN ? <li className="text-muted">…and {problems.length - MAX_SHOWN} more</li> : null}
    </ul>
  );
}
