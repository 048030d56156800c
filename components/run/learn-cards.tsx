"use client";
import { InjectionSurfaceExplainer } from "@/components/variants/injection-surface-explainer";
import type { ReactNode } from "react";
import { useLocale, useTranslations } from "use-intl";
import { Term } from "@/components/ui/term";
import type { StrategyId } from "@/lib/core/ids";
import type { Locale } from "@/lib/i18n/locales";
import { learnCardEntries } from "@/lib/view/strategy-info";
import { STRATEGY_STYLES } from "@/lib/view/strategy-colors";

export type LearnCardsProps = {
  /** Which strategies to show, in order (default: all). */
  ids?: readonly StrategyId[];
  selectedId?: StrategyId;
  /** "Show this strategy" on a card. */
  onSelect?: (id: StrategyId) => void;
  className?: string;
};

const ROWS = ["sends", "schemaGoesTo", "costs", "prefixEffect"] as const;

/** Renders `code` spans written with backticks in the explanations as code, and everything else as text. */
function withCode(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/).map((part, index) =>
    part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
      <code key={index} className="rounded bg-panel-muted px-1 py-0.5 font-mono text-[0.9em]">
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}

/** One card per strategy in plain words: what it sends, where a found tool's schema goes, what it costs, the prefix. */
export function LearnCards({ ids, selectedId, onSelect, className = "" }: LearnCardsProps) {
  const t = useTranslations("run.learn");
  const entries = learnCardEntries(ids, useLocale() as Locale);
  return (
    <div className={`flex flex-col gap-4 px-5 py-4 ${className}`}>
      <p className="text-sm text-ink-soft" data-testid="learn-terms">
        {t("terms")} <Term id="prefix" />, <Term id="cache-breakpoint" />, <Term id="defer-loading" />,{" "}
        <Term id="tool-reference" />, <Term id="ttl" />, <Term id="cache-write" />, <Term id="cache-read" />,{" "}
        <Term id="lookback" />, <Term id="namespace" />, <Term id="stub" />, <Term id="gateway" />.
      </p>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-4" data-testid="learn-cards">
        {entries.map((entry) => {
          const selected = entry.id === selectedId;
          return (
            <li
              key={entry.id}
              data-testid="learn-card"
              data-strategy={entry.id}
              data-selected={selected}
              className={`flex flex-col rounded-xl border bg-panel p-4 ${selected ? "border-accent ring-2 ring-accent/40" : "border-line"}`}
            >
              <h3 className="flex items-center gap-2 text-base font-semibold text-ink">
                <span
                  aria-hidden
                  className="inline-block h-3 w-3 shrink-0 rounded-full"
                  style={{ background: STRATEGY_STYLES[entry.id].color }}
                />
                {entry.title}
              </h3>
              <dl className="mt-3 flex-1 space-y-2 text-sm">
                {ROWS.map((row) => (
                  <div key={row}>
                    <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
                      {t.rich(row, { term: (chunks) => <Term id="prefix">{chunks}</Term> })}
                    </dt>
                    <dd className="break-words text-ink-soft">{withCode(entry.explanation[row])}</dd>
                  </div>
                ))}
              </dl>
              {onSelect ? (
                <button
                  type="button"
                  className={`mt-3 self-start rounded-lg px-3 py-1.5 text-sm font-medium ${selected ? "text-muted" : "text-accent hover:bg-accent-soft"}`}
                  disabled={selected}
                  onClick={() => onSelect(entry.id)}
                  data-testid="learn-card-select"
                >
                  {selected ? t("shownNow") : t("show")}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <InjectionSurfaceExplainer />
    </div>
  );
}
