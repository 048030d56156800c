/**
 * The messages between the decide views and their worker, and the worker's behaviour as plain functions, so the
 * worker file is only a shell and the logic runs in Node tests.
 *
 * The catalog is sent once per `catalogKey` and kept in the worker, so the engine's per-tool memoisation (keyed by
 * tool object) survives slider moves. A calibration depends on the catalog, the settings and the provider/model; an
 * engine session also on the sliders (not on prices: the page reprices per-turn token sums itself).
 */
import type { Catalog } from "../core/catalog";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import { calibrate, sampleCatalog, type DecideCalibration } from "./calibrate";
import { runEngineSession, type EngineSessionRun } from "./engine-session";
import type { SessionToolSample } from "./sample-tools";
import type { DecideEngine, DecideParameters } from "./types";

export type DecideRequest =
  | {
      kind: "calibrate";
      requestId: number;
      catalogKey: number;
      catalog?: Catalog;
      settings: ScenarioSettings;
      provider: ProviderId;
      model: string;
    }
  | {
      kind: "engine";
      requestId: number;
      catalogKey: number;
      calibrationKey: string;
      settings: ScenarioSettings;
      parameters: DecideParameters;
    };

export type DecideResponse =
  | { kind: "calibrated"; requestId: number; calibrationKey: string; calibration: DecideCalibration; timingMs: number }
  /**
   * One strategy's engine run, `null` when the provider refused it (the views then keep the closed form); `done` on
   * the last strategy, whatever became of it, so the request always settles. A session with no strategy to run
   * answers once, `done`, with `run: null` and `total: 0`.
   */
  | {
      kind: "engine-run";
      requestId: number;
      run: EngineSessionRun | null;
      done: boolean;
      completed: number;
      total: number;
      timingMs: number;
    }
  | { kind: "error"; requestId: number; message: string };

/** The key the page and the worker agree on for one calibration: what it depends on, nothing else. */
export function calibrationKey(
  catalogKey: number,
  settings: ScenarioSettings,
  provider: ProviderId,
  model: string,
): string {
  // The explorer sets these itself; the probe does not depend on them.
  const { minutesBetweenTurns: _minutes, cacheTtl: _ttl, provider: _provider, model: _model, ...relevant } = settings;
  return JSON.stringify([catalogKey, provider, model, relevant]);
}

export type DecideWorkerState = {
  catalog: { key: number; value: Catalog } | null;
  samples: Map<string, SessionToolSample>;
  calibrations: Map<string, DecideCalibration>;
};

export function initialDecideState(): DecideWorkerState {
  return { catalog: null, samples: new Map(), calibrations: new Map() };
}

export type DecideRuntime = {
  engine: DecideEngine;
  now(): number;
  post(response: DecideResponse): void;
  /** Lets newer messages arrive between strategies. */
  yieldToMessages(): Promise<void>;
  /** True when a newer engine request has arrived, so this one can stop. */
  superseded(requestId: number): boolean;
};

export async function handleDecideMessage(
  state: DecideWorkerState,
  message: DecideRequest,
  runtime: DecideRuntime,
): Promise<void> {
  try {
    if (message.kind === "calibrate") {
      if (message.catalog) adopt(state, message.catalogKey, message.catalog);
      const catalog = currentCatalog(state, message.catalogKey);
      const started = runtime.now();
      const key = calibrationKey(message.catalogKey, message.settings, message.provider, message.model);
      let calibration = state.calibrations.get(key);
      if (!calibration) {
        const sampleKey = JSON.stringify([
          message.catalogKey,
          message.settings.searchResultLimit,
          message.settings.nonDeferredTools,
        ]);
        let sample = state.samples.get(sampleKey);
        if (!sample) {
          sample = sampleCatalog(runtime.engine, catalog, message.settings);
          state.samples.set(sampleKey, sample);
        }
        calibration = calibrate(runtime.engine, {
          catalog,
          settings: message.settings,
          provider: message.provider,
          model: message.model,
          sample,
        });
        state.calibrations.set(key, calibration);
      }
      runtime.post({
        kind: "calibrated",
        requestId: message.requestId,
        calibrationKey: key,
        calibration,
        timingMs: runtime.now() - started,
      });
      return;
    }
    const catalog = currentCatalog(state, message.catalogKey);
    const calibration = state.calibrations.get(message.calibrationKey);
    if (!calibration) throw new Error("decide: the session's calibration is not in the worker; calibrate first");
    const started = runtime.now();
    const total = calibration.profiles.length;
    const answer = (run: EngineSessionRun | null, completed: number) =>
      runtime.post({
        kind: "engine-run",
        requestId: message.requestId,
        run,
        done: completed === total,
        completed,
        total,
        timingMs: runtime.now() - started,
      });
    if (total === 0) {
      answer(null, 0);
      return;
    }
    let completed = 0;
    // One strategy at a time, yielding in between, so a slider moved meanwhile cancels the rest of this run.
    for (const profile of calibration.profiles) {
      await runtime.yieldToMessages();
      if (runtime.superseded(message.requestId)) return;
      const single = { ...calibration, profiles: [profile] };
      const [run] = runEngineSession(runtime.engine, {
        catalog,
        settings: message.settings,
        calibration: single,
        parameters: message.parameters,
      });
      completed += 1;
      // A refused run still answers: without it a refused last strategy would leave the request open forever.
      answer(run ?? null, completed);
    }
  } catch (error) {
    runtime.post({
      kind: "error",
      requestId: message.requestId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Keeps the catalog a message carries, even when the worker skips the message itself as superseded. */
export function adopt(state: DecideWorkerState, key: number, catalog: Catalog): void {
  if (state.catalog?.key === key) return;
  state.catalog = { key, value: catalog };
  // Samples and calibrations of an older catalog can never be asked for again.
  state.samples.clear();
  state.calibrations.clear();
}

function currentCatalog(state: DecideWorkerState, key: number): Catalog {
  if (!state.catalog || state.catalog.key !== key) throw new Error(`decide: catalog ${key} is not in the worker`);
  return state.catalog.value;
}
