import { useLocale, useTranslations } from "use-intl";
import { useMoney } from "@/components/ui/money";
import { Term } from "@/components/ui/term";
import { engineNoteText, engineTitleText, engineWarningText, tokenCountingText } from "@/lib/i18n/engine-notes";
import type { Locale } from "@/lib/i18n/locales";
import { cacheStatusBackground } from "@/lib/view/cache-status";
import { formatClock, formatDuration, formatPercent, formatTokens } from "@/lib/view/format";
import { stepFigures, toolDefinitionShare } from "@/lib/view/step-figures";
import { stepHeading } from "@/lib/view/step-kind";
import type { RunSummary, StepSummary as StepSummaryData } from "@/lib/workbench/types";
import { ToolChangeNote } from "@/components/variants/tool-change-note";
import { StepKindIcon } from "./step-kind-icon";
import { STEP_KIND_CLASSES } from "./step-kind-style";

export type StepSummaryProps = {
  step: StepSummaryData;
  /** The run the step belongs to, for "request i of n" and how tokens were counted. */
  run?: Pick<RunSummary, "steps" | "tokenCounting" | "inProgress">;
  className?: string;
};

/**
 * The current request in numbers: what it is, its tokens by cache status and its cost, and what happened (misses,
 * validation errors, retries) in plain text. Notes are rendered as text, never as HTML.
 */
export function StepSummary({ step, run, className = "" }: StepSummaryProps) {
  const figures = stepFigures(step.tokens, step.cost);
  const notes = [...step.notes, ...step.warnings.map((warning) => warning.message)];
  const refused = step.rejected;
  const estimated = run && !run.tokenCounting.exact;
  const t = useTranslations("run");
  const locale = useLocale() as Locale;
  const money = useMoney();
  return (
    <div className={`flex h-full min-h-0 flex-col gap-3 px-5 pt-3 pb-3 ${className}`} data-testid="step-summary">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          className={`inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold ${STEP_KIND_CLASSES[step.kind].text}`}
          data-testid="step-kind"
          data-kind={step.kind}
        >
          <StepKindIcon kind={step.kind} />
          {t(`stepKind.${step.kind}.label`)}
        </span>
        {/* At least 12rem, and on a phone it wraps: the position and clock go to the next line rather than cut it. */}
        <h3
          className="min-w-48 flex-1 text-lg font-semibold text-ink [overflow-wrap:anywhere] sm:truncate"
          data-testid="step-title"
          title={engineTitleText(step.title, locale)}
          // A search step's heading is the query as the conversation wrote it: content, not interface.
          translate={step.kind === "search" ? "no" : undefined}
        >
          {stepHeading(step, locale)}
        </h3>
        <span className="tabular shrink-0 text-sm text-muted" data-testid="step-position">
          {t("step.position", {
            turn: step.turn + 1,
            index: step.index + 1,
            // A run still going does not know its request count yet.
            total: run && !run.inProgress ? String(run.steps.length) : "none",
          })}
        </span>
        <span
          className="tabular flex shrink-0 items-center gap-1 text-sm text-muted"
          data-testid="step-clock"
          title={t("step.clockTitle", { duration: formatDuration(step.clockSeconds, locale) })}
        >
          <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
          <span className="sr-only">{t("step.clock")}</span>
          {formatClock(step.clockSeconds)}
        </span>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="step-figures">
        <div className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
            {refused ? t("step.inputSent") : t("step.input")}
          </dt>
          <dd className="tabular text-2xl font-bold text-ink" data-testid="step-input" data-value={step.tokens.input}>
            {formatTokens(step.tokens.input)}
          </dd>
          <dd className="tabular text-xs text-muted" title={t("step.toolShareTitle")}>
            {t("step.toolShare", { percent: formatPercent(toolDefinitionShare(step.tokens), { digits: 0 }) })}
          </dd>
        </div>
        {figures.map((figure) => (
          <div key={figure.key} className="min-w-0" data-testid="step-figure" data-figure={figure.key}>
            <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
              {figure.status ? (
                <span
                  aria-hidden
                  className="inline-block h-2.5 w-2.5 rounded-sm"
                  style={cacheStatusBackground(figure.status)}
                />
              ) : null}
              {t(`figures.${figure.key as "output"}`)}
            </dt>
            {/* A refused request is read by nobody: the provider bills none of its tokens (the input is what was sent). */}
            <dd
              className="tabular text-xl font-semibold text-ink"
              data-value={refused && figure.status ? 0 : figure.tokens}
            >
              {refused && figure.status ? "—" : formatTokens(figure.tokens)}
            </dd>
            <dd className="tabular text-xs text-muted">
              {refused && figure.status
                ? t("step.notBilled")
                : figure.costUsd === null
                  ? ""
                  : money.format(figure.costUsd)}
            </dd>
          </div>
        ))}
        <div className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t("step.cost")}</dt>
          <dd
            className={`tabular text-2xl font-bold ${refused ? "text-danger" : "text-ink"}`}
            data-testid="step-cost"
            data-value={step.cost.totalUsd}
            data-refused={refused ? "true" : undefined}
          >
            {refused ? t("step.refused") : money.format(step.cost.totalUsd)}
          </dd>
          <dd className="text-xs text-muted">
            {refused
              ? t("step.refusedError", { status: refused.status })
              : estimated
                ? t.rich("step.tokensEstimate", {
                    term: () => <Term id="token-estimate">{tokenCountingText(run.tokenCounting.label, locale)}</Term>,
                  })
                : run
                  ? tokenCountingText(run.tokenCounting.label, locale)
                  : ""}
          </dd>
        </div>
      </dl>

      <ul
        className="min-h-0 flex-1 space-y-1 overflow-y-auto text-sm text-ink-soft"
        data-testid="step-notes"
        aria-label={t("step.notesLabel")}
        tabIndex={0}
      >
        {refused ? (
          <li data-testid="step-refused" data-status={refused.status} className="flex gap-2 font-semibold text-danger">
            <span aria-hidden>✕</span>
            <span>{t("step.refusedNote", { status: refused.status, type: refused.type, reason: refused.reason })}</span>
          </li>
        ) : null}
        <ToolChangeNote change={step.toolChange} />
        {notes.length === 0 && !refused && !step.toolChange ? (
          <li className="text-muted">{t("step.nothingUnusual")}</li>
        ) : null}
        {step.notes.map((note, index) => (
          <li key={`note-${index}`} data-testid="step-note" className="flex gap-2">
            <span aria-hidden className="text-muted">
              •
            </span>
            <span>{engineNoteText(note, locale)}</span>
          </li>
        ))}
        {step.warnings.map((warning, index) => (
          <li
            key={`warning-${index}`}
            data-testid="step-warning"
            data-code={warning.code}
            className="flex gap-2 text-warning"
          >
            <span aria-hidden>⚠</span>
            <span>{engineWarningText(warning, locale)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
