import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { csvCell, SIMULATION_CSV_COLUMNS, simulationCsv } from "./simulation-csv";
import { simulationJson } from "./simulation-output";

/** A small RFC 4180 reader, enough to check the writer. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index++;
    } else cell += char;
  }
  return rows;
}

describe("simulationCsv", () => {
  it("has one row per request with the same numbers as the JSON export", async () => {
    const scenario = await loadExample("weather");
    const runs = createEngine().runAll(scenario, ["full", "gateway", "kimi-dynamic"], { provider: "anthropic" });
    const rows = parseCsv(simulationCsv(runs));
    expect(rows[0]).toEqual([...SIMULATION_CSV_COLUMNS]);
    const json = simulationJson(runs);
    const stepRows = json.strategies.flatMap((strategy) =>
      strategy.steps.map((step) => ({ strategy: strategy.id, step })),
    );
    const refused = json.strategies.filter((strategy) => "refused" in strategy);
    expect(rows.length - 1).toBe(stepRows.length + refused.length);
    const first = rows.find((row) => row[0] === stepRows[0].strategy)!;
    expect(Number(first[7])).toBe(stepRows[0].step.tokens.input);
    expect(Number(first[12])).toBeCloseTo(stepRows[0].step.costUsd!, 6);
  });

  it("quotes and defuses cells", () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("-1+1")).toBe("'-1+1");
    expect(csvCell(-1)).toBe("-1");
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
  });
});
