import { describe, expect, it } from "vitest";
import { bootstrap, pairedDifference, quantile, tInterval, tQuantile975, wilson } from "./stats";

describe("experiment intervals on known data, against hand calculation", () => {
  it("Wilson: 14 of 20", () => {
    // p = 0.7, z = 1.959964, z² = 3.841459, n = 20
    // centre = (p + z²/2n) / (1 + z²/n) = (0.7 + 0.0960365) / 1.1920729 = 0.6677770
    // half   = z / (1 + z²/n) · √(p(1−p)/n + z²/4n²) = 1.6441676 · √(0.0105 + 0.0024009) = 1.6441676 · 0.1135821
    //        = 0.1867482  →  [0.4810288, 0.8545252]
    const [low, high] = wilson(14, 20)!;
    expect(low).toBeCloseTo(0.481027, 5);
    expect(high).toBeCloseTo(0.854523, 5);
  });

  it("Wilson at the edges stays inside [0, 1] and has width", () => {
    // 0 of 20: centre = (z²/2n)/(1+z²/n) = 0.0960365/1.1920729 = 0.0805623, half the same → [0, 0.1611246]
    const [low, high] = wilson(0, 20)!;
    expect(low).toBe(0);
    expect(high).toBeCloseTo(0.161125, 5);
    expect(wilson(0, 0)).toBeNull();
  });

  it("t-interval of a mean: 1, 2, 3, 4, 5", () => {
    // mean 3, s = √(10/4) = 1.5811388, s/√5 = 0.7071068, t(0.975, 4) = 2.776, half = 2.776 · 0.7071068 = 1.9629285
    const [low, high] = tInterval([1, 2, 3, 4, 5])!;
    expect(low).toBeCloseTo(1.0370715, 5);
    expect(high).toBeCloseTo(4.9629285, 5);
    expect(tInterval([7])).toBeNull();
    expect(tQuantile975(60)).toBeCloseTo(2.0003, 3);
  });

  it("quantiles interpolate between order statistics", () => {
    // sorted 10, 20, 30, 40: median at position 1.5 → 25; p90 at 2.7 → 30 + 0.7 · 10 = 37
    expect(quantile([40, 10, 30, 20], 0.5)).toBe(25);
    expect(quantile([40, 10, 30, 20], 0.9)).toBeCloseTo(37, 10);
  });

  it("the bootstrap is reproducible with its fixed seed and exact on constant data", () => {
    const values = [12, 15, 11, 30, 14, 13, 90, 16];
    const median = (sample: readonly number[]) => quantile(sample, 0.5);
    expect(bootstrap(values, median)).toEqual(bootstrap(values, median));
    const [low, high] = bootstrap(values, median)!;
    expect(low).toBeGreaterThanOrEqual(11);
    expect(high).toBeLessThanOrEqual(30);
    expect(bootstrap([5, 5, 5, 5], median)).toEqual([5, 5]);
  });

  it("a paired difference: its interval, whether it is noise, and a small sample", () => {
    // a = 0,0,0,1,0,0,1,0,0,0 and b = 1 throughout: differences b − a = 1,1,1,0,1,1,0,1,1,1, mean 0.8
    // squared deviations: 8 · 0.2² + 2 · 0.8² = 0.32 + 1.28 = 1.6; s = √(1.6/9) = 0.4216370; s/√10 = 0.1333333
    // t(0.975, 9) = 2.262, half = 2.262 · 0.1333333 = 0.3016 → [0.4984, 1.1016]
    const pairs = [0, 0, 0, 1, 0, 0, 1, 0, 0, 0].map((a): [number, number] => [a, 1]);
    const result = pairedDifference(pairs);
    expect(result.difference).toBeCloseTo(0.8, 10);
    expect(result.interval![0]).toBeCloseTo(0.4984, 6);
    expect(result.interval![1]).toBeCloseTo(1.1016, 6);
    expect(result.distinguishable).toBe(true);
    expect(result.tooSmall).toBe(false);
    // One pair each way and the rest equal: the interval spans 0, not distinguishable from noise; 4 pairs is small.
    const noise = pairedDifference([
      [0, 1],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(noise.difference).toBe(0);
    expect(noise.distinguishable).toBe(false);
    expect(noise.tooSmall).toBe(true);
  });
});
