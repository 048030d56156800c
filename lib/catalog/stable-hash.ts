/** FNV-1a over UTF-16 code units: a fast, deterministic 32-bit hash for ids in generated data (not security). */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A short base-36 tag of a text, e.g. for `inv_3k9x2a`. */
export function stableTag(text: string, length = 6): string {
  return stableHash(text).toString(36).padStart(length, "0").slice(-length);
}
