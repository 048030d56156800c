/**
 * Strict base64url (RFC 4648 §5, no padding) for share links. Written out rather than using atob/btoa because
 * those are lenient (they accept whitespace and padding) and work on binary strings, and `Buffer` is Node-only.
 */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const LOOKUP = new Int16Array(128).fill(-1);
for (let index = 0; index < ALPHABET.length; index++) LOOKUP[ALPHABET.charCodeAt(index)] = index;

export function encodeBase64Url(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = "";
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = (bytes[index] << 16) | (bytes[index + 1] << 8) | bytes[index + 2];
    chunk +=
      ALPHABET[triple >> 18] + ALPHABET[(triple >> 12) & 63] + ALPHABET[(triple >> 6) & 63] + ALPHABET[triple & 63];
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = "";
    }
  }
  const rest = bytes.length - index;
  if (rest === 1) {
    const single = bytes[index] << 16;
    chunk += ALPHABET[single >> 18] + ALPHABET[(single >> 12) & 63];
  } else if (rest === 2) {
    const pair = (bytes[index] << 16) | (bytes[index + 1] << 8);
    chunk += ALPHABET[pair >> 18] + ALPHABET[(pair >> 12) & 63] + ALPHABET[(pair >> 6) & 63];
  }
  parts.push(chunk);
  return parts.join("");
}

/**
 * The bytes, or null when `text` is not unpadded base64url (a stray character, an impossible length). Non-zero
 * trailing bits are ignored, as most decoders do, so a link cut at any character still decodes up to the cut
 * and the inflater reports it as truncated.
 */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const output = new Uint8Array(Math.floor((text.length * 3) / 4));
  let written = 0;
  let buffer = 0;
  let bits = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? LOOKUP[code] : -1;
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      output[written++] = (buffer >> bits) & 0xff;
    }
  }
  return output.subarray(0, written);
}
