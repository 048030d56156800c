"use client";
import { useTranslations } from "use-intl";
import { useEffect, useMemo, useState } from "react";
import { compareSteps, recalibrationFor } from "@/lib/live/compare";
import { keySlotFor } from "@/lib/live/key-storage";
import { OPENAI_COMPATIBLE_MODEL } from "@/lib/models/openai-compatible-model";
import type { LiveEndpoint } from "@/lib/live/types";
import type { StrategyRun } from "@/lib/engine/types";
import type { Scenario } from "@/lib/scenario/types";
import type { ProviderId, StrategyId } from "@/lib/core/ids";
import { providerFacts } from "@/lib/providers/facts";
import { LiveEndpointPicker } from "./live-endpoint-picker";
import { LiveErrorBanner } from "./live-error-banner";
import { LiveKeyEntry } from "./live-key-entry";
import { LiveRunControls } from "./live-run-controls";
import { LiveStreamPreview } from "./live-stream-preview";
import { MeasuredVsPredictedTable } from "./measured-vs-predicted-table";
import { RecalibrationNotice } from "./recalibration-notice";
import { useCountdown } from "./use-countdown";
import { useLiveKeys } from "./use-live-keys";
import { useLiveRun } from "./use-live-run";
import { useLiveStatus } from "./use-live-status";
import { LiveSearchPicker, type LiveSearchSetting } from "./live-search-picker";

const COMPATIBLE_MODEL_ID = OPENAI_COMPATIBLE_MODEL.id;

export type LiveModeProps = {
  /** The current scenario, catalog included; null while it is not valid. */
  scenario: Scenario | null;
  strategyId: StrategyId;
  /** Where the simulated run placed this strategy (RunSummary.provider / .model). */
  provider: ProviderId;
  model: string;
  /** "Anthropic", "OpenAI", "Moonshot" for messages. */
  providerLabel: string;
  /** The model's tokenizer kind and current correction factor, for recalibration. */
  tokenizer: "o200k" | "anthropic-estimate" | "kimi-estimate";
  correctionFactor: number;
  /** The completed live requests as a StrategyRun, for the stepper and charts (null when there is none). */
  onRunChange?: (run: StrategyRun | null) => void;
  /** "Use this factor": set settings.tokenCorrectionFactors[kind]. */
  onApplyCorrectionFactor?: (kind: "anthropic-estimate" | "kimi-estimate", factor: number) => void;
  selectedStep?: number;
  onSelectStep?: (index: number) => void;
  className?: string;
};

/**
 * Live mode in one piece: key entry, endpoint (Chat Completions), Run live / Stop / Retry, the reply streaming in,
 * the error in words, the measured-vs-predicted table with Count exactly, and recalibration. Keys stay in this
 * component's hooks (tab memory, or localStorage when remembered); nothing here goes to the store or a share link.
 */
export function LiveMode({
  scenario,
  strategyId,
  provider,
  model,
  providerLabel,
  tokenizer,
  correctionFactor,
  onRunChange,
  onApplyCorrectionFactor,
  selectedStep,
  onSelectStep,
  className = "",
}: LiveModeProps) {
  const t = useTranslations("live");
  const keys = useLiveKeys();
  const status = useLiveStatus();
  const [endpoint, setEndpoint] = useState<LiveEndpoint>({ kind: "official" });
  const [wireModel, setWireModel] = useState("");
  const [clientSearch, setClientSearch] = useState<LiveSearchSetting | undefined>(undefined);
  const facts = providerFacts(provider);
  // The model "OpenAI-compatible server" names the person's own server: its requests never go to OpenAI, so the
  // official endpoint is replaced by the configured one, or else by a base URL typed here.
  const forCompatibleServer = facts.endpointChoice && model === COMPATIBLE_MODEL_ID;
  const compatibleDefault: LiveEndpoint = status?.compatibleBaseUrlConfigured
    ? { kind: "compatible" }
    : { kind: "custom", baseUrl: "" };
  const effectiveEndpoint: LiveEndpoint = !facts.endpointChoice
    ? { kind: "official" }
    : forCompatibleServer && endpoint.kind === "official"
      ? compatibleDefault
      : endpoint;
  const noCompatibleEndpoint =
    forCompatibleServer &&
    status !== null &&
    !status.compatibleBaseUrlConfigured &&
    status.customBaseUrl === "disabled";
  const live = useLiveRun({
    scenario,
    strategyId,
    provider,
    model,
    endpoint: effectiveEndpoint,
    ...(effectiveEndpoint.kind !== "official" && wireModel ? { wireModel } : {}),
    providerKey: keys.keyFor,
    providerLabel,
    ...(clientSearch ? { clientSearch } : {}),
  });
  const retryIn = useCountdown(live.snapshot?.error?.retryAfterSeconds, live.failedAt);

  useEffect(() => {
    onRunChange?.(live.strategyRun);
  }, [live.strategyRun, onRunChange]);

  const slot = keySlotFor(provider, effectiveEndpoint);
  const serverKey = status
    ? slot === "openai-compatible"
      ? // The server's compatible key goes to its configured endpoint only, never to a typed base URL.
        Boolean(status.serverKeys.compatible) && effectiveEndpoint.kind === "compatible"
      : Boolean(status.serverKeys[slot])
    : false;
  const hasKey = Boolean(keys.keys[slot]) || serverKey || effectiveEndpoint.kind !== "official";
  const disabledReason = !scenario
    ? t("disabled.invalidScenario")
    : status && !status.enabled
      ? t("disabled.liveOff")
      : noCompatibleEndpoint
        ? t("disabled.noCompatibleEndpoint")
        : effectiveEndpoint.kind === "custom" && !effectiveEndpoint.baseUrl.trim()
          ? t("disabled.typeBaseUrl")
          : forCompatibleServer && !wireModel.trim()
            ? t("disabled.typeModel")
            : !hasKey
              ? t("disabled.pasteKey")
              : undefined;
  const snapshot = live.snapshot;
  const comparison = useMemo(
    () => compareSteps(snapshot?.steps ?? [], live.exactCounts),
    [snapshot?.steps, live.exactCounts],
  );
  const recalibration = useMemo(
    () =>
      snapshot && snapshot.steps.length > 0
        ? recalibrationFor(provider, tokenizer, correctionFactor, snapshot.steps, live.exactCounts)
        : null,
    [snapshot, provider, tokenizer, correctionFactor, live.exactCounts],
  );
  const canCount =
    facts.tokenCountEndpoint === "any" ||
    (facts.tokenCountEndpoint === "official" && effectiveEndpoint.kind === "official");

  return (
    <section
      className={`flex flex-col gap-4 ${className}`}
      data-testid="live-mode"
      data-provider={provider}
      data-strategy={strategyId}
    >
      <div className="flex flex-wrap items-start gap-4">
        <LiveKeyEntry
          className="min-w-72 flex-1"
          label={t("key.label", { slot: slot === "openai-compatible" ? "openaiCompatible" : slot })}
          keyOptional={slot === "openai-compatible"}
          value={keys.keys[slot] ?? ""}
          remember={keys.remember}
          serverKeyAvailable={serverKey}
          onValueChange={(value) => keys.setKey(slot, value)}
          onRememberChange={keys.setRemember}
          onClear={() => keys.clear(slot)}
          disabled={snapshot?.status === "running"}
        />
        {facts.endpointChoice &&
        status &&
        (status.compatibleBaseUrlConfigured || status.customBaseUrl !== "disabled") ? (
          <LiveEndpointPicker
            className="min-w-72 flex-1"
            endpoint={effectiveEndpoint}
            allowOfficial={!forCompatibleServer}
            compatibleConfigured={status.compatibleBaseUrlConfigured}
            customBaseUrl={status.customBaseUrl}
            wireModel={wireModel}
            onEndpointChange={setEndpoint}
            onWireModelChange={setWireModel}
            disabled={snapshot?.status === "running"}
          />
        ) : null}
      </div>
      <LiveSearchPicker onChange={setClientSearch} ran={live.searchRan} disabled={snapshot?.status === "running"} />
      <LiveRunControls
        status={snapshot?.status ?? "idle"}
        canRun={!disabledReason}
        {...(disabledReason ? { disabledReason } : {})}
        stepCount={snapshot?.steps.length ?? 0}
        turn={snapshot?.turn ?? 0}
        turnCount={snapshot?.turnCount ?? scenario?.turns.length ?? 0}
        retryInSeconds={retryIn}
        onRun={live.run}
        onStop={live.stop}
        onRetry={live.retry}
      />
      {snapshot?.refused ? (
        <p className="text-sm text-danger" data-testid="live-refused">
          {snapshot.refused}
        </p>
      ) : null}
      <LiveErrorBanner error={live.error} retryInSeconds={retryIn} onRetry={live.retry} />
      {snapshot && (snapshot.status === "running" || (snapshot.interrupted?.preview.length ?? 0) > 0) ? (
        <LiveStreamPreview
          className="max-h-64"
          parts={snapshot.status === "running" ? snapshot.preview : (snapshot.interrupted?.preview ?? [])}
          streaming={snapshot.status === "running"}
          interrupted={snapshot.status === "running" ? null : (snapshot.interrupted?.reason ?? null)}
        />
      ) : null}
      {comparison.rows.length > 0 ? (
        <MeasuredVsPredictedTable
          comparison={comparison}
          selectedStep={selectedStep}
          onSelectStep={onSelectStep}
          onCountExactly={canCount ? live.countExactly : undefined}
          countingStep={live.countingStep}
          estimateLabel={snapshot?.tokenCounting.label}
        />
      ) : null}
      <LiveErrorBanner error={live.countError} />
      <RecalibrationNotice recalibration={recalibration} onApply={onApplyCorrectionFactor} />
    </section>
  );
}
