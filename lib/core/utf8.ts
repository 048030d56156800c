/** UTF-16 code units encoded per `encodeInto` call: a text of megabytes (a request body, the catalog as text). */
const ENCODE_CHUNK = 65_536;
const encoder = new TextEncoder();
/** Where the pieces are encoded, only to count their bytes: at most 3 bytes a code unit, 192 KiB kept. */
const scratch = new Uint8Array(ENCODE_CHUNK * 3);

/**
 * The UTF-8 size of `text`, as `new TextEncoder().encode(text).byteLength` gives it (a lone surrogate is U+FFFD, 3
 * bytes), without a buffer the text's size: encoded natively in pieces, only to be counted. Four times as fast as a
 * regular-expression scan for non-ASCII followed by a loop over the characters, and faster than the scan alone.
 */
export function utf8ByteLength(text: string): number {
  if (text.length <= ENCODE_CHUNK) return encoder.encodeInto(text, scratch).written;
  let bytes = 0;
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + ENCODE_CHUNK, text.length);
    // A piece never ends between the two halves of a surrogate pair (each half alone would encode as U+FFFD).
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    bytes += encoder.encodeInto(text.slice(start, end), scratch).written;
    start = end;
  }
  return bytes;
}
