"use client";
/**
 * The Diff tab: any two requests of the selected run, side by side. It opens on the previous request against the
 * current one and follows the stepper until the person picks other requests; then it keeps their pick until they go
 * back to "previous vs current". Above the text diff, two bars on one token scale show how far the prompts match
 * from the front (what the prompt cache compares), and the sentence beside them is built from the same figures.
 */
import { useEffect, useMemo, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { engineTitleText } from "@/lib/i18n/engine-notes";
import type { Locale } from "@/lib/i18n/locales";
import { Button } from "@/components/ui/button";
import { CACHE_STATUS_STYLES } from "@/lib/view/cache-status";
import { formatTokens } from "@/lib/view/format";
import { comparePrefixes, comparisonSentence, type PrefixComparison } from "@/lib/view/prefix-comparison";
import type { StepDetail } from "@/lib/workbench/types";
import { inputClass } from "@/components/playground/control-styles";
import { RequestDiff } from "./request-diff";

type StepOption = { index: number; title: string };

export type StepDiffProps = {
  steps: readonly StepOption[];
  /** The stepper's request (0-based). */
  currentIndex: number;
  /** Fetches any request's detail of the run shown (null when there is none, or a newer fetch replaced it). */
  detailOf(stepIndex: number): Promise<StepDetail | null>;
  theme: "light" | "dark";
};

type Pair = { from: number; to: number };
type Loaded = { pair: Pair; from: StepDetail; to: StepDetail } | { pair: Pair; error: string };

const SHARED_COLOR = CACHE_STATUS_STYLES.read.color;
const FROM_REST_COLOR = "var(--ink-soft, #64748b)";
const TO_REST_COLOR = "var(--accent, #4f46e5)";

export function StepDiff({ steps, currentIndex, detailOf, theme }: StepDiffProps) {
  // Null: previous vs current, following the stepper.
  const t = useTranslations("run.diff");
  const [picked, setPicked] = useState<Pair | null>(null);
  const pair: Pair = picked ?? { from: currentIndex - 1, to: currentIndex };
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  const { from: fromIndex, to: toIndex } = pair;
  useEffect(() => {
    if (fromIndex < 0) return;
    let cancelled = false;
    const wanted = { from: fromIndex, to: toIndex };
    // One after the other: the worker's "compare" queue keeps only its newest request.
    void (async () => {
      try {
        const from = await detailOf(fromIndex);
        const to = from && !cancelled ? await detailOf(toIndex) : null;
        if (!cancelled && from && to) setLoaded({ pair: wanted, from, to });
      } catch (error) {
        if (!cancelled) setLoaded({ pair: wanted, error: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [fromIndex, toIndex, detailOf]);

  // The last pair that loaded stays on screen while the next one loads, so stepping never blanks the tab.
  const shown = loaded && "from" in loaded ? loaded : null;
  const failed = loaded && "error" in loaded && loaded.pair.from === pair.from && loaded.pair.to === pair.to;
  const pending = !shown || shown.pair.from !== pair.from || shown.pair.to !== pair.to;
  const comparison = useMemo(() => (shown ? comparePrefixes(shown.from.segments, shown.to.segments) : null), [shown]);

  const choose = (side: keyof Pair, index: number) => setPicked({ ...pair, [side]: index });

  return (
    // On a phone the pickers and bars take most of the card: the card scrolls and the text diff keeps a readable height.
    <div className="flex h-full min-h-0 flex-col overflow-y-auto" data-testid="step-diff">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line px-4 py-2 text-sm">
        <StepSelect
          label={t("compare")}
          ariaLabel={t("fromLabel")}
          testId="diff-from"
          steps={steps}
          value={pair.from}
          onChange={(index) => choose("from", index)}
          firstHasNone
        />
        <StepSelect
          label={t("with")}
          ariaLabel={t("toLabel")}
          testId="diff-to"
          steps={steps}
          value={pair.to}
          onChange={(index) => choose("to", index)}
        />
        {picked ? (
          <Button size="sm" variant="ghost" onClick={() => setPicked(null)} data-testid="diff-follow">
            {t("follow")}
          </Button>
        ) : (
          <span className="text-xs text-muted">{t("following")}</span>
        )}
      </div>

      {pair.from < 0 ? (
        <RequestDiff original={null} modified="" theme={theme} className="min-h-0 flex-1" />
      ) : failed ? (
        <p className="p-5 text-sm text-danger" role="alert">
          {t("failed", { error: loaded.error })}
        </p>
      ) : shown && comparison ? (
        <div
          className="flex min-h-0 flex-1 flex-col"
          data-testid="diff-shown"
          data-pair={`${shown.pair.from}:${shown.pair.to}`}
          aria-busy={pending}
        >
          <PrefixComparisonBars comparison={comparison} from={shown.pair.from} to={shown.pair.to} />
          <RequestDiff
            original={shown.from.requestJson}
            modified={shown.to.requestJson}
            originalLabel={t("request", { n: shown.pair.from + 1 })}
            modifiedLabel={t("request", { n: shown.pair.to + 1 })}
            theme={theme}
            className="min-h-64 flex-1"
          />
        </div>
      ) : (
        <p className="p-5 text-sm text-muted" data-testid="diff-loading">
          {t("loading", { from: pair.from + 1, to: pair.to + 1 })}
        </p>
      )}
    </div>
  );
}

/** Two bars on one token scale: the shared prefix in green, what each request has after the point where they part. */
function PrefixComparisonBars({ comparison, from, to }: { comparison: PrefixComparison; from: number; to: number }) {
  const t = useTranslations("run.diff");
  const locale = useLocale() as Locale;
  const requestName = (index: number) => t("requestName", { n: index + 1 });
  const scale = Math.max(comparison.fromTokens, comparison.toTokens, 1);
  const percent = (tokens: number) => `${(tokens / scale) * 100}%`;
  const rows = [
    { name: t("request", { n: from + 1 }), rest: comparison.fromRestTokens, color: FROM_REST_COLOR, id: "from" },
    { name: t("request", { n: to + 1 }), rest: comparison.toRestTokens, color: TO_REST_COLOR, id: "to" },
  ];
  return (
    <div
      className="shrink-0 space-y-1.5 border-b border-line px-4 py-2.5"
      data-testid="diff-comparison"
      data-kind={comparison.kind}
      data-shared={comparison.sharedTokens}
      data-from-rest={comparison.fromRestTokens}
      data-to-rest={comparison.toRestTokens}
    >
      <p className="text-sm text-ink" data-testid="diff-words">
        {comparisonSentence(comparison, requestName(from), requestName(to), locale)}
      </p>
      {rows.map((row) => (
        <div key={row.id} className="flex items-center gap-2 text-xs">
          <span className="w-20 shrink-0 text-muted">{row.name}</span>
          <div
            className="flex h-3 min-w-0 flex-1 overflow-hidden rounded bg-panel-muted"
            role="img"
            aria-label={t("barLabel", { name: row.name, shared: comparison.sharedTokens, rest: row.rest })}
          >
            <span className="h-full" style={{ width: percent(comparison.sharedTokens), background: SHARED_COLOR }} />
            <span className="h-full" style={{ width: percent(row.rest), background: row.color }} />
          </div>
        </div>
      ))}
      <ul className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-ink-soft">
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: SHARED_COLOR }} />
          {t("same")}
          <span className="tabular font-medium">{formatTokens(comparison.sharedTokens)}</span>
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: FROM_REST_COLOR }} />
          {t("after", { n: from + 1 })}
          <span className="tabular font-medium">{formatTokens(comparison.fromRestTokens)}</span>
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: TO_REST_COLOR }} />
          {t("after", { n: to + 1 })}
          <span className="tabular font-medium">{formatTokens(comparison.toRestTokens)}</span>
        </li>
      </ul>
    </div>
  );
}

/** One side of the comparison: a request picked by its number and title. */
function StepSelect({
  label,
  ariaLabel,
  testId,
  steps,
  value,
  onChange,
  firstHasNone = false,
}: {
  label: string;
  ariaLabel: string;
  testId: string;
  steps: readonly StepOption[];
  value: number;
  onChange: (index: number) => void;
  /** The first request has no earlier one: "previous vs current" on it compares with nothing. */
  firstHasNone?: boolean;
}) {
  const t = useTranslations("run.diff");
  const locale = useLocale() as Locale;
  return (
    <label className="flex items-center gap-2">
      <span className="text-muted">{label}</span>
      <select
        className={`${inputClass} w-auto max-w-[14rem]`}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid={testId}
        aria-label={ariaLabel}
      >
        {firstHasNone && value < 0 ? <option value={-1}>{t("none")}</option> : null}
        {steps.map((step) => (
          <option key={step.index} value={step.index}>
            {step.index + 1} · {engineTitleText(step.title, locale)}
          </option>
        ))}
      </select>
    </label>
  );
}
