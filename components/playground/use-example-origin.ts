"use client";
/**
 * The "edited" marker: whether the work on screen still equals the built-in example it came from, compared as
 * `serializeScenario` writes it (`serializesEqual`, tool by tool), so undoing an edit by hand clears the marker
 * again. The example is the engine worker's copy when the page opened it (the controller records it); work restored
 * from the autosave or a link that names an example loads it from lib/examples here.
 */
import { useEffect, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { EXAMPLES } from "@/lib/examples/example-list";
import { serializesEqual } from "@/lib/scenario/serialize-scenario";
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
    // Loaded on use: the example loader checks files with the scenario parser (Ajv), which the first screen does without.
    import("@/lib/examples")
      .then(({ loadExample }) => loadExample(scenarioId))
      .then(
        (example) => {
          if (!cancelled) setOrigin({ exampleId: scenarioId, scenario: example });
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
    return serializesEqual(current, origin.scenario) ? "example" : "edited";
  }, [scenarioMeta, lastValidCatalog, turns, settings, catalogVersion, origin, textBroken]);
}
