/**
 * The compression of share links: raw DEFLATE (RFC 1951) at level 9, through fflate.
 *
 * Chosen by measurement on the shipped examples (minified scenario JSON → base64url characters;
 * lib/share/codec-measure.test.ts re-runs it and prints every candidate):
 *   weather 3,296 → 1,534 · learning-agent 17,072 → 5,467 · github-mcp (117 tools) 155,371 → 29,334 ·
 *   mixed-mcp (362 tools) 432,590 → 66,034 · 10,000 tools 19.7 M → 1.21 M.
 * Level 9 is within 1% of level 6 in time and a little smaller; level 1 is 10–30% larger. gzip and zlib wrap
 * the same stream with 18 and 6 bytes of header we do not need. Shortening JSON keys before compressing saved
 * only 2–4% more on real catalogs (deflate already removes the repetition) at the cost of a key table that would
 * have to be versioned forever, so it is not done. A preset dictionary saved ~500 characters per link, which
 * matters only for tiny scenarios that are far below every limit anyway.
 *
 * Decompression is the attack surface (a 5 MB link can inflate to gigabytes), so it streams in small input
 * chunks and stops as soon as the output passes a hard cap.
 */
import { Inflate, deflateSync } from "fflate";

export const DEFLATE_LEVEL = 9;

/** Input is fed to the inflater in pieces this big: DEFLATE expands at most ~1032×, so one piece yields ≤ 4 MB. */
const INFLATE_INPUT_CHUNK = 4096;

const encoder = new TextEncoder();

export function deflateText(text: string): Uint8Array {
  return deflateSync(encoder.encode(text), { level: DEFLATE_LEVEL });
}

export type InflateResult =
  | { ok: true; text: string }
  | { ok: false; reason: "too-large" | "corrupt" | "truncated" | "not-utf8"; message: string };

/** Inflates raw DEFLATE into UTF-8 text, refusing output beyond `maxOutputBytes`. Never throws. */
export function inflateText(bytes: Uint8Array, maxOutputBytes: number): InflateResult {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let overflow = false;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > maxOutputBytes) overflow = true;
    else chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let offset = 0; offset < bytes.length && !overflow; offset += INFLATE_INPUT_CHUNK) {
      const end = Math.min(offset + INFLATE_INPUT_CHUNK, bytes.length);
      inflater.push(bytes.subarray(offset, end), end === bytes.length);
    }
    if (bytes.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const truncated = /unexpected EOF/i.test(detail);
    return truncated
      ? { ok: false, reason: "truncated", message: "share-link: the compressed data ends early (the link was cut off)" }
      : { ok: false, reason: "corrupt", message: `share-link: the compressed data is corrupt (${detail})` };
  }
  if (overflow) {
    return {
      ok: false,
      reason: "too-large",
      message: `share-link: the link expands to more than ${formatBytes(maxOutputBytes)}; refusing to open it`,
    };
  }
  if (!ended)
    return {
      ok: false,
      reason: "truncated",
      message: "share-link: the compressed data ends early (the link was cut off)",
    };
  const output = new Uint8Array(total);
  let position = 0;
  for (const chunk of chunks) {
    output.set(chunk, position);
    position += chunk.length;
  }
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(output) };
  } catch {
    return { ok: false, reason: "not-utf8", message: "share-link: the decompressed data is not UTF-8 text" };
  }
}

/** A size as the figure and unit formatBytes would print, for a sentence in the reader's language. */
export function byteSize(bytes: number): { value: number; unit: "MB" | "KB" | "bytes" } {
  const round = (value: number) => Math.round(value * 10) / 10;
  if (bytes >= 1024 * 1024) return { value: round(bytes / (1024 * 1024)), unit: "MB" };
  if (bytes >= 1024) return { value: round(bytes / 1024), unit: "KB" };
  return { value: bytes, unit: "bytes" };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(bytes % 1024 === 0 ? 0 : 1)} KB`;
  return `${bytes} bytes`;
}
