/**
 * JSON with comments and trailing commas (JSONC: VS Code's settings and `mcp.json`, `tsconfig.json`), which people
 * copy tool lists out of. Comments and trailing commas become spaces, so every other character keeps its line and
 * column and a remaining syntax error is reported where it is in the person's own text.
 */

export type JsoncReading = { text: string; comments: number; trailingCommas: number };

/** The text with comments and trailing commas blanked; undefined when it has neither. */
export function blankJsonComments(text: string): JsoncReading | undefined {
  const out: string[] = [];
  let comments = 0;
  let trailingCommas = 0;
  /** Index in `out` of the last comma not yet followed by a value, or -1. */
  let pendingComma = -1;
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '"') {
      const end = closingQuote(text, index);
      const stop = end < 0 ? text.length : end + 1;
      out.push(text.slice(index, stop));
      pendingComma = -1;
      index = stop;
      continue;
    }
    if (char === "/" && text[index + 1] === "/") {
      const end = text.indexOf("\n", index);
      const stop = end < 0 ? text.length : end;
      out.push(" ".repeat(stop - index));
      comments++;
      index = stop;
      continue;
    }
    if (char === "/" && text[index + 1] === "*") {
      const end = text.indexOf("*/", index + 2);
      const stop = end < 0 ? text.length : end + 2;
      // Line ends stay, so the lines after a block comment keep their numbers.
      out.push(text.slice(index, stop).replace(/[^\r\n]/g, " "));
      comments++;
      index = stop;
      continue;
    }
    if (char === ",") pendingComma = out.length;
    else if ((char === "}" || char === "]") && pendingComma >= 0) {
      out[pendingComma] = " ";
      trailingCommas++;
      pendingComma = -1;
    } else if (!/\s/.test(char)) pendingComma = -1;
    out.push(char);
    index++;
  }
  if (comments === 0 && trailingCommas === 0) return undefined;
  return { text: out.join(""), comments, trailingCommas };
}

function closingQuote(text: string, open: number): number {
  for (let index = open + 1; index < text.length; index++) {
    const char = text[index];
    if (char === "\\") index++;
    else if (char === '"') return index;
  }
  return -1;
}
