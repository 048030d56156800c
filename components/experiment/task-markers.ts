/**
 * The task set's problems as Monaco markers, the way the catalog editor shows the importer's: each problem on its
 * line, from its column to the end of the line (a problem of the whole set, without a line, stays in the list
 * under the editor).
 */
import type { InputProblem } from "@/lib/core/catalog";

export type TaskMarker = {
  severity: "error" | "warning";
  message: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
};

/** `lineCount` and `lineEnd(line)` come from the editor's model (its max column of a line). */
export function taskMarkers(
  problems: readonly InputProblem[],
  lineCount: number,
  lineEnd: (line: number) => number,
): TaskMarker[] {
  return problems.flatMap((problem) => {
    if (problem.line === undefined) return [];
    const line = Math.max(1, Math.min(problem.line, lineCount));
    return [
      {
        severity: problem.severity === "error" ? "error" : "warning",
        message: problem.message,
        startLineNumber: line,
        startColumn: problem.column ?? 1,
        endLineNumber: line,
        endColumn: Math.max(lineEnd(line), (problem.column ?? 1) + 1),
      },
    ];
  });
}
