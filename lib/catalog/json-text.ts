/**
 * Reads JSON text defensively: a size cap and a nesting cap checked before `JSON.parse`, and syntax errors
 * located by line and column whatever wording the JavaScript engine uses for its message.
 */
import { scanForSyntaxError } from "./json-syntax-scan";
import type { InputProblem, Parsed } from "../core/catalog";
import { jsonSyntaxHint } from "./json-syntax-hint";

/** Larger pastes are refused rather than parsed: they would freeze the tab and no real catalog is this big. */
export const MAX_TEXT_CHARACTERS = 20 * 1024 * 1024;

/** Real catalogs nest at most ~13 levels; 64 leaves room while keeping recursive walkers (Ajv, ours) safe. */
export const MAX_NESTING_DEPTH = 64;

export type TextPosition = { line: number; column: number };

/** 1-based line and column of a UTF-16 offset. */
export function offsetToPosition(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let index = 0; index < end; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** Deepest bracket nesting of JSON text, ignoring brackets inside strings; stops early past `limit`. */
export function textNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): { depth: number; offset: number } {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      // A string is skipped with indexOf, not character by character: descriptions are most of a catalog's text.
      index = closingQuote(text, index);
      if (index < 0) break;
    } else if (code === 123 || code === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return { depth: deepest, offset: index };
    } else if (code === 125 || code === 93) depth--;
  }
  return { depth: deepest, offset: -1 };
}

/** The offset of the quote that closes the string opened at `open` (one not escaped by a backslash), or -1. */
function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote > 0) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

/** Deepest nesting of a parsed value, measured without recursion so hostile input cannot overflow the stack. */
export function valueNestingDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  // Two parallel stacks, not an object per value: a 10,000-tool catalog has millions of values.
  const nodes: unknown[] = [value];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (node === null || typeof node !== "object") continue;
    const childDepth = depth + 1;
    if (childDepth > deepest) deepest = childDepth;
    if (deepest > limit) return deepest;
    if (Array.isArray(node)) {
      for (const child of node)
        if (child !== null && typeof child === "object") {
          nodes.push(child);
          depths.push(childDepth);
        }
    } else
      for (const key in node) {
        if (!Object.prototype.hasOwnProperty.call(node, key)) continue;
        const child = (node as Record<string, unknown>)[key];
        if (child !== null && typeof child === "object") {
          nodes.push(child);
          depths.push(childDepth);
        }
      }
  }
  return deepest;
}

export function nestingProblem(depth: number, position?: TextPosition): InputProblem {
  return {
    severity: "error",
    path: "$",
    message: `json: nesting deeper than ${MAX_NESTING_DEPTH} levels (found at least ${depth}); refusing to read it`,
    code: "tooDeep",
    values: { limit: MAX_NESTING_DEPTH, depth },
    ...position,
  };
}

/** `syntaxError` is set when the text was read but is not valid JSON (as opposed to refused for size or depth). */
export type ParsedJsonText = Parsed<unknown> & { syntaxError?: boolean };

/** Parses JSON text; never throws. `label` names the document in messages ("catalog", "scenario"). */
export function parseJsonText(input: string, label = "json"): ParsedJsonText {
  // Editors on Windows save UTF-8 with a byte-order mark, which JSON.parse rejects.
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.length > MAX_TEXT_CHARACTERS) {
    const megabytes = Math.round(MAX_TEXT_CHARACTERS / 1024 / 1024);
    return {
      value: undefined,
      problems: [
        {
          severity: "error",
          path: "$",
          message: `${label}: text is larger than ${megabytes} MB`,
          code: "tooLarge",
          values: { megabytes },
        },
      ],
    };
  }
  const nesting = textNestingDepth(text, MAX_NESTING_DEPTH);
  if (nesting.depth > MAX_NESTING_DEPTH) {
    return { value: undefined, problems: [nestingProblem(nesting.depth, offsetToPosition(text, nesting.offset))] };
  }
  try {
    return { value: JSON.parse(text), problems: [] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = syntaxErrorOffset(text, message);
    const position = offsetToPosition(text, offset);
    const hint = jsonSyntaxHint(text, offset);
    return {
      value: undefined,
      problems: [
        {
          severity: "error",
          path: "$",
          message: `${label}: invalid JSON: ${message}${hint ? `; ${hint}` : ""}`,
          code: "invalidJson",
          values: { detail: `${message}${hint ? `; ${hint}` : ""}` },
          ...position,
        },
      ],
      syntaxError: true,
    };
  }
}

/**
 * Where JSON.parse failed. Node 20 says "at position N" for most errors but not for "Unexpected token" or
 * "Unexpected end"; newer engines add "(line L column C)". The scanner is the fallback for every other wording.
 */
function syntaxErrorOffset(text: string, message: string): number {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return offsetOfLineColumn(text, Number(lineColumn[1]), Number(lineColumn[2]));
  const position = /at position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  return scanForSyntaxError(text);
}

function offsetOfLineColumn(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) break;
    offset = next + 1;
  }
  return offset + column - 1;
}
