import { describe, expect, it } from "vitest";
import { SPARE_HELPER_MINIMUM_GIGABYTES, spareHelperWorthStarting } from "./import-hint";

describe("a spare helper engine worker", () => {
  it("is started where there is a second core and, where the browser says, memory to spare", () => {
    expect(spareHelperWorthStarting({ hardwareConcurrency: 2 })).toBe(true);
    expect(spareHelperWorthStarting({ hardwareConcurrency: 8, deviceMemory: 8 })).toBe(true);
    expect(spareHelperWorthStarting({ hardwareConcurrency: 4, deviceMemory: SPARE_HELPER_MINIMUM_GIGABYTES })).toBe(
      true,
    );
  });

  it("is not started on one core, on a small device, or where the cores are unknown", () => {
    expect(spareHelperWorthStarting({ hardwareConcurrency: 1, deviceMemory: 8 })).toBe(false);
    expect(spareHelperWorthStarting({ hardwareConcurrency: 8, deviceMemory: 2 })).toBe(false);
    expect(spareHelperWorthStarting({})).toBe(false);
  });
});
