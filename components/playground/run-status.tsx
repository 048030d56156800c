"use client";
/** Shows that a run is in progress (only after 300 ms, so quick runs don't flicker) and how long the last one took. */
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { runErrorText } from "@/lib/view/run-error-text";
import { progressPercent } from "@/lib/view/run-progress";
import { usePlayground } from "@/state/playground-provider";
import { useSlowRun } from "./use-slow-run";

export function RunStatus() {
  const running = usePlayground((state) => state.running);
  const timingMs = usePlayground((state) => state.timingMs);
  const runError = usePlayground((state) => state.runError);
  const progress = usePlayground((state) => state.runProgress);
  const prebuilt = usePlayground((state) => state.runsPrebuilt);
  const runsEnded = usePlayground((state) => state.runsEnded);
  const slow = useSlowRun();
  const t = useTranslations("playground.status");
  const locale = useLocale() as Locale;
  const state = runError
    ? "failed"
    : running && slow
      ? "running"
      : prebuilt && timingMs === null
        ? "prebuilt"
        : timingMs !== null
          ? "simulated"
          : "idle";
  return (
    <div
      className="flex min-w-0 shrink-0 sm:min-w-48 items-center justify-end gap-2 text-xs text-muted"
      data-testid="run-status"
      data-running={running}
      data-runs-ended={runsEnded}
      data-state={state}
      aria-live="polite"
    >
      {runError ? (
        // The reason is in the run area's banner; here only the state, like "simulated in …".
        <span className="truncate text-danger" title={runErrorText(runError, locale)}>
          {t("failed")}
        </span>
      ) : running && slow ? (
        <>
          {/* A bar that moves with the run's progress, not a spinner: an endless animation has the compositor draw
              every frame on the cores a long run needs (without it, a 10,000-tool import ran ≈ 0.3 s sooner). */}
          <span
            aria-hidden
            className="relative h-1.5 w-12 shrink-0 overflow-hidden rounded-full bg-line"
            data-testid="run-progress-bar"
          >
            <span
              className="absolute inset-y-0 left-0 rounded-full bg-accent"
              style={{ width: `${progressPercent(progress)}%` }}
            />
          </span>
          <span className="tabular">
            {t("simulating")} {progress ? t("progress", { done: progress.done, total: progress.total }) : ""}
          </span>
        </>
      ) : prebuilt && timingMs === null ? (
        <span className="tabular" data-testid="run-status-prebuilt" title={t("prebuiltTitle")}>
          {t("prebuilt")}
        </span>
      ) : timingMs !== null ? (
        <span className="tabular">
          {timingMs < 1000
            ? t("simulatedMs", { ms: Math.round(timingMs) })
            : t("simulatedS", { s: (timingMs / 1000).toFixed(1) })}
        </span>
      ) : null}
    </div>
  );
}
