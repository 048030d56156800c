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
import type { Scenario } from "@/lib/scenario/types";
import { baselineStrategyId } from "@/lib/strategies/definitions";
import { loadExampleOffThePage } from "@/workers/share-encode-client";
import { workspaceSnapshot } from "@/components/share/workspace-snapshot";
import { usePlayground } from "@/state/playground-provider";
import { selectCatalogProblems, selectWorkspaceFields } from "@/state/selectors";

export const isExampleId = (id: string) => EXAMPLES.some((example) => example.id === id);

/** Examples from this many tools up are loaded for the comparison in the share worker, not on the page. */
const LOAD_OFF_THE_PAGE_TOOLS = 2_000;

/**
 * What the tracker does for the scenario on screen: forget the origin (not an example), nothing (the origin is this
 * example's, or the startup has not opened anything yet: `startupOpened` is false while the worker holds no catalog),
 * or load the example to compare with (work restored from the autosave or a link).
 */
export function originAction(
  scenarioId: string,
  origin: { exampleId: string } | null,
  startupOpened: boolean,
): "clear" | "keep" | "load" {
  if (!isExampleId(scenarioId)) return origin ? "clear" : "keep";
  if (origin?.exampleId === scenarioId || !startupOpened) return "keep";
  return "load";
}

/** Keeps `exampleOrigin` in step with the example the scenario on screen names. Mount once. */
export function useExampleOriginTracker(): void {
  const scenarioId = usePlayground((state) => state.scenarioMeta.id);
  const origin = usePlayground((state) => state.exampleOrigin);
  const setOrigin = usePlayground((state) => state.setExampleOrigin);
  // 0 while the worker holds no catalog: the startup has not opened anything yet, and the build-time first screen
  // shows an example the startup is about to open through the worker, which records the origin itself. Loading it
  // here meanwhile would generate and count the 10,000-tool example on the page's thread at start-up (11 s in one
  // task at load 18) and Ajv-check the small ones.
  const startupOpened = usePlayground((state) => state.catalogVersion !== 0);
  useEffect(() => {
    const action = originAction(scenarioId, origin, startupOpened);
    if (action === "clear") setOrigin(null);
    if (action !== "load") return;
    let cancelled = false;
    // Loaded on use: the example loader checks files with the scenario parser (Ajv), which the first screen does without.
    // A large example comes from the share worker (which decoded the restored work already): generating and checking
    // 10,000 tools here took seconds of the page's thread on the next visit after an edit (PERFORMANCE.md at 279c54f).
    const large = (EXAMPLES.find((example) => example.id === scenarioId)?.toolCount ?? 0) >= LOAD_OFF_THE_PAGE_TOOLS;
    (large
      ? loadExampleOffThePage(scenarioId)
      : import("@/lib/examples").then(({ loadExample }) => loadExample(scenarioId))
    ).then(
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
  }, [scenarioId, origin, setOrigin, startupOpened]);
}

/**
 * "example": an unedited built-in example; "edited": an example with changes; "custom": work that came from
 * elsewhere (an import, a link of another scenario); "unknown" while the example is still being compared.
 */
export type WorkOrigin = "example" | "edited" | "custom" | "unknown";

/**
 * `WorkOrigin`, with "settings" for an example whose settings alone were changed (the autosave keeps only them), and
 * "model" when only the provider and model differ: choosing the model to look at is not an edit of the example (it
 * is not marked edited, and switching examples does not file it in Saved scenarios), though the autosave keeps it.
 */
type Comparison = WorkOrigin | "settings" | "model";

export function useWorkOrigin(): WorkOrigin {
  const comparison = useOriginComparison();
  return comparison === "settings" ? "edited" : comparison === "model" ? "example" : comparison;
}

/** A value as text with object keys sorted, so two settings objects built in different orders compare equal. */
function stableText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableText).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableText((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** How the settings on screen differ from the example's: not at all, only in provider and model, or otherwise. */
export function settingsComparison(
  current: Scenario["settings"],
  example: Scenario["settings"],
): "same" | "model" | "other" {
  if (stableText(current) === stableText(example)) return "same";
  const withoutModel = (settings: Scenario["settings"]) => ({ ...settings, provider: undefined, model: undefined });
  return stableText(withoutModel(current)) === stableText(withoutModel(example)) ? "model" : "other";
}

function useOriginComparison(): Comparison {
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
    // Everything but the settings first (one walk of the catalog), then the settings alone.
    if (!serializesEqual({ ...current, settings: origin.scenario.settings }, origin.scenario)) return "edited";
    const settingsDiffer = settingsComparison(current.settings, origin.scenario.settings);
    return settingsDiffer === "same" ? "example" : settingsDiffer === "model" ? "model" : "settings";
  }, [scenarioMeta, lastValidCatalog, turns, settings, catalogVersion, origin, textBroken]);
}

/**
 * The built-in example the work on screen equals apart, perhaps, from its settings (`settingsEdited`), else null:
 * the autosave then keeps the id and those settings instead of the scenario (at 10,000 tools, about 1 MB compressed
 * in the share worker after every settings change, against a few hundred bytes).
 */
export function useExampleReference(): { exampleId: string; settingsEdited: boolean } | null {
  const comparison = useOriginComparison();
  const scenarioId = usePlayground((state) => state.scenarioMeta.id);
  return useMemo(
    () =>
      comparison === "example" || comparison === "settings" || comparison === "model"
        ? { exampleId: scenarioId, settingsEdited: comparison !== "example" }
        : null,
    [comparison, scenarioId],
  );
}
