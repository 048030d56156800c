/**
 * A string that matches a `pattern` keyword, for the simple patterns tool schemas use for identifiers and codes
 * (`^T-[0-9]+$`, `^[A-Z]{3}$`, `^\d{4}-\d{2}-\d{2}$`, `^(draft|final)$`): literals, escapes, character classes,
 * quantifiers and groups (first alternative). Undefined for anything else, or when the result does not match.
 */
const CLASS_ESCAPES: Record<string, string> = { d: "7", w: "a", s: " ", D: "x", W: "-", S: "x" };

export function samplePattern(pattern: string): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
  const built = build(pattern);
  return built !== undefined && regex.test(built) ? built : undefined;
}

/** Reads `source` left to right: each atom once, or as often as its quantifier's minimum (at least once for `+`). */
function build(source: string): string | undefined {
  let out = "";
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    let atom: string | undefined;
    if (char === "^" || char === "$") {
      index++;
      continue;
    } else if (char === "\\") {
      const next = source[index + 1];
      if (next === undefined) return undefined;
      atom = CLASS_ESCAPES[next] ?? (/[a-zA-Z0-9]/.test(next) ? undefined : next);
      index += 2;
    } else if (char === "[") {
      const end = source.indexOf("]", index + 2);
      if (end < 0 || source[index + 1] === "^") return undefined;
      atom = firstOfClass(source.slice(index + 1, end));
      index = end + 1;
    } else if (char === "(") {
      const end = closingParen(source, index);
      if (end < 0) return undefined;
      const inner = source.slice(index + 1, end).replace(/^\?:/, "");
      atom = build(splitTopLevel(inner)[0]);
      index = end + 1;
    } else if (char === "|") {
      // A top-level alternative: the first branch is already written.
      return out;
    } else if ("*+?{".includes(char)) {
      return undefined;
    } else {
      atom = char === "." ? "a" : char;
      index++;
    }
    if (atom === undefined) return undefined;
    const quantifier = /^(?:\*|\+|\?|\{(\d+)(?:,(\d*))?\})\??/.exec(source.slice(index));
    let times = 1;
    if (quantifier) {
      const symbol = quantifier[0][0];
      times = symbol === "*" || symbol === "?" ? 0 : symbol === "+" ? 1 : Number(quantifier[1]);
      index += quantifier[0].length;
    }
    out += atom.repeat(times);
  }
  return out;
}

function firstOfClass(body: string): string | undefined {
  if (body.startsWith("\\")) return CLASS_ESCAPES[body[1]] ?? body[1];
  return body[0];
}

function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    if (source[index] === "\\") index++;
    else if (source[index] === "(") depth++;
    else if (source[index] === ")" && --depth === 0) return index;
  }
  return -1;
}

function splitTopLevel(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === "\\") index++;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "|" && depth === 0) {
      parts.push(source.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(source.slice(start));
  return parts;
}
