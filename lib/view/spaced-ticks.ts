/**
 * The axis ticks to label so that no two labels run into each other: greedily from the first, each kept tick at
 * least `minGap` (in the drawing's units) from the last kept one. "350" and "500" on a log axis sat 11 units apart
 * and read as "350500".
 */
export function spacedTicks<T>(ticks: readonly T[], position: (tick: T) => number, minGap: number): T[] {
  const kept: T[] = [];
  for (const tick of ticks) {
    const last = kept[kept.length - 1];
    if (last === undefined || Math.abs(position(tick) - position(last)) >= minGap) kept.push(tick);
  }
  return kept;
}
