/**
 * JSON Lines input: BFCL's data files hold one question entry (or one function) per line despite their
 * `.json` extension. Entries are flattened into one tool list, keeping the first definition of each name.
 */
import { type CatalogFormat, type LocatedItem, detectCatalogFormat, isRecord } from "./catalog-format";
import { appendIndex, appendKey } from "./json-path";
import { MAX_NESTING_DEPTH, nestingProblem, offsetToPosition, textNestingDepth } from "./json-text";
import type { InputProblem, Parsed } from "../core/catalog";

/** `entryLines[i]` is the 1-based line of entry `$[i]`, so problems can point at their line. */
export type JsonLinesCatalog = { format: CatalogFormat; items: LocatedItem[]; entryLines: number[] };

/** Undefined when the text does not look like JSON Lines (fewer than two lines, or a first line that is not JSON). */
export function parseJsonLines(text: string, label: string): Parsed<JsonLinesCatalog> | undefined {
  const lines = text.split("\n");
  const nonEmpty = lines.filter((line) => line.trim() !== "");
  if (nonEmpty.length < 2 || !parsesAlone(nonEmpty[0])) return undefined;
  const problems: InputProblem[] = [];
  const items: LocatedItem[] = [];
  const seenNames = new Set<string>();
  const repeatedNames = new Set<string>();
  const entryLines: number[] = [];
  lines.forEach((line, lineIndex) => {
    if (line.trim() === "") return;
    const entryPath = appendIndex("$", entryLines.length);
    entryLines.push(lineIndex + 1);
    const entry = parseLine(line, lineIndex + 1, label, problems);
    if (entry === undefined) return;
    const functions = isRecord(entry) && Array.isArray(entry.function) ? entry.function : [entry];
    const basePath = isRecord(entry) && Array.isArray(entry.function) ? appendKey(entryPath, "function") : undefined;
    functions.forEach((item, index) => {
      const name = isRecord(item) && typeof item.name === "string" ? item.name : undefined;
      if (name !== undefined && seenNames.has(name)) {
        repeatedNames.add(name);
        return;
      }
      if (name !== undefined) seenNames.add(name);
      items.push({ item, path: basePath ? appendIndex(basePath, index) : entryPath });
    });
  });
  if (repeatedNames.size > 0) {
    const examples = [...repeatedNames].slice(0, 5).join(", ");
    problems.push({
      severity: "warning",
      path: "$",
      message: `${label}: ${repeatedNames.size} function names appear in several entries; the first definition of each is kept (${examples}${repeatedNames.size > 5 ? ", …" : ""})`,
      code: "repeatedNames",
      values: { count: repeatedNames.size, names: `${examples}${repeatedNames.size > 5 ? ", …" : ""}` },
    });
  }
  const detected = detectCatalogFormat(items.map((located) => located.item));
  if (!detected) {
    problems.push({
      severity: "error",
      path: "$",
      message: `${label}: JSON Lines input holds no recognisable tools`,
      code: "jsonLinesNoTools",
    });
    return { value: undefined, problems };
  }
  return { value: { format: detected.format, items, entryLines }, problems };
}

function parsesAlone(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

function parseLine(line: string, lineNumber: number, label: string, problems: InputProblem[]): unknown {
  const nesting = textNestingDepth(line, MAX_NESTING_DEPTH);
  if (nesting.depth > MAX_NESTING_DEPTH) {
    problems.push({ ...nestingProblem(nesting.depth), line: lineNumber, column: nesting.offset + 1 });
    return undefined;
  }
  try {
    return JSON.parse(line);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /at position (\d+)/.exec(message);
    const column = position ? offsetToPosition(line, Number(position[1])).column : 1;
    problems.push({
      severity: "error",
      path: "$",
      message: `${label}: invalid JSON on line ${lineNumber}: ${message}`,
      code: "invalidJsonLine",
      values: { line: lineNumber, detail: message },
      line: lineNumber,
      column,
    });
    return undefined;
  }
}
