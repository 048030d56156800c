import { describe, expect, it } from "vitest";
import { EXAMPLES, loadExample } from "@/lib/examples";
import { parseTaskSet } from "@/lib/experiment/tasks";
import { taskMarkers } from "./task-markers";

describe("the task editor's markers", () => {
  it("put each problem the task set's checks find on its own line", async () => {
    expect(EXAMPLES.some((example) => example.id === "weather")).toBe(true);
    const catalog = (await loadExample("weather")).catalog;
    const text = [
      '{"id":"a","prompt":"Weather in Oslo?","expect":{"tools":["get_weather"]}}',
      '{"id":"b","prompt":"Book a flight","expect":{"tools":["book_flight"]}}',
      "not json",
      '{"id":"a","prompt":"Again","expect":{"tools":["get_weather"]},"extra":1}',
    ].join("\n");
    const lines = text.split("\n");
    const parsed = parseTaskSet(text, catalog);
    const markers = taskMarkers(parsed.problems, lines.length, (line) => lines[line - 1].length + 1);
    // The same checks as the list under the editor: every problem with a line is a marker on that line.
    expect(markers).toHaveLength(parsed.problems.filter((problem) => problem.line !== undefined).length);
    expect(markers.map((marker) => marker.startLineNumber).sort()).toEqual(
      parsed.problems.map((problem) => problem.line).sort(),
    );
    expect(new Set(markers.map((marker) => marker.startLineNumber))).toEqual(new Set([2, 3, 4]));
    for (const marker of markers) {
      expect(marker.endLineNumber).toBe(marker.startLineNumber);
      expect(marker.endColumn).toBe(lines[marker.startLineNumber - 1].length + 1);
    }
    expect(markers.find((marker) => marker.startLineNumber === 2)?.message).toMatch(/book_flight/);
    expect(markers.some((marker) => marker.severity === "error")).toBe(true);
  });

  it("a problem of the whole set (no line) is not a marker", () => {
    expect(taskMarkers([{ severity: "error", path: "$", message: "no tasks" }], 1, () => 1)).toEqual([]);
  });
});
