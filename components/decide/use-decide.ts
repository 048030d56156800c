"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Catalog } from "@/lib/core/catalog";
import { breakEven, type BreakEvenResult } from "@/lib/decide/break-even";
import type { DecideCalibration } from "@/lib/decide/calibrate";
import { calibrationKey, type DecideResponse } from "@/lib/decide/decide-protocol";
import type { EngineSessionRun } from "@/lib/decide/engine-session";
import { axesWith, heatMap, withEngineCell, type HeatMap } from "@/lib/decide/heat-map";
import { effectiveToolsUsed, MAX_TOOLS_USED } from "@/lib/decide/session-plan";
import type { DecideParameters } from "@/lib/decide/types";
import type { ScenarioSettings } from "@/lib/scenario/types";
import type { StrategyId } from "@/lib/core/ids";
import { startDecideClient, type DecideClient } from "@/workers/decide-client";

/** Slider moves within this window start one engine run, not one per pixel (the closed form follows at once). */
export const ENGINE_DEBOUNCE_MS = 250;

export type DecideStatus =
  | { phase: "empty" }
  | { phase: "calibrating" }
  | { phase: "running"; completed: number; total: number }
  | { phase: "ready"; engineMs: number }
  | { phase: "error"; message: string };

export type DecideComputation = {
  calibration: DecideCalibration | null;
  /** Closed form at once; each strategy's engine series as the worker finishes it. */
  result: BreakEvenResult | null;
  heatMap: HeatMap | null;
  status: DecideStatus;
};

/** One number per catalog object: the worker keeps the catalog by it, so it is sent once, not on every slider move. */
const catalogKeys = new WeakMap<Catalog, number>();
let nextCatalogKey = 1;
function catalogKeyOf(catalog: Catalog): number {
  let key = catalogKeys.get(catalog);
  if (key === undefined) {
    key = nextCatalogKey++;
    catalogKeys.set(catalog, key);
  }
  return key;
}

type EngineAnswer = {
  sessionKey: string;
  requestId: number;
  runs: EngineSessionRun[];
  done: boolean;
  completed: number;
  total: number;
  timingMs: number;
};

/**
 * Runs the decide computations: calibration and engine sessions in a worker, the closed form, the break-even merge
 * and the heat map on the main thread (memoised; a few milliseconds). Prices never reach the worker: the engine's
 * per-turn token sums are repriced here, so editing a price is instant.
 */
export function useDecideComputation(input: {
  catalog: Catalog;
  settings: ScenarioSettings;
  parameters: DecideParameters;
  /** False until the views are on screen: nothing is measured for a person who never scrolls down. */
  enabled?: boolean;
  /** Strategies the heat map leaves out (the person's legend toggles). */
  heatMapExclude?: readonly StrategyId[];
  /** Must be stable (a module function): a new one replaces the worker and its client. */
  createClient?: () => DecideClient;
}): DecideComputation {
  const { catalog, settings, parameters } = input;
  const createClient = input.createClient ?? startDecideClient;
  const clientRef = useRef<DecideClient | null>(null);
  const sentCatalogKey = useRef<number | null>(null);
  const [calibrated, setCalibrated] = useState<{ key: string; calibration: DecideCalibration } | null>(null);
  const [engine, setEngine] = useState<EngineAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  const catalogKey = catalogKeyOf(catalog);
  const key = calibrationKey(catalogKey, settings, parameters.provider, parameters.model);
  const calibration = calibrated?.key === key ? calibrated.calibration : null;
  const sessionTools = calibration ? Math.max(1, calibration.sessionToolNames.length) : MAX_TOOLS_USED;
  const sessionKey = JSON.stringify([
    key,
    effectiveToolsUsed(parameters.toolsUsed, parameters.turns, sessionTools),
    parameters.turns,
    parameters.minutesBetweenTurns,
    parameters.cacheTtl ?? settings.cacheTtl,
  ]);

  const enabled = input.enabled !== false;
  // The worker (and the engine and tokenizer it loads) starts only once the views are wanted. Errors, and a
  // worker that fails to load, come back from the client as values and show as the error status.
  useEffect(() => {
    if (!enabled) return;
    const client = createClient();
    clientRef.current = client;
    sentCatalogKey.current = null;
    return () => {
      clientRef.current = null;
      client.dispose();
    };
  }, [createClient, enabled]);

  // Calibrate whenever what the probe depends on changes (catalog, settings, provider, model): an external system
  // (the worker) is being kept in step, which is what an effect is for.
  useEffect(() => {
    const client = clientRef.current;
    if (!client || catalog.tools.length === 0 || !enabled) return;
    const { outcome } = client.send({
      kind: "calibrate",
      catalogKey,
      settings,
      provider: parameters.provider,
      model: parameters.model,
      ...(sentCatalogKey.current === catalogKey ? {} : { catalog }),
    });
    sentCatalogKey.current = catalogKey;
    void outcome.then((answer) => {
      if (clientRef.current !== client) return;
      if (answer.ok && answer.value.kind === "calibrated") {
        const response = answer.value;
        // A repeated answer (the worker's cache) keeps the object we have, so nothing downstream recomputes.
        setCalibrated((previous) =>
          previous?.key === response.calibrationKey
            ? previous
            : { key: response.calibrationKey, calibration: response.calibration },
        );
        setError(null);
      } else if (!answer.ok && !answer.stale) setError(answer.message);
    });
  }, [catalog, catalogKey, settings, parameters.provider, parameters.model, key, enabled]);

  // The engine session, debounced; the closed form is drawn meanwhile.
  const engineParameters = useMemo(
    () => ({
      toolsUsed: parameters.toolsUsed,
      turns: parameters.turns,
      minutesBetweenTurns: parameters.minutesBetweenTurns,
      provider: parameters.provider,
      model: parameters.model,
      cacheTtl: parameters.cacheTtl,
    }),
    [
      parameters.toolsUsed,
      parameters.turns,
      parameters.minutesBetweenTurns,
      parameters.provider,
      parameters.model,
      parameters.cacheTtl,
    ],
  );
  // The settings only matter to the engine through `key` and the parameters, so a new settings object with the
  // same content must not start a run: the effect reads the latest one from a ref.
  const settingsRef = useRef(settings);
  useEffect(() => {
    settingsRef.current = settings;
  }, [settings]);
  const calibrationReady = calibration !== null;
  useEffect(() => {
    const client = clientRef.current;
    if (!client || !calibrationReady) return;
    const timer = setTimeout(() => {
      const apply = (response: DecideResponse) => {
        if (response.kind !== "engine-run") return;
        setEngine((previous) => ({
          sessionKey,
          requestId: response.requestId,
          runs: [
            ...(previous?.requestId === response.requestId ? previous.runs : []),
            ...(response.run ? [response.run] : []),
          ],
          done: response.done,
          completed: response.completed,
          total: response.total,
          timingMs: response.timingMs,
        }));
      };
      const { outcome } = client.send(
        {
          kind: "engine",
          catalogKey,
          calibrationKey: key,
          settings: settingsRef.current,
          parameters: engineParameters,
        },
        { onInterim: apply },
      );
      void outcome.then((answer) => {
        if (clientRef.current !== client) return;
        if (answer.ok) apply(answer.value);
        else if (!answer.stale) setError(answer.message);
      });
    }, ENGINE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [calibrationReady, catalogKey, key, sessionKey, engineParameters]);

  const engineRuns = engine?.sessionKey === sessionKey ? engine.runs : undefined;
  const result = useMemo(
    () => (calibration ? breakEven(calibration, settings, parameters, engineRuns) : null),
    [calibration, settings, parameters, engineRuns],
  );
  const estimated = useMemo(
    () =>
      calibration
        ? heatMap(calibration, settings, parameters, {
            exclude: input.heatMapExclude,
            // This catalog's size and the explorer's turns are a cell of their own ("this catalog").
            ...axesWith(calibration.toolCount, parameters.turns),
          })
        : null,
    [
      calibration,
      settings,
      parameters.toolsUsed,
      parameters.minutesBetweenTurns,
      parameters.provider,
      parameters.model,
      parameters.cacheTtl,
      parameters.prices,
      parameters.turns,
      input.heatMapExclude,
    ],
  );
  // Once the engine has run the explorer's session, this catalog's cell shows the engine's figures.
  const heat = useMemo(
    () => (estimated && result ? withEngineCell(estimated, result) : estimated),
    [estimated, result],
  );

  const status: DecideStatus =
    catalog.tools.length === 0
      ? { phase: "empty" }
      : error
        ? { phase: "error", message: error }
        : !calibration
          ? { phase: "calibrating" }
          : engine?.sessionKey === sessionKey && engine.done
            ? { phase: "ready", engineMs: engine.timingMs }
            : {
                phase: "running",
                completed: engine?.sessionKey === sessionKey ? engine.completed : 0,
                total: calibration.profiles.length,
              };
  return { calibration, result, heatMap: heat, status };
}
