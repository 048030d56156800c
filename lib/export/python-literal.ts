import { printLiteral, type LiteralStyle } from "./literal-printer";

/**
 * JSON value → Python source literal: `true/false/null` → `True/False/None`, strings double-quoted. JSON's string
 * escapes (\" \\ \n \r \t \b \f \uXXXX, including lone surrogates) mean the same in Python, so strings start from
 * JSON.stringify; characters JSON leaves raw but that are invisible or confusing in source (DEL, C1 controls, line
 * and paragraph separators, BOM) are escaped as well. The output evaluates to the same data as `JSON.parse` of the
 * input (`ast.literal_eval`).
 */

export type PythonLiteralOptions = {
  /** Spaces per level (default 4, PEP 8). 0 prints on one line. */
  indent?: number;
  /** Indentation of the literal's continuation lines when it sits inside code. */
  baseIndent?: number;
};

const INVISIBLE = /[\u007f-\u009f\u2028\u2029\ufeff]/;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, "g");

function escapeInvisible(quoted: string): string {
  return INVISIBLE.test(quoted)
    ? quoted.replace(INVISIBLE_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)
    : quoted;
}

const PYTHON_STYLE: Omit<LiteralStyle, "indent"> = {
  true: "True",
  false: "False",
  null: "None",
  key: (key) => pythonString(key),
  // A trailing comma after the last item is valid Python and keeps diffs of copied code small.
  trailingComma: true,
  escapeString: escapeInvisible,
};

export function toPythonLiteral(value: unknown, options: PythonLiteralOptions = {}): string {
  return printLiteral(value, { ...PYTHON_STYLE, indent: options.indent ?? 4, baseIndent: options.baseIndent });
}

/** A double-quoted Python string literal. */
export function pythonString(text: string): string {
  return escapeInvisible(JSON.stringify(text));
}
