import { describe, expect, it } from "vitest";
import { dot, encodeWordVectors, meanDirection, parseWordVectors, vectorOf } from "./word-vectors";

describe("word vectors", () => {
  it("round-trips words and directions through the int8 file", () => {
    const bytes = encodeWordVectors(
      ["memory", "remember", "weather"],
      [
        [3, 4, 0],
        [4, 3, 0],
        [0, 0, -2],
      ],
      3,
    );
    // Header 20 bytes + "memory\nremember\nweather" (23 bytes) + 3 × 3 int8 components.
    expect(bytes.length).toBe(20 + 23 + 9);
    const table = parseWordVectors(bytes);
    expect(table.words).toEqual(["memory", "remember", "weather"]);
    expect(table.dimensions).toBe(3);
    // [3, 4, 0] is stored as [95, 127, 0] (largest component ±127) and read back at unit length: [0.6, 0.8, 0].
    const memory = [...vectorOf(table, "memory")!];
    expect(memory[0]).toBeCloseTo(95 / Math.hypot(95, 127), 6);
    expect(memory[1]).toBeCloseTo(127 / Math.hypot(95, 127), 6);
    expect(memory[2]).toBe(0);
    // cos([3,4,0], [4,3,0]) = 24 / 25 = 0.96, within int8 rounding.
    expect(dot(vectorOf(table, "memory")!, vectorOf(table, "remember")!)).toBeCloseTo(0.96, 2);
    expect(dot(vectorOf(table, "memory")!, vectorOf(table, "weather")!)).toBe(0);
    expect([...vectorOf(table, "weather")!]).toEqual([0, 0, -1]);
    expect(vectorOf(table, "forget")).toBeUndefined();
  });

  it("keeps a zero vector at zero rather than dividing by zero", () => {
    const table = parseWordVectors(encodeWordVectors(["nothing"], [[0, 0]], 2));
    expect([...vectorOf(table, "nothing")!]).toEqual([0, 0]);
  });

  it("refuses a file that is not a table, saying what is wrong", () => {
    expect(() => parseWordVectors(new Uint8Array(4))).toThrow("shorter than its header");
    const good = encodeWordVectors(["a", "b"], [[1], [2]], 1);
    const wrongMarker = good.slice();
    wrongMarker[0] = 88;
    expect(() => parseWordVectors(wrongMarker)).toThrow('expected the marker TDWV, found "XDWV"');
    expect(() => parseWordVectors(good.slice(0, good.length - 1))).toThrow(
      "2 words × 1 dimensions need 25 bytes, found 24",
    );
    const wrongVersion = good.slice();
    wrongVersion[4] = 2;
    expect(() => parseWordVectors(wrongVersion)).toThrow("version 2 is not supported");
  });

  it("refuses words it could not read back, and vectors of the wrong length", () => {
    expect(() => encodeWordVectors(["two\nlines"], [[1]], 1)).toThrow("bad word");
    expect(() => encodeWordVectors(["a"], [[1, 2]], 1)).toThrow('"a" has 2 values');
    expect(() => encodeWordVectors(["a", "b"], [[1]], 1)).toThrow("one vector per word");
  });

  it("reads a table at an offset inside a larger buffer", () => {
    const bytes = encodeWordVectors(["a"], [[0, 5]], 2);
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 3);
    expect([...vectorOf(parseWordVectors(padded.subarray(3)), "a")!]).toEqual([0, 1]);
  });

  it("takes the unit-length mean direction of several vectors", () => {
    const mean = meanDirection([new Float32Array([1, 0]), new Float32Array([0, 1])], 2)!;
    expect(mean[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(mean[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(meanDirection([], 2)).toBeUndefined();
    expect(meanDirection([new Float32Array([1, 0]), new Float32Array([-1, 0])], 2)).toBeUndefined();
  });
});
