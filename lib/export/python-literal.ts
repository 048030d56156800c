/**
 * JSON value → Python source literal: `true/false/null` → `True/False/None`, strings in double quotes with every
 * character Python would misread escaped. The output is a valid Python 3 expression that evaluates to the same
 * data as `JSON.parse` of the input.
 */

export type PythonLiteralOptions = {
  /** Spaces per level (default 4, PEP 8). 0 prints on one line. */
  indent?: number;
  /** Indentation of the first line's continuation lines, e.g. when the literal follows `body = `. */
  baseIndent?: number;
};

export function toPythonLiteral(value: unknown, options: PythonLiteralOptions = {}): string {
  const indent = options.indent ?? 4;
  return render(value, options.baseIndent ?? 0, indent);
}

function render(value: unknown, level: number, indent: number): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return pythonNumber(value);
  if (typeof value === "string") return pythonString(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const items = value.map((item) => render(item === undefined ? null : item, level + indent, indent));
    return wrap("[", "]", items, level, indent);
  }
  if (typeof value === "object") {
    // Same rule as JSON.stringify: properties holding `undefined` are left out.
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return "{}";
    const items = entries.map(([key, item]) => `${pythonString(key)}: ${render(item, level + indent, indent)}`);
    return wrap("{", "}", items, level, indent);
  }
  throw new Error(`python-literal: cannot represent a value of type ${typeof value}`);
}

function wrap(open: string, close: string, items: string[], level: number, indent: number): string {
  if (indent === 0) return `${open}${items.join(", ")}${close}`;
  const inner = " ".repeat(level + indent);
  // A trailing comma after the last item is valid Python and keeps diffs of copied code small.
  return `${open}\n${items.map((item) => `${inner}${item},`).join("\n")}\n${" ".repeat(level)}${close}`;
}

function pythonNumber(value: number): string {
  // JSON cannot carry NaN or Infinity; JSON.stringify would write null.
  if (!Number.isFinite(value)) return "None";
  if (Object.is(value, -0)) return "0";
  // JS and Python agree on decimal and exponent notation ("1e+21", "1.5e-7" are valid Python floats).
  return String(value);
}

/**
 * A double-quoted Python string. Printable characters, including non-ASCII, stay as they are (Python 3 source is
 * UTF-8); control characters, DEL, C1 controls, line/paragraph separators and lone surrogates become escapes.
 */
export function pythonString(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    const code = text.charCodeAt(index);
    switch (char) {
      case "\\":
        out += "\\\\";
        continue;
      case '"':
        out += '\\"';
        continue;
      case "\n":
        out += "\\n";
        continue;
      case "\r":
        out += "\\r";
        continue;
      case "\t":
        out += "\\t";
        continue;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += char + text[index + 1];
        index += 1;
      } else out += `\\u${hex(code, 4)}`;
      continue;
    }
    if (code >= 0xdc00 && code <= 0xdfff) {
      out += `\\u${hex(code, 4)}`;
      continue;
    }
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f)) {
      out += `\\x${hex(code, 2)}`;
      continue;
    }
    if (code === 0x2028 || code === 0x2029 || code === 0xfeff) {
      out += `\\u${hex(code, 4)}`;
      continue;
    }
    out += char;
  }
  return `${out}"`;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}
