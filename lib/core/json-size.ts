/**
 * The serialised sizes of the parts a run's requests share, measured once for both questions asked of them: the
 * request-size check wants UTF-8 bytes (`jsonBytes`, lib/providers/limits.ts) and every step summary wants the
 * length of `JSON.stringify` (`jsonTextLength`, lib/workbench/json-length.ts).
 *
 * At 10,000 tools a request repeats 10,000 tool definitions (memoised objects, the same in every request of a
 * strategy), or carries the catalog as text (a system prompt of megabytes, in a block rebuilt by every request). The
 * check measures them while the run goes and the summary right after; with one serialisation kept for both, the
 * summary finds every definition and every long text measured (0.44 s of summaries in a 10,000-tool run on Node,
 * most of it serialising again what the check had serialised).
 *
 * Like both callers, it takes an object once measured to be replaced rather than edited (the engine builds new wire
 * objects for every request; memoised tool definitions are never changed in place).
 */
import { utf8ByteLength } from "./utf8";

/** `JSON.stringify(value)`'s length in UTF-16 code units and its UTF-8 size. */
export type JsonSizes = { length: number; bytes: number };

const objectSizes = new WeakMap<object, JsonSizes>();
/** Objects whose serialisation their maker already has (`rememberSerialisation`), measured from it when asked. */
const knownTexts = new WeakMap<object, { text: string; asciiAppended: number }>();

/**
 * Records `text` as `JSON.stringify(value)`, with `asciiAppended` ASCII characters more when the object has one more
 * key than the text (`,"defer_loading":true` before the closing brace): an Anthropic tool definition's prompt text is
 * its JSON (lib/providers/anthropic/anthropic-messages.ts), made anyway to count its tokens, so a request of 10,000
 * definitions is measured without serialising any of them again.
 */
export function rememberSerialisation(value: object, text: string, asciiAppended = 0): void {
  if (!objectSizes.has(value)) knownTexts.set(value, { text, asciiAppended });
}

/**
 * The sizes of `JSON.stringify(value)` for an object serialised whole, kept by identity (0 where it gives undefined);
 * undefined for an object that holds a long text and is not yet measured, which the caller walks instead (see
 * `holdsLongText`), unless `whole` (an object with `toJSON`, whose text only serialising gives). Asked of every
 * definition of every request, so the identity lookup comes first.
 */
export function serialisedSizes(value: object, whole = false): JsonSizes | undefined {
  let sizes = measuredSizes(value);
  if (sizes === undefined) {
    if (!whole && holdsLongText(value)) return undefined;
    const text = JSON.stringify(value) ?? "";
    sizes = { length: text.length, bytes: utf8ByteLength(text) };
    objectSizes.set(value, sizes);
  }
  return sizes;
}

/** The sizes of `JSON.stringify(value)` when they are known without serialising it (measured, or its text kept). */
export function measuredSizes(value: object): JsonSizes | undefined {
  let sizes = objectSizes.get(value);
  if (sizes === undefined) {
    const known = knownTexts.get(value);
    if (known === undefined) return undefined;
    const { text, asciiAppended } = known;
    sizes = { length: text.length + asciiAppended, bytes: utf8ByteLength(text) + asciiAppended };
    objectSizes.set(value, sizes);
  }
  return sizes;
}

/**
 * Strings at least this long are measured once per content. A catalog written into the prompt (the text protocol's
 * system prompt: megabytes at 10,000 tools) sits in a block object rebuilt by every request, so serialising the block
 * whole would measure the same megabytes again on every step.
 */
export const LONG_TEXT_LENGTH = 4_096;
/** Long texts remembered at once (the oldest is forgotten first): a run repeats a handful. */
const LONG_TEXTS_REMEMBERED = 64;
const longTextSizes = new Map<string, JsonSizes>();

/** The sizes of `JSON.stringify(text)` for a long string, remembered by its content (V8 keeps a string's hash in it). */
export function longTextSizesOf(text: string): JsonSizes {
  let sizes = longTextSizes.get(text);
  if (sizes === undefined) {
    sizes = jsonStringSizes(text);
    if (longTextSizes.size >= LONG_TEXTS_REMEMBERED) longTextSizes.delete(longTextSizes.keys().next().value as string);
    longTextSizes.set(text, sizes);
  }
  return sizes;
}

/**
 * The sizes of `JSON.stringify(text)` for a string, in one pass over its characters and without making the quoted
 * copy (megabytes at 10,000 tools, for the text protocol's prompt). `JSON.stringify` writes `"` and `\` and the
 * control characters with a short escape (`\n`) as two characters, the other control characters and a lone
 * surrogate as `\u` and four hex digits, a surrogate pair as it is (four bytes in UTF-8), and the rest as they are.
 */
export function jsonStringSizes(text: string): JsonSizes {
  let length = 2;
  let bytes = 2;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0x20 && code < 0x80) {
      const escaped = code === 0x22 || code === 0x5c ? 2 : 1;
      length += escaped;
      bytes += escaped;
    } else if (code < 0x20) {
      const escaped = SHORT_ESCAPES.has(code) ? 2 : 6;
      length += escaped;
      bytes += escaped;
    } else if (code < 0x800) {
      length += 1;
      bytes += 2;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        length += 2;
        bytes += 4;
        index += 1;
      } else {
        length += 6;
        bytes += 6;
      }
    } else {
      length += 1;
      bytes += 3;
    }
  }
  return { length, bytes };
}

/** What pretty-printing adds to a value's compact JSON at depth d: `atDepthZero + d × perDepth` bytes, `lineBreaks`. */
export type PrettyLayout = { atDepthZero: number; perDepth: number; lineBreaks: number };

const prettyLayouts = new WeakMap<object, PrettyLayout>();

/**
 * What `JSON.stringify(value, null, 2)` adds to `JSON.stringify(value)`, from the value's shape alone: a non-empty
 * object or array of m members written at depth d adds m + 1 line breaks, 2(d + 1) spaces before each member and 2d
 * before its closing bracket, and an object one space after each key's colon (`"key": value`); an empty one adds
 * nothing, and strings never hold a raw line break. So the extra bytes at depth d are `atDepthZero + d × perDepth`,
 * two figures kept per object (a schema shared by many definitions is walked once), and the pretty text's size is the
 * compact text's, which the request-size check already measured (`serialisedSizes`), plus these. At 10,000 tools the
 * page's detail of a request writes all but a few definitions as a note and states the whole pretty text's size:
 * serialising each left-out definition pretty-printed to measure it took ≈ 70 ms of the first request in Node.
 * Null for what only serialising answers (an object with `toJSON`, or not a plain object or array).
 */
export function prettyLayoutOf(value: object): PrettyLayout | null {
  const known = prettyLayouts.get(value);
  if (known !== undefined) return known;
  // The object and its direct members are kept (a definition and its schema, which other formats' definitions
  // share); deeper values are walked each time, which costs less than keeping every one of them.
  return walkLayout(value, 1) ? prettyLayouts.get(value)! : null;
}

/** The last `walkLayout`'s answer (no object is made per walked value). */
const walked = { atDepthZero: 0, perDepth: 0, lineBreaks: 0 };

/**
 * Walks `value` into `walked`, keeping its layout when `keep` ≥ 0 and its members' down to `keep` levels below; false
 * for what only serialising answers.
 */
function walkLayout(value: object, keep: number): boolean {
  const known = prettyLayouts.get(value);
  if (known !== undefined) {
    walked.atDepthZero = known.atDepthZero;
    walked.perDepth = known.perDepth;
    walked.lineBreaks = known.lineBreaks;
    return true;
  }
  let members = 0;
  let atDepthZero = 0;
  let perDepth = 0;
  let lineBreaks = 0;
  const array = Array.isArray(value);
  if (!array) {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return false;
    if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  }
  // An array writes every index up to its length (holes, undefined and functions as `null`) and nothing else; an
  // object writes its own enumerable keys but those whose values are undefined, functions or symbols.
  const keys = array ? null : Object.keys(value);
  const count = keys === null ? (value as unknown[]).length : keys.length;
  for (let index = 0; index < count; index += 1) {
    const item = keys === null ? (value as unknown[])[index] : (value as Record<string, unknown>)[keys[index]];
    if (keys !== null && (item === undefined || typeof item === "function" || typeof item === "symbol")) continue;
    members += 1;
    if (typeof item !== "object" || item === null) continue;
    if (!walkLayout(item, keep - 1)) return false;
    // A member sits one level deeper: its extra bytes at depth d + 1.
    atDepthZero += walked.atDepthZero + walked.perDepth;
    perDepth += walked.perDepth;
    lineBreaks += walked.lineBreaks;
  }
  if (members > 0) {
    lineBreaks += members + 1;
    // Line breaks, two spaces before each member at depth zero, and a space after each key's colon.
    atDepthZero += members + 1 + 2 * members + (array ? 0 : members);
    perDepth += 2 * (members + 1);
  }
  walked.atDepthZero = atDepthZero;
  walked.perDepth = perDepth;
  walked.lineBreaks = lineBreaks;
  if (keep >= 0) prettyLayouts.set(value, { atDepthZero, perDepth, lineBreaks });
  return true;
}

/** The control characters `JSON.stringify` writes as a backslash and one letter: `\b`, `\t`, `\n`, `\f`, `\r`. */
const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/** Forgets the long texts (leaving a large catalog: its prompt texts are megabytes each). */
export function forgetLongTexts(): void {
  longTextSizes.clear();
}

/** Whether one of the object's own values is a long string: then the object is walked, not serialised whole. */
function holdsLongText(value: object): boolean {
  // No array of values: this is asked of every definition of a 10,000-tool list the first time it is measured.
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === "string" && item.length >= LONG_TEXT_LENGTH) return true;
  }
  return false;
}
