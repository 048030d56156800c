/**
 * JSON with comments and trailing commas (JSONC: VS Code's settings and `mcp.json`, `tsconfig.json`), which people
 * copy tool lists out of. Comments and trailing commas become spaces, so every other character keeps its line and
 * column and a remaining syntax error is reported where it is in the person's own text.
 */

export type JsoncReading = { text: string; comments: number; trailingCommas: number };

/** A string (closed or not), a line comment, a block comment, a comma, a closing bracket, or a run of anything else. */
const TOKEN = /"(?:[^"\\]|\\[\s\S])*"?|\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|,|[}\]]|[^"/,}\]]+|\//g;

/** The text with comments and trailing commas blanked; undefined when it has neither. */
export function blankJsonComments(text: string): JsoncReading | undefined {
  const out: string[] = [];
  let comments = 0;
  let trailingCommas = 0;
  /** Index in `out` of a comma with nothing but space and comments after it yet, or -1. */
  let pendingComma = -1;
  for (const [token] of text.matchAll(TOKEN)) {
    if (token.startsWith("//") || token.startsWith("/*")) {
      // Line ends stay, so the lines after a block comment keep their numbers.
      out.push(token.replace(/[^\r\n]/g, " "));
      comments++;
      continue;
    }
    if (token === ",") pendingComma = out.length;
    else if (token === "}" || token === "]") {
      if (pendingComma >= 0) {
        out[pendingComma] = " ";
        trailingCommas++;
      }
      pendingComma = -1;
    } else if (token.trim() !== "") pendingComma = -1;
    out.push(token);
  }
  if (comments === 0 && trailingCommas === 0) return undefined;
  return { text: out.join(""), comments, trailingCommas };
}
