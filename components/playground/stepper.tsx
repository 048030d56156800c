"use client";
/** First / previous / next / last, ←/→/Home/End, the timeline of the selected run, and "step N of M". */
import { useTranslations } from "use-intl";
import { Timeline } from "@/components/run/timeline";
import { usePlayground } from "@/state/playground-provider";
import { selectSelectedRun, selectStepCount, selectStepIndex } from "@/state/selectors";
import { iconButtonClass } from "./control-styles";
import { useStepKeys } from "./use-step-keys";

export function Stepper() {
  const run = usePlayground(selectSelectedRun);
  const count = usePlayground(selectStepCount);
  const index = usePlayground(selectStepIndex);
  const selectStep = usePlayground((state) => state.selectStep);
  const inProgress = run?.inProgress === true;
  const go = (target: number) => selectStep(Math.max(0, Math.min(target, count - 1)));

  const t = useTranslations("playground.stepper");
  useStepKeys({
    previous: () => go(index - 1),
    next: () => go(index + 1),
    first: () => go(0),
    last: () => go(count - 1),
  });

  const buttons: ReadonlyArray<{ label: string; icon: string; target: number; disabled: boolean; testId: string }> = [
    {
      label: t("first"),
      icon: "M18 6 10 12l8 6zM7 6v12",
      target: 0,
      disabled: index === 0,
      testId: "step-first",
    },
    {
      label: t("previous"),
      icon: "M16 6 8 12l8 6z",
      target: index - 1,
      disabled: index === 0,
      testId: "step-previous",
    },
    {
      label: t("next"),
      icon: "M8 6l8 6-8 6z",
      target: index + 1,
      disabled: index >= count - 1,
      testId: "step-next",
    },
    {
      label: t("last"),
      icon: "M6 6l8 6-8 6zM17 6v12",
      target: count - 1,
      disabled: index >= count - 1,
      testId: "step-last",
    },
  ];

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="stepper">
      <div className="flex shrink-0 items-center gap-0.5 rounded-xl border border-line bg-panel-muted p-1">
        {buttons.map((button) => (
          <button
            key={button.testId}
            type="button"
            className={`${iconButtonClass} h-9 w-9 text-sm`}
            aria-label={button.label}
            title={button.label}
            disabled={button.disabled || count === 0}
            onClick={() => go(button.target)}
            data-testid={button.testId}
          >
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="currentColor"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            >
              <path d={button.icon} />
            </svg>
          </button>
        ))}
      </div>
      <div
        className="w-32 shrink-0 text-sm"
        data-testid="stepper-position"
        data-in-progress={inProgress ? "true" : undefined}
        title={inProgress ? t("soFarTitle") : undefined}
        aria-live="polite"
      >
        {/* While the strategy's run goes on, its request count is not known: none is shown. */}
        {t.rich(inProgress ? "positionSoFar" : "position", {
          index: count === 0 ? 0 : index + 1,
          count,
          muted: (chunks) => <span className="tabular text-muted">{chunks}</span>,
          big: (chunks) => <span className="tabular text-2xl font-bold text-ink">{chunks}</span>,
        })}
      </div>
      <div className="min-w-0 flex-1 basis-full sm:basis-0" data-testid="timeline-container">
        {run ? <Timeline steps={run.steps} currentIndex={index} onSelect={go} /> : null}
      </div>
    </div>
  );
}
