import { describe, expect, it } from "vitest";
import { spacedTicks } from "./spaced-ticks";

describe("spacedTicks", () => {
  it("drops a tick too close to the last kept one, and keeps the next far enough away", () => {
    const at: Record<number, number> = { 50: 44, 100: 70, 200: 96, 350: 117, 500: 128, 1000: 154 };
    expect(spacedTicks([50, 100, 200, 350, 500, 1000], (tick) => at[tick], 24)).toEqual([50, 100, 200, 500, 1000]);
  });

  it("keeps every tick when they are far enough apart, and the first always", () => {
    expect(spacedTicks([1, 2, 3], (tick) => tick * 30, 24)).toEqual([1, 2, 3]);
    expect(spacedTicks([1], () => 0, 24)).toEqual([1]);
  });
});
