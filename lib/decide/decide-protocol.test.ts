import { describe, expect, it } from "vitest";
import { createDecideClient } from "../../workers/decide-client";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import type { DecideEngine } from "./types";
import {
  calibrationKey,
  handleDecideMessage,
  initialDecideState,
  type DecideResponse,
  type DecideRuntime,
} from "./decide-protocol";

function runtime(options: { supersededAfter?: number; engine?: DecideEngine } = {}) {
  const responses: DecideResponse[] = [];
  let checks = 0;
  const value: DecideRuntime = {
    engine: options.engine ?? createEngine(),
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

  /** An engine whose runs of `refusedIds` come back refused, as a provider limit would make them. */
  function refusingEngine(refusedIds: (id: string) => boolean): DecideEngine {
    const engine = createEngine();
    return {
      ...engine,
      runStrategy: (scenario, id, options) => {
        const run = engine.runStrategy(scenario, id, options);
        return refusedIds(id) ? { ...run, refused: { reason: "413: request too large" } } : run;
      },
    };
  }

  async function calibrated(state: ReturnType<typeof initialDecideState>) {
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
    return setup.responses[0] as Extract<DecideResponse, { kind: "calibrated" }>;
  }

  it("answers `done` when the last strategy's run is refused, with that run as null", async () => {
    const state = initialDecideState();
    const { calibrationKey: key, calibration } = await calibrated(state);
    const last = calibration.profiles.at(-1)!.id;
    const refusing = runtime({ engine: refusingEngine((id) => id === last) });
    await handleDecideMessage(
      state,
      { kind: "engine", requestId: 2, catalogKey: 1, calibrationKey: key, settings, parameters },
      refusing.value,
    );
    const answers = refusing.responses as Array<Extract<DecideResponse, { kind: "engine-run" }>>;
    expect(answers).toHaveLength(calibration.profiles.length);
    expect(answers.at(-1)).toMatchObject({ run: null, done: true, completed: answers.length, total: answers.length });
    expect(answers.slice(0, -1).every((answer) => answer.run !== null && !answer.done)).toBe(true);
  });

  it("answers `done` once when every run is refused, and when there is no strategy to run", async () => {
    const state = initialDecideState();
    const { calibrationKey: key, calibration } = await calibrated(state);
    const allRefused = runtime({ engine: refusingEngine(() => true) });
    await handleDecideMessage(
      state,
      { kind: "engine", requestId: 2, catalogKey: 1, calibrationKey: key, settings, parameters },
      allRefused.value,
    );
    expect(allRefused.responses.filter((response) => response.kind === "engine-run" && response.done)).toHaveLength(1);
    expect(allRefused.responses.every((response) => response.kind === "engine-run" && response.run === null)).toBe(
      true,
    );
    state.calibrations.set(key, { ...calibration, profiles: [] });
    const empty = runtime();
    await handleDecideMessage(
      state,
      { kind: "engine", requestId: 3, catalogKey: 1, calibrationKey: key, settings, parameters },
      empty.value,
    );
    expect(empty.responses).toEqual([
      { kind: "engine-run", requestId: 3, run: null, done: true, completed: 0, total: 0, timingMs: 0 },
    ]);
  });

  it("settles the client's request when the last run is refused (the page never waits forever)", async () => {
    const state = initialDecideState();
    const { calibrationKey: key, calibration } = await calibrated(state);
    const last = calibration.profiles.at(-1)!.id;
    const refusing = runtime({ engine: refusingEngine((id) => id === last) });
    const listeners: Array<(event: { data: DecideResponse }) => void> = [];
    const client = createDecideClient({
      postMessage: (message) => {
        refusing.value.post = (response) => listeners.forEach((listener) => listener({ data: response }));
        void handleDecideMessage(state, message, refusing.value);
      },
      addEventListener: (type: "message" | "error", listener: never) => {
        if (type === "message") listeners.push(listener);
      },
      terminate: () => undefined,
    });
    const interim: DecideResponse[] = [];
    const { outcome } = client.send(
      { kind: "engine", catalogKey: 1, calibrationKey: key, settings, parameters },
      { onInterim: (response) => interim.push(response) },
    );
    const answer = await outcome;
    expect(answer).toMatchObject({ ok: true, value: { kind: "engine-run", run: null, done: true } });
    expect(interim).toHaveLength(calibration.profiles.length - 1);
  });
});
