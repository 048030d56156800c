"use client";
/**
 * The "edited" marker: whether the work on screen still equals the built-in example it came from. The example is
 * loaded from lib/examples (the same files the engine worker opens) and compared as `serializeScenario` writes it,
 * so undoing an edit by hand clears the marker again.
 */
import { useEffect, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { EXAMPLES, loadExample } from "@/lib/examples";
import { serializeScenario } from "@/lib/scenario/serialize-scenario";
import { baselineStrategyId } from "@/lib/strategies/definitions";
import { workspaceSnapshot } from "@/components/share/workspace-snapshot";
import { usePlayground } from "@/state/playground-provider";
import { selectCatalogProblems, selectWorkspaceFields } from "@/state/selectors";

export const isExampleId = (id: string) => EXAMPLES.some((example) => example.id === id);

/** Keeps `exampleOrigin` in step with the example the scenario on screen names. Mount once. */
export function useExampleOriginTracker(): void {
  const scenarioId = usePlayground((state) => state.scenarioMeta.id);
  const origin = usePlayground((state) => state.exampleOrigin);
  const setOrigin = usePlayground((state) => state.setExampleOrigin);
  useEffect(() => {
    if (!isExampleId(scenarioId)) {
      if (origin) setOrigin(null);
      return;
    }
    if (origin?.exampleId === scenarioId) return;
    let cancelled = false;
    loadExample(scenarioId).then(
      (example) => {
        if (!cancelled) setOrigin({ exampleId: scenarioId, serialized: serializeScenario(example) });
      },
      () => {
        if (!cancelled) setOrigin(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [scenarioId, origin, setOrigin]);
}

/**
 * "example": an unedited built-in example; "edited": an example with changes; "custom": work that came from
 * elsewhere (an import, a link of another scenario); "unknown" while the example is still being compared.
 */
export type WorkOrigin = "example" | "edited" | "custom" | "unknown";

export function useWorkOrigin(): WorkOrigin {
  const fields = usePlayground(useShallow(selectWorkspaceFields));
  const origin = usePlayground((state) => state.exampleOrigin);
  // Unfinished catalog text is an edit too, though the catalog the engine uses has not changed yet.
  const textBroken = usePlayground(
    (state) => selectCatalogProblems(state)?.some((problem) => problem.severity === "error") ?? false,
  );
  const { scenarioMeta, lastValidCatalog, turns, settings, catalogVersion } = fields;
  return useMemo(() => {
    if (catalogVersion === 0) return "unknown";
    if (!isExampleId(scenarioMeta.id)) return "custom";
    if (textBroken) return "edited";
    if (!origin || origin.exampleId !== scenarioMeta.id) return "unknown";
    const current = workspaceSnapshot({
      scenarioMeta,
      lastValidCatalog,
      turns,
      settings,
      // Only the scenario is compared; the selection fields are placeholders.
      strategyId: baselineStrategyId(),
      stepIndex: 0,
      forceProvider: false,
    }).scenario;
    return serializeScenario(current) === origin.serialized ? "example" : "edited";
  }, [scenarioMeta, lastValidCatalog, turns, settings, catalogVersion, origin, textBroken]);
}
