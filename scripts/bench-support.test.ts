import { describe, expect, it } from "vitest";
import { durationMs, ratioLine } from "./bench-support";

describe("durationMs", () => {
  it("reads the run status's figure in milliseconds or seconds", () => {
    expect(durationMs("67 ms")).toBe(67);
    expect(durationMs("1.2 s")).toBe(1200);
    expect(durationMs("2,500 ms")).toBe(2500);
    expect(durationMs("n/a")).toBeNull();
  });
});

describe("ratioLine", () => {
  it("gives the medians' ratio and counts the single visits within 1.3×", () => {
    const line = ratioLine("weather", [
      { worker: 84, node: 60 },
      { worker: 66, node: 77 },
      { worker: 73, node: 84 },
    ]);
    expect(line).toBe(
      "weather: worker's run median 73 ms, Node run median 77 ms: 0.95× over 3 first visits; 2 of 3 single visits " +
        "within 1.3× (1.40, 0.86, 0.87)",
    );
  });

  it("takes the middle of an even count as the mean of the two middle values", () => {
    expect(
      ratioLine("x", [
        { worker: 10, node: 10 },
        { worker: 30, node: 20 },
      ]),
    ).toContain("worker's run median 20 ms, Node run median 15 ms: 1.33×");
  });
});
