/** Seeded randomness, so a generated catalog is the same on every machine and every run. */

/** mulberry32: a tiny 32-bit PRNG with good statistical quality for test data (not cryptography). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = {
  next: () => number;
  integer: (minimum: number, maximum: number) => number;
  pick: <T>(items: readonly T[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
};

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const integer = (minimum: number, maximum: number) => minimum + Math.floor(next() * (maximum - minimum + 1));
  return {
    next,
    integer,
    pick: (items) => items[Math.floor(next() * items.length)],
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index--) {
        const other = Math.floor(next() * (index + 1));
        [copy[index], copy[other]] = [copy[other], copy[index]];
      }
      return copy;
    },
  };
}
