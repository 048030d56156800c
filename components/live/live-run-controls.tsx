"use client";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { LiveRunStatus } from "@/lib/live/types";

export type LiveRunControlsProps = {
  status: LiveRunStatus;
  /** False when something is missing (a key, a valid scenario); `disabledReason` says what. */
  canRun: boolean;
  disabledReason?: string;
  /** Completed requests so far and the scripted turn in progress, for the status line. */
  stepCount: number;
  turn: number;
  turnCount: number;
  /** Seconds left before the provider's retry-after allows a retry (counted down by the container). */
  retryInSeconds?: number;
  onRun: () => void;
  onStop: () => void;
  onRetry: () => void;
  className?: string;
};

/** Run live / Stop / Retry, and one line that says where the run is. */
export function LiveRunControls({
  status,
  canRun,
  disabledReason,
  stepCount,
  turn,
  turnCount,
  retryInSeconds,
  onRun,
  onStop,
  onRetry,
  className = "",
}: LiveRunControlsProps) {
  const t = useTranslations("live");
  const running = status === "running";
  const resumable = status === "failed" || status === "stopped";
  const waiting = retryInSeconds !== undefined && retryInSeconds > 0;
  const progress =
    status === "idle" || status === "refused"
      ? ""
      : ` · ${t("run.progress", { steps: stepCount, turn: Math.min(turn + 1, turnCount), turns: turnCount })}`;
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`} data-testid="live-run-controls">
      <Button
        variant="primary"
        onClick={onRun}
        disabled={!canRun || running}
        title={!canRun ? disabledReason : t("run.title")}
        data-testid="live-run-button"
      >
        {status === "idle" ? t("run.run") : t("run.again")}
      </Button>
      {running ? (
        <Button onClick={onStop} data-testid="live-stop-button">
          {t("run.stop")}
        </Button>
      ) : null}
      {resumable ? (
        <Button
          onClick={onRetry}
          disabled={!canRun || waiting}
          title={t("run.retryTitle")}
          data-testid="live-retry-button"
        >
          {waiting ? t("error.retryIn", { seconds: retryInSeconds }) : t("run.retry")}
        </Button>
      ) : null}
      <span
        className="text-sm text-muted"
        data-testid="live-status"
        data-status={status}
        data-steps={stepCount}
        aria-live="polite"
      >
        {t("run.status", { status })}
        {progress}
        {!canRun && disabledReason && !running ? ` · ${disabledReason}` : ""}
      </span>
    </div>
  );
}
