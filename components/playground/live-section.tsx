"use client";
/**
 * Live mode in the run area: the real provider drives the conversation for the selected strategy. The live
 * transcript goes to the store (`liveRun`), so the stepper, the prefix bar, the request panels and the tokens chart
 * walk it exactly as they walk a simulated run. LiveMode and the engine it runs on this thread (tokenizer included)
 * are loaded only when live mode is opened.
 */
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { useCallback, useEffect, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { getModel } from "@/lib/models/model-table";
import { workspaceSnapshot } from "@/components/share/workspace-snapshot";
import type { Scenario } from "@/lib/scenario/types";
import { providerVendorLabel } from "@/lib/view/provider-labels";
import { ANTHROPIC_DEFAULT_CORRECTION_FACTOR, KIMI_DEFAULT_CORRECTION_FACTOR } from "@/lib/tokens/constants";
import type { StrategyRun } from "@/lib/engine/types";
import { usePlayground } from "@/state/playground-provider";
import { selectStepIndex, selectWorkspaceFields } from "@/state/selectors";

function LiveLoading() {
  return <p className="text-sm text-muted">{useTranslations("playground.loading")("live")}</p>;
}

const LiveMode = dynamic(() => import("@/components/live/live-mode").then((module) => module.LiveMode), {
  ssr: false,
  loading: LiveLoading,
});

export function LiveSection() {
  const fields = usePlayground(useShallow(selectWorkspaceFields));
  const runs = usePlayground((state) => state.runs);
  const stepIndex = usePlayground(selectStepIndex);
  const selectStep = usePlayground((state) => state.selectStep);
  const setLiveRun = usePlayground((state) => state.setLiveRun);
  const updateSettings = usePlayground((state) => state.updateSettings);
  const locale = useLocale() as Locale;

  const scenario = useMemo<Scenario | null>(
    () =>
      fields.catalogVersion === 0 || fields.lastValidCatalog.tools.length === 0
        ? null
        : workspaceSnapshot(fields).scenario,
    [fields],
  );

  // The live run goes where the simulation placed this strategy (it may move it to a provider that supports it).
  const simulated = runs.find((run) => run.id === fields.strategyId);
  const provider = simulated?.provider ?? fields.settings.provider;
  const model = simulated?.model ?? fields.settings.model;
  const tokenizer = getModel(provider, model)?.tokenizer ?? "o200k";
  const correctionFactor =
    tokenizer === "o200k"
      ? 1
      : (fields.settings.tokenCorrectionFactors?.[tokenizer] ??
        (tokenizer === "anthropic-estimate" ? ANTHROPIC_DEFAULT_CORRECTION_FACTOR : KIMI_DEFAULT_CORRECTION_FACTOR));

  const onRunChange = useCallback((run: StrategyRun | null) => setLiveRun(run), [setLiveRun]);
  const onApplyCorrectionFactor = useCallback(
    (kind: "anthropic-estimate" | "kimi-estimate", factor: number) =>
      updateSettings({ tokenCorrectionFactors: { ...fields.settings.tokenCorrectionFactors, [kind]: factor } }),
    [fields.settings.tokenCorrectionFactors, updateSettings],
  );
  // Leaving live mode (or this component) drops the transcript from the page: it is never stored.
  useEffect(() => () => setLiveRun(null), [setLiveRun]);

  return (
    <LiveMode
      scenario={scenario}
      strategyId={fields.strategyId}
      provider={provider}
      model={model}
      providerLabel={providerVendorLabel(provider, locale)}
      tokenizer={tokenizer}
      correctionFactor={correctionFactor}
      onRunChange={onRunChange}
      onApplyCorrectionFactor={onApplyCorrectionFactor}
      selectedStep={stepIndex}
      onSelectStep={selectStep}
    />
  );
}

/** Simulated or live: which run the run area shows. */
export function RunModeToggle() {
  const runMode = usePlayground((state) => state.runMode);
  const setRunMode = usePlayground((state) => state.setRunMode);
  const t = useTranslations("playground.mode");
  const options = [
    { mode: "simulated" as const, testId: "simulated-mode-open" },
    { mode: "live" as const, testId: "live-mode-open" },
  ];
  return (
    <div
      role="group"
      aria-label={t("label")}
      className="inline-flex rounded-lg border border-line p-0.5"
      data-testid="run-mode"
      data-mode={runMode}
    >
      {options.map((option) => (
        <button
          key={option.mode}
          type="button"
          aria-pressed={runMode === option.mode}
          data-testid={option.testId}
          title={option.mode === "live" ? t("liveTitle") : t("simulatedTitle")}
          className={`rounded-md px-3 py-1 text-sm font-medium ${runMode === option.mode ? "bg-accent-soft text-accent" : "text-muted hover:text-ink"}`}
          onClick={() => setRunMode(option.mode)}
        >
          {t(option.mode)}
        </button>
      ))}
    </div>
  );
}
