/**
 * Translates a Python `re` pattern into RE2 syntax, or explains why it cannot.
 *
 * Why translate at all: Anthropic's regex tool search runs Python `re.search()`, a backtracking engine. The
 * playground must run user- and model-written patterns in the page, and a backtracking engine can take
 * exponential time on a pattern such as `(a+)+$`; a regex must never hang the page. RE2 (here re2js) runs in time
 * linear in the input, so the emulation reads Python syntax, rewrites what differs, and reports what RE2 cannot
 * run (backreferences, lookaround, atomic groups, possessive repeats) instead of running it differently.
 *
 * Rewritten: `\Z` → `\z`; `$` (outside multi-line mode) → "end, or before a final newline" as in Python;
 * `{,n}` → `{0,n}`; `\uXXXX`, `\UXXXXXXXX`, octal escapes → `\x{…}`; verbose mode (`(?x)`) and `(?#…)` comments
 * are stripped; the `a`, `u` flags are dropped (RE2's `\w`, `\d`, `\b` are ASCII-only, a documented difference).
 */
import { readGroupOpening, type Modes } from "./python-regex-groups";
import { PatternReader, PythonRegexError, literal, readCharacterSet, readEscape } from "./python-regex-syntax";

export { PythonRegexError } from "./python-regex-syntax";

export type PythonRegexTranslation = { ok: true; pattern: string } | { ok: false; error: PythonRegexError };

/** RE2 accepts repeat counts up to 1000; Python accepts far larger ones. */
const RE2_MAX_REPEAT = 1000;

type OpenGroup = { start: number; group: number | undefined; modes: Modes };
type Previous = "nothing" | "anchor" | "item" | "repeat";

class Translator {
  private readonly reader: PatternReader;
  private output = "";
  private modes: Modes = { verbose: false, multiline: false };
  private readonly openGroups: OpenGroup[] = [];
  private readonly closedGroups = new Set<number>();
  private readonly groupNames = new Map<string, number>();
  private groupCount = 0;
  private previous: Previous = "nothing";
  /** Python 3.11+ only accepts global flags such as `(?i)` before anything else. */
  private onlyGlobalFlagsSoFar = true;

  constructor(pattern: string) {
    this.reader = new PatternReader(pattern);
  }

  translate(): string {
    const reader = this.reader;
    while (!reader.atEnd) {
      const character = reader.peek() as string;
      if (this.modes.verbose && /\s/u.test(character)) {
        reader.next();
        continue;
      }
      if (this.modes.verbose && character === "#") {
        reader.takeWhile((next) => next !== "\n");
        continue;
      }
      if (character !== "(") this.onlyGlobalFlagsSoFar = false;
      if (character === "*" || character === "+" || character === "?") this.repeat(character, character);
      else if (character === "{") this.braceRepeatOrLiteral();
      else if (character === "(") this.openGroup();
      else if (character === ")") this.closeGroup();
      else if (character === "\\") {
        const atom = readEscape(reader, false, (group) => this.closedGroups.has(group));
        this.emit(atom.text, atom.kind === "anchor" ? "anchor" : "item");
      } else if (character === "[") this.emit(readCharacterSet(reader), "item");
      else {
        reader.next();
        if (character === "|") this.emit("|", "nothing");
        else if (character === "^") this.emit("^", "anchor");
        else if (character === "$") this.emit(this.modes.multiline ? "$" : "(?:\\n?\\z)", "anchor");
        else if (character === ".") this.emit(".", "item");
        else this.emit(literal(character.codePointAt(0) as number, false), "item");
      }
    }
    const unclosed = this.openGroups.at(-1);
    if (unclosed) throw new PythonRegexError("syntax", "missing ), unterminated subpattern", unclosed.start);
    return this.output;
  }

  private emit(text: string, previous: Previous): void {
    this.output += text;
    this.previous = previous;
  }

  private repeat(text: string, symbol: string): void {
    const start = this.reader.position;
    this.reader.position += [...symbol].length;
    if (this.previous === "nothing" || this.previous === "anchor") {
      throw new PythonRegexError("syntax", "nothing to repeat", start);
    }
    if (this.previous === "repeat") throw new PythonRegexError("syntax", "multiple repeat", start);
    let suffix = "";
    if (this.reader.peek() === "?") suffix = this.reader.next() as string;
    else if (this.reader.peek() === "+") {
      throw new PythonRegexError("unsupported", "possessive repeats (*+, ++, ?+, {m,n}+)", start);
    }
    this.emit(text + suffix, "repeat");
  }

  /** Python reads `{m}`, `{m,}`, `{,n}`, `{m,n}` as repeats and any other `{` as a literal brace. */
  private braceRepeatOrLiteral(): void {
    const rest = this.reader.characters.slice(this.reader.position, this.reader.position + 24).join("");
    const match = /^\{(\d*)(?:(,)(\d*))?\}/.exec(rest);
    if (match === null || match[0] === "{}") {
      this.reader.next();
      this.emit("\\{", "item");
      return;
    }
    const minimum = match[1] === "" ? 0 : Number(match[1]);
    const maximum = match[2] === undefined ? minimum : match[3] === "" ? undefined : Number(match[3]);
    if (maximum !== undefined && maximum < minimum) {
      throw new PythonRegexError("syntax", "min repeat greater than max repeat", this.reader.position + 1);
    }
    if (minimum > RE2_MAX_REPEAT || (maximum ?? 0) > RE2_MAX_REPEAT) {
      throw new PythonRegexError("unsupported", `repeat counts above ${RE2_MAX_REPEAT}`, this.reader.position);
    }
    const text = match[2] === undefined ? `{${minimum}}` : `{${minimum},${maximum ?? ""}}`;
    this.repeat(text, match[0]);
  }

  private openGroup(): void {
    const start = this.reader.position;
    this.reader.next();
    const opening = readGroupOpening(this.reader, start, this.modes, this.groupNames, this.groupCount + 1);
    if (opening.kind === "comment") return;
    if (opening.kind === "global-flags") {
      // Python 3.11+ rejects `(?i)` anywhere but at the very start of the pattern.
      if (!this.onlyGlobalFlagsSoFar) {
        throw new PythonRegexError("syntax", "global flags not at the start of the expression", start);
      }
      this.modes = opening.modes;
      this.emit(opening.text, "nothing");
      return;
    }
    this.onlyGlobalFlagsSoFar = false;
    this.openGroups.push({ start, group: undefined, modes: this.modes });
    if (opening.kind === "capture") {
      this.groupCount += 1;
      this.openGroups[this.openGroups.length - 1].group = this.groupCount;
      if (opening.name !== undefined) this.groupNames.set(opening.name, this.groupCount);
    } else {
      this.modes = opening.modes;
    }
    this.emit(opening.text, "nothing");
  }

  private closeGroup(): void {
    const start = this.reader.position;
    this.reader.next();
    const group = this.openGroups.pop();
    if (group === undefined) throw new PythonRegexError("syntax", "unbalanced parenthesis", start);
    if (group.group !== undefined) this.closedGroups.add(group.group);
    this.modes = group.modes;
    this.emit(")", "item");
  }
}

export function translatePythonRegex(pattern: string): PythonRegexTranslation {
  try {
    return { ok: true, pattern: new Translator(pattern).translate() };
  } catch (error) {
    if (error instanceof PythonRegexError) return { ok: false, error };
    throw error;
  }
}
