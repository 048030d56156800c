"use client";
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

const STATUS_WORDS: Record<LiveRunStatus, string> = {
  idle: "Not run yet",
  running: "Running live",
  stopped: "Stopped: what arrived is kept",
  failed: "Failed: the conversation so far is kept",
  done: "Live run complete",
  refused: "This strategy cannot run on this provider",
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
  const running = status === "running";
  const resumable = status === "failed" || status === "stopped";
  const waiting = retryInSeconds !== undefined && retryInSeconds > 0;
  const progress =
    status === "idle" || status === "refused"
      ? ""
      : ` · ${stepCount} request${stepCount === 1 ? "" : "s"} · turn ${Math.min(turn + 1, turnCount)} of ${turnCount}`;
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`} data-testid="live-run-controls">
      <Button
        variant="primary"
        onClick={onRun}
        disabled={!canRun || running}
        title={!canRun ? disabledReason : "Run this strategy against the real provider"}
        data-testid="live-run-button"
      >
        {status === "idle" ? "Run live" : "Run live again"}
      </Button>
      {running ? (
        <Button onClick={onStop} data-testid="live-stop-button">
          Stop
        </Button>
      ) : null}
      {resumable ? (
        <Button
          onClick={onRetry}
          disabled={!canRun || waiting}
          title="Resume from the request that did not complete"
          data-testid="live-retry-button"
        >
          {waiting ? `Retry in ${retryInSeconds} s` : "Retry"}
        </Button>
      ) : null}
      <span
        className="text-sm text-muted"
        data-testid="live-status"
        data-status={status}
        data-steps={stepCount}
        aria-live="polite"
      >
        {STATUS_WORDS[status]}
        {progress}
        {!canRun && disabledReason && !running ? ` · ${disabledReason}` : ""}
      </span>
    </div>
  );
}
