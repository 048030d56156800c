/**
 * Record files people write two ways: JSON Lines (one object a line, what the tools here write) and one JSON array,
 * pretty-printed over many lines (what an editor or `JSON.stringify(…, null, 2)` writes). Both are read, each record
 * with the line it starts on, for problems that name a line.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** One record and the line it starts on: its value, or why its line is not JSON. */
export type JsonRecord = { line: number } & ({ ok: true; value: unknown } | { ok: false; reason: string });

/**
 * The records of a text with the line each starts on: the elements of a JSON array (or of `{"<key>": […]}`) when the
 * whole text is one, the object when it is one object, else each non-empty line (JSON Lines), each parsed on its own
 * so that a broken line is reported alone.
 */
export function jsonRecords(text: string, key: string): JsonRecord[] {
  const start = text.search(/\S/);
  if (start >= 0 && (text[start] === "[" || text[start] === "{")) {
    let whole: unknown;
    try {
      whole = JSON.parse(text);
    } catch {
      whole = undefined;
    }
    const list = Array.isArray(whole) ? whole : isRecord(whole) && Array.isArray(whole[key]) ? whole[key] : undefined;
    if (list) {
      const arrayStart = Array.isArray(whole) ? start : text.indexOf("[", text.search(new RegExp(`"${key}"\\s*:`)));
      const lines = linesOf(text, elementOffsets(text, arrayStart));
      return list.map((value, index) => ({ ok: true, value, line: lines[index] ?? 1 }));
    }
    // One record written over several lines.
    if (isRecord(whole)) return [{ ok: true, value: whole, line: linesOf(text, [start])[0] }];
  }
  return text.split("\n").flatMap((raw, index): JsonRecord[] => {
    if (raw.trim() === "") return [];
    try {
      return [{ ok: true, value: JSON.parse(raw), line: index + 1 }];
    } catch (caught) {
      return [{ ok: false, reason: caught instanceof Error ? caught.message : String(caught), line: index + 1 }];
    }
  });
}

/** Where each element of the JSON array opening at `open` starts (a scan that skips strings and nested values). */
function elementOffsets(text: string, open: number): number[] {
  const offsets: number[] = [];
  let depth = 0;
  let inString = false;
  let expecting = false;
  for (let index = open; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === "\\") index += 1;
      else if (character === '"') inString = false;
      continue;
    }
    if (expecting && !/\s/.test(character) && character !== "]") {
      offsets.push(index);
      expecting = false;
    }
    if (character === '"') inString = true;
    else if (character === "[" || character === "{") {
      depth += 1;
      if (depth === 1) expecting = true;
    } else if (character === "]" || character === "}") {
      depth -= 1;
      if (depth === 0) break;
    } else if (character === "," && depth === 1) expecting = true;
  }
  return offsets;
}

/** The line of each of `offsets` (ascending), in one pass. */
function linesOf(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let index = 0;
  for (const offset of offsets) {
    for (; index < offset; index += 1) if (text.charCodeAt(index) === 10) line += 1;
    lines.push(line);
  }
  return lines;
}
