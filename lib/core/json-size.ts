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
  let sizes = objectSizes.get(value);
  if (sizes === undefined) {
    const known = knownTexts.get(value);
    if (known !== undefined) {
      const { text, asciiAppended } = known;
      sizes = { length: text.length + asciiAppended, bytes: utf8ByteLength(text) + asciiAppended };
    } else {
      if (!whole && holdsLongText(value)) return undefined;
      const text = JSON.stringify(value) ?? "";
      sizes = { length: text.length, bytes: utf8ByteLength(text) };
    }
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
