/**
 * The intervals the experiment reports, all at 95 %:
 * - a rate (k of n): the Wilson score interval, which stays inside [0, 1] and is usable at k = 0 or k = n;
 * - a mean (tokens, cost, discovery calls per task, a paired difference): Student's t-interval, mean ± t·s/√n
 *   with n − 1 degrees of freedom;
 * - a median or p90 (latency) and a ratio of sums (cache hit rate by tokens): the percentile bootstrap,
 *   2,000 resamples drawn with a fixed seed, so the same data always gives the same interval.
 */

export type Interval = [number, number];

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export function wilson(successes: number, trials: number, z = Z95): Interval | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z / (1 + z2 / trials)) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** t(0.975, df) for df = 1…30 (standard tables); above 30 the Cornish–Fisher expansion is within 1e-4. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function tQuantile975(df: number): number {
  if (df < 1) return Number.NaN;
  if (df <= 30) return T975[Math.round(df) - 1];
  const z = Z95;
  const z3 = z ** 3;
  const z5 = z ** 5;
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df);
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN;
}

export function sampleStandardDeviation(values: readonly number[]): number {
  if (values.length < 2) return Number.NaN;
  const centre = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - centre) ** 2, 0) / (values.length - 1));
}

/** The t-interval of a mean; null below two values (no spread to estimate). */
export function tInterval(values: readonly number[]): Interval | null {
  if (values.length < 2) return null;
  const centre = mean(values);
  const half = (tQuantile975(values.length - 1) * sampleStandardDeviation(values)) / Math.sqrt(values.length);
  return [centre - half, centre + half];
}

/** Linear interpolation between order statistics (the R-7 / NumPy default definition). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/** mulberry32: a small seeded generator, so bootstrap intervals are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_SEED = 20261203;

/** Percentile bootstrap of any statistic of the items; null below two items. */
export function bootstrap<T>(
  items: readonly T[],
  statistic: (sample: readonly T[]) => number,
  options: { resamples?: number; seed?: number } = {},
): Interval | null {
  if (items.length < 2) return null;
  const random = seededRandom(options.seed ?? BOOTSTRAP_SEED);
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const estimates: number[] = [];
  const sample: T[] = new Array<T>(items.length);
  for (let round = 0; round < resamples; round += 1) {
    for (let index = 0; index < items.length; index += 1) sample[index] = items[Math.floor(random() * items.length)];
    const value = statistic(sample);
    if (Number.isFinite(value)) estimates.push(value);
  }
  if (estimates.length === 0) return null;
  return [quantile(estimates, 0.025), quantile(estimates, 0.975)];
}

/** Below this many pairs a paired comparison is reported with a note that the sample is too small to tell. */
export const MIN_PAIRS = 10;

export type PairedDifference = {
  /** Mean of (b − a) over the pairs. */
  difference: number;
  interval: Interval | null;
  pairs: number;
  /** The interval excludes 0. */
  distinguishable: boolean;
  /** Fewer than MIN_PAIRS pairs, or no interval at all. */
  tooSmall: boolean;
};

export function pairedDifference(pairs: ReadonlyArray<[number, number]>): PairedDifference {
  const differences = pairs.map(([a, b]) => b - a);
  const interval = tInterval(differences);
  // All pairs equal: the difference is exactly 0 with no spread, not distinguishable.
  const distinguishable = interval !== null && (interval[0] > 0 || interval[1] < 0);
  return {
    difference: differences.length ? mean(differences) : Number.NaN,
    interval,
    pairs: pairs.length,
    distinguishable,
    tooSmall: pairs.length < MIN_PAIRS || interval === null,
  };
}
