/**
 * The pieces of Python `re` syntax that read one atom: escapes and character sets. Used by
 * `python-regex.ts`, which reads the rest (groups, flags, repeats) and writes the RE2 equivalent.
 *
 * Positions are code-point offsets, and messages are worded like Python 3.11+ `re.error`, so that an emulated
 * error reads like the one Anthropic's Python service would return.
 */

/** A Python syntax error (`syntax`) or a valid Python construct a linear-time engine cannot run (`unsupported`). */
export class PythonRegexError extends Error {
  constructor(
    readonly kind: "syntax" | "unsupported",
    readonly reason: string,
    readonly position: number,
  ) {
    super(`${reason} at position ${position}`);
  }
}

export class PatternReader {
  readonly characters: string[];
  position = 0;

  constructor(pattern: string) {
    // Code points, not UTF-16 units: Python counts an emoji as one character.
    this.characters = [...pattern];
  }

  get atEnd(): boolean {
    return this.position >= this.characters.length;
  }

  peek(offset = 0): string | undefined {
    return this.characters[this.position + offset];
  }

  next(): string | undefined {
    const character = this.characters[this.position];
    if (character !== undefined) this.position += 1;
    return character;
  }

  /** Consumes up to `limit` characters that satisfy `test`. */
  takeWhile(test: (character: string) => boolean, limit = Infinity): string {
    let taken = "";
    while (taken.length < limit && !this.atEnd && test(this.peek() as string)) taken += this.next();
    return taken;
  }
}

const OCTAL = (character: string) => character >= "0" && character <= "7";
const DECIMAL = (character: string) => character >= "0" && character <= "9";
const HEXADECIMAL = (character: string) => /^[0-9a-fA-F]$/.test(character);
const ASCII_LETTER = /^[A-Za-z]$/;

const RE2_META_OUTSIDE_SET = new Set([..."\\.+*?()|[]{}^$"]);
const RE2_META_INSIDE_SET = new Set([..."\\[]^-"]);

/** RE2 text for one literal code point. Control characters are written as `\x{…}` to stay readable. */
export function literal(codePoint: number, insideSet: boolean): string {
  const character = String.fromCodePoint(codePoint);
  if (codePoint < 0x20 || codePoint === 0x7f) return `\\x{${codePoint.toString(16)}}`;
  const metacharacters = insideSet ? RE2_META_INSIDE_SET : RE2_META_OUTSIDE_SET;
  return metacharacters.has(character) ? `\\${character}` : character;
}

export type Atom =
  | { kind: "literal"; codePoint: number; text: string }
  | { kind: "class"; text: string }
  | { kind: "anchor"; text: string };

const CONTROL_ESCAPES: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
const CLASS_ESCAPES = new Set(["d", "D", "s", "S", "w", "W"]);
/** `\Z` is Python's end of string; RE2 spells it `\z` (RE2 has no `\Z`). */
const ANCHOR_ESCAPES: Record<string, string> = { A: "\\A", Z: "\\z", b: "\\b", B: "\\B" };

function fixedHexEscape(reader: PatternReader, start: number, letter: string, digits: number): Atom {
  const hex = reader.takeWhile(HEXADECIMAL, digits);
  if (hex.length !== digits) throw new PythonRegexError("syntax", `incomplete escape \\${letter}${hex}`, start);
  const codePoint = Number.parseInt(hex, 16);
  if (codePoint > 0x10ffff) throw new PythonRegexError("syntax", `bad escape \\${letter}${hex}`, start);
  return { kind: "literal", codePoint, text: "" };
}

/**
 * Reads an escape (the reader is on the backslash). Back-references are reported as unsupported; whether the
 * group exists is checked by the caller through `groupExists`, so the Python error comes first when it would.
 */
export function readEscape(reader: PatternReader, insideSet: boolean, groupExists: (group: number) => boolean): Atom {
  const start = reader.position;
  reader.next();
  const letter = reader.next();
  if (letter === undefined) throw new PythonRegexError("syntax", "bad escape (end of pattern)", start);
  let atom: Atom;
  if (CLASS_ESCAPES.has(letter)) atom = { kind: "class", text: `\\${letter}` };
  else if (letter in CONTROL_ESCAPES) atom = { kind: "literal", codePoint: CONTROL_ESCAPES[letter], text: "" };
  else if (letter === "b" && insideSet) atom = { kind: "literal", codePoint: 8, text: "" };
  else if (letter in ANCHOR_ESCAPES && !insideSet) atom = { kind: "anchor", text: ANCHOR_ESCAPES[letter] };
  else if (letter === "x") atom = fixedHexEscape(reader, start, "x", 2);
  else if (letter === "u") atom = fixedHexEscape(reader, start, "u", 4);
  else if (letter === "U") atom = fixedHexEscape(reader, start, "U", 8);
  else if (letter === "N") {
    throw new PythonRegexError("unsupported", "named Unicode escapes (\\N{...})", start);
  } else if (DECIMAL(letter)) {
    atom = readNumericEscape(reader, start, letter, insideSet, groupExists);
  } else if (ASCII_LETTER.test(letter)) {
    throw new PythonRegexError("syntax", `bad escape \\${letter}`, start);
  } else {
    atom = { kind: "literal", codePoint: letter.codePointAt(0) as number, text: "" };
  }
  if (atom.kind === "literal") atom.text = literal(atom.codePoint, insideSet);
  return atom;
}

function readNumericEscape(
  reader: PatternReader,
  start: number,
  first: string,
  insideSet: boolean,
  groupExists: (group: number) => boolean,
): Atom {
  const octal = (digits: string): Atom => {
    const codePoint = Number.parseInt(digits, 8);
    if (codePoint > 0o377) {
      throw new PythonRegexError("syntax", `octal escape value \\${digits} outside of range 0-0o377`, start);
    }
    return { kind: "literal", codePoint, text: "" };
  };
  if (first === "0") return octal(first + reader.takeWhile(OCTAL, 2));
  const second = reader.peek();
  const third = reader.peek(1);
  // Three octal digits are a character (`\101` is `A`); otherwise 1–2 digits name a group.
  if (OCTAL(first) && second !== undefined && OCTAL(second) && third !== undefined && OCTAL(third)) {
    reader.position += 2;
    return octal(first + second + third);
  }
  if (insideSet) {
    if (OCTAL(first)) return octal(first);
    throw new PythonRegexError("syntax", `bad escape \\${first}`, start);
  }
  const digits = first + reader.takeWhile(DECIMAL, 1);
  const group = Number.parseInt(digits, 10);
  if (!groupExists(group)) throw new PythonRegexError("syntax", `invalid group reference ${group}`, start + 1);
  throw new PythonRegexError("unsupported", `backreferences (\\${digits})`, start);
}

/** Reads a character set (the reader is on `[`) and returns its RE2 text. */
export function readCharacterSet(reader: PatternReader): string {
  const start = reader.position;
  reader.next();
  let text = "[";
  if (reader.peek() === "^") {
    reader.next();
    text += "^";
  }
  const firstItem = reader.position;
  const noGroups = () => false;
  const readItem = (): { atom: Atom; source: string } => {
    const itemStart = reader.position;
    const character = reader.peek();
    if (character === undefined) throw new PythonRegexError("syntax", "unterminated character set", start);
    if (character === "\\") {
      const atom = readEscape(reader, true, noGroups);
      return { atom, source: reader.characters.slice(itemStart, reader.position).join("") };
    }
    reader.next();
    const codePoint = character.codePointAt(0) as number;
    return { atom: { kind: "literal", codePoint, text: literal(codePoint, true) }, source: character };
  };
  for (;;) {
    // `]` closes the set unless it is the set's first character, where Python reads it literally.
    if (reader.peek() === "]" && reader.position !== firstItem) {
      reader.next();
      return `${text}]`;
    }
    const itemStart = reader.position;
    const low = readItem();
    if (reader.peek() !== "-" || reader.peek(1) === "]" || reader.peek(1) === undefined) {
      text += low.atom.text;
      if (reader.peek() === "-" && reader.peek(1) === undefined) {
        throw new PythonRegexError("syntax", "unterminated character set", start);
      }
      continue;
    }
    reader.next();
    const high = readItem();
    const range = `${low.source}-${high.source}`;
    if (low.atom.kind !== "literal" || high.atom.kind !== "literal" || high.atom.codePoint < low.atom.codePoint) {
      throw new PythonRegexError("syntax", `bad character range ${range}`, itemStart);
    }
    text += `${low.atom.text}-${high.atom.text}`;
  }
}
