import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import {
  calibrationKey,
  handleDecideMessage,
  initialDecideState,
  type DecideResponse,
  type DecideRuntime,
} from "./decide-protocol";

function runtime(options: { supersededAfter?: number } = {}) {
  const responses: DecideResponse[] = [];
  let checks = 0;
  const value: DecideRuntime = {
    engine: createEngine(),
    now: () => 0,
    post: (response) => responses.push(response),
    yieldToMessages: async () => undefined,
    superseded: () => options.supersededAfter !== undefined && ++checks > options.supersededAfter,
  };
  return { value, responses };
}

describe("decide worker protocol", async () => {
  const { catalog, settings } = await loadExample("learning-agent");
  const parameters = {
    toolsUsed: 3,
    turns: 6,
    minutesBetweenTurns: 2,
    provider: "anthropic" as const,
    model: "claude-opus-4-8",
  };

  it("calibrates once per key and answers repeated requests from its cache", async () => {
    const state = initialDecideState();
    const { value, responses } = runtime();
    await handleDecideMessage(
      state,
      {
        kind: "calibrate",
        requestId: 1,
        catalogKey: 7,
        catalog,
        settings,
        provider: "anthropic",
        model: "claude-opus-4-8",
      },
      value,
    );
    await handleDecideMessage(
      state,
      {
        kind: "calibrate",
        requestId: 2,
        catalogKey: 7,
        settings: { ...settings, minutesBetweenTurns: 30 },
        provider: "anthropic",
        model: "claude-opus-4-8",
      },
      value,
    );
    expect(responses.map((response) => response.kind)).toEqual(["calibrated", "calibrated"]);
    const [first, second] = responses as Array<Extract<DecideResponse, { kind: "calibrated" }>>;
    expect(second.calibrationKey).toBe(first.calibrationKey);
    expect(second.calibration).toBe(first.calibration);
    expect(first.calibrationKey).toBe(calibrationKey(7, settings, "anthropic", "claude-opus-4-8"));
  });

  it("runs the engine session one strategy at a time and stops when superseded", async () => {
    const state = initialDecideState();
    const setup = runtime();
    await handleDecideMessage(
      state,
      {
        kind: "calibrate",
        requestId: 1,
        catalogKey: 1,
        catalog,
        settings,
        provider: "anthropic",
        model: "claude-opus-4-8",
      },
      setup.value,
    );
    const key = (setup.responses[0] as Extract<DecideResponse, { kind: "calibrated" }>).calibrationKey;
    const complete = runtime();
    await handleDecideMessage(
      state,
      { kind: "engine", requestId: 2, catalogKey: 1, calibrationKey: key, settings, parameters },
      complete.value,
    );
    const runs = complete.responses.filter((response) => response.kind === "engine-run");
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.at(-1)).toMatchObject({ done: true, completed: runs.length, total: runs.length });
    const cancelled = runtime({ supersededAfter: 2 });
    await handleDecideMessage(
      state,
      { kind: "engine", requestId: 3, catalogKey: 1, calibrationKey: key, settings, parameters },
      cancelled.value,
    );
    expect(cancelled.responses).toHaveLength(2);
  });

  it("answers errors as values: an unknown catalog or a missing calibration", async () => {
    const state = initialDecideState();
    const { value, responses } = runtime();
    await handleDecideMessage(
      state,
      { kind: "calibrate", requestId: 1, catalogKey: 5, settings, provider: "anthropic", model: "claude-opus-4-8" },
      value,
    );
    await handleDecideMessage(
      state,
      { kind: "engine", requestId: 2, catalogKey: 5, calibrationKey: "nope", settings, parameters },
      value,
    );
    expect(responses).toEqual([
      { kind: "error", requestId: 1, message: "decide: catalog 5 is not in the worker" },
      { kind: "error", requestId: 2, message: "decide: catalog 5 is not in the worker" },
    ]);
  });
});
