/**
 * Reads what follows `(` in a Python `re` pattern: a plain group, `(?:`, `(?P<name>`, `(?P=name)`, `(?#…)`,
 * inline flags, or a construct a linear-time engine cannot run (lookaround, atomic and conditional groups).
 */
import { PatternReader, PythonRegexError } from "./python-regex-syntax";

/** Python modes that change how the rest of the pattern is read or translated. */
export type Modes = { verbose: boolean; multiline: boolean };

export type GroupOpening =
  | { kind: "capture"; name: string | undefined; text: string }
  | { kind: "group"; text: string; modes: Modes }
  | { kind: "global-flags"; text: string; modes: Modes }
  | { kind: "comment" };

const GROUP_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const FLAG_LETTER = /[aiLmsux-]/;
/** RE2 understands `i`, `m` and `s`; `x` is applied while translating, and `a`/`u` make no difference in RE2. */
const keepRe2Flags = (letters: string) => [...letters].filter((letter) => "ims".includes(letter)).join("");

const UNSUPPORTED_AFTER_QUESTION_MARK: Record<string, string> = {
  "=": "lookahead assertions (?=...)",
  "!": "negative lookahead assertions (?!...)",
  ">": "atomic groups (?>...)",
  "(": "conditional groups (?(...)...)",
  "<=": "lookbehind assertions (?<=...)",
  "<!": "negative lookbehind assertions (?<!...)",
};

/**
 * The reader is just past `(`, at `start + 1`. `groupNames` maps names defined so far to group numbers and
 * `nextGroup` is the number the next capturing group would get.
 */
export function readGroupOpening(
  reader: PatternReader,
  start: number,
  modes: Modes,
  groupNames: ReadonlyMap<string, number>,
  nextGroup: number,
): GroupOpening {
  if (reader.peek() !== "?") return { kind: "capture", name: undefined, text: "(" };
  reader.next();
  const kind = reader.next();
  if (kind === undefined) throw new PythonRegexError("syntax", "unexpected end of pattern", reader.position);
  const construct =
    UNSUPPORTED_AFTER_QUESTION_MARK[kind] ?? UNSUPPORTED_AFTER_QUESTION_MARK[kind + (reader.peek() ?? "")];
  if (construct !== undefined) throw new PythonRegexError("unsupported", construct, start);
  if (kind === "#") {
    reader.takeWhile((next) => next !== ")");
    if (reader.next() === undefined) throw new PythonRegexError("syntax", "missing ), unterminated comment", start);
    return { kind: "comment" };
  }
  if (kind === ":") return { kind: "group", text: "(?:", modes };
  if (kind === "P") return readNamedGroup(reader, start, groupNames, nextGroup);
  if (FLAG_LETTER.test(kind)) return readFlags(reader, start, kind, modes);
  const shown = kind === "<" ? `<${reader.peek() ?? ""}` : kind;
  throw new PythonRegexError("syntax", `unknown extension ?${shown}`, start + 1);
}

function readNamedGroup(
  reader: PatternReader,
  start: number,
  groupNames: ReadonlyMap<string, number>,
  nextGroup: number,
): GroupOpening {
  const form = reader.next();
  if (form !== "<" && form !== "=")
    throw new PythonRegexError("syntax", `unknown extension ?P${form ?? ""}`, start + 1);
  const terminator = form === "<" ? ">" : ")";
  const nameStart = reader.position;
  const name = reader.takeWhile((next) => next !== terminator);
  if (reader.next() === undefined) {
    throw new PythonRegexError("syntax", `missing ${terminator}, unterminated name`, nameStart);
  }
  if (name === "") throw new PythonRegexError("syntax", "missing group name", nameStart);
  if (!GROUP_NAME.test(name)) throw new PythonRegexError("syntax", `bad character in group name '${name}'`, nameStart);
  const earlier = groupNames.get(name);
  if (form === "=") {
    if (earlier === undefined) throw new PythonRegexError("syntax", `unknown group name '${name}'`, nameStart);
    throw new PythonRegexError("unsupported", `backreferences ((?P=${name}))`, start);
  }
  if (earlier !== undefined) {
    const reason = `redefinition of group name '${name}' as group ${nextGroup}; was group ${earlier}`;
    throw new PythonRegexError("syntax", reason, nameStart);
  }
  return { kind: "capture", name, text: `(?P<${name}>` };
}

/** `(?imsx)` for the whole pattern, or `(?imsx-imsx:…)` for one group. */
function readFlags(reader: PatternReader, start: number, first: string, modes: Modes): GroupOpening {
  const letters = first + reader.takeWhile((next) => FLAG_LETTER.test(next));
  const end = reader.next();
  if (end !== undefined && /[A-Za-z]/.test(end))
    throw new PythonRegexError("syntax", "unknown flag", reader.position - 1);
  if (end !== ":" && end !== ")") throw new PythonRegexError("syntax", "missing -, : or )", reader.position - 1);
  const [added, removed = ""] = letters.split("-");
  if (added.includes("L")) {
    throw new PythonRegexError("syntax", "bad inline flags: cannot use 'L' flag with a str pattern", start + 2);
  }
  if (end === ")") {
    if (letters.includes("-")) throw new PythonRegexError("syntax", "missing :", reader.position - 1);
    const globalModes = {
      verbose: modes.verbose || added.includes("x"),
      multiline: modes.multiline || added.includes("m"),
    };
    const kept = keepRe2Flags(added);
    return { kind: "global-flags", text: kept === "" ? "" : `(?${kept})`, modes: globalModes };
  }
  const groupModes: Modes = {
    verbose: (modes.verbose || added.includes("x")) && !removed.includes("x"),
    multiline: (modes.multiline || added.includes("m")) && !removed.includes("m"),
  };
  const flagText = keepRe2Flags(added) + (keepRe2Flags(removed) === "" ? "" : `-${keepRe2Flags(removed)}`);
  return { kind: "group", text: flagText === "" ? "(?:" : `(?${flagText}:`, modes: groupModes };
}
