/**
 * cyrb53 by bryc (public domain, github.com/bryc/code/blob/master/jshash/experimental/cyrb53.js): two 32-bit
 * multiply-xorshift lanes combined into 53 bits, so the result is an exact JavaScript integer. It is not
 * cryptographic; it only has to make two different blocks collide with negligible probability (about 2^-53 per
 * pair), which is what segment keys and prefix keys need.
 */
export function hashString(text: string): string {
  const lanes = startHash();
  absorb(lanes, text);
  return digest(lanes).toString(36);
}

/** The running state of a cyrb53 hash, so a long sequence can be hashed incrementally without concatenating it. */
export type HashLanes = { first: number; second: number };

export function startHash(): HashLanes {
  return { first: 0xdeadbeef, second: 0x41c6ce57 };
}

export function absorb(lanes: HashLanes, text: string): void {
  let { first, second } = lanes;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  lanes.first = first;
  lanes.second = second;
}

/** The 53-bit hash of everything absorbed so far; the lanes are left as they are, so absorbing can go on. */
export function digest(lanes: HashLanes): number {
  let first = Math.imul(lanes.first ^ (lanes.first >>> 16), 2246822507);
  first ^= Math.imul(lanes.second ^ (lanes.second >>> 13), 3266489909);
  let second = Math.imul(lanes.second ^ (lanes.second >>> 16), 2246822507);
  second ^= Math.imul(first ^ (first >>> 13), 3266489909);
  return 4294967296 * (2097151 & second) + (first >>> 0);
}
