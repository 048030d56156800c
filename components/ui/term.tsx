"use client";
import type { ReactNode } from "react";
import { useLocale } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { glossaryEntry, type TermId } from "@/lib/view/glossary";
import { Tooltip } from "./tooltip";

export type TermProps = {
  id: TermId;
  /** The words shown in the text; defaults to the glossary's spelling of the term. */
  children?: ReactNode;
};

/** A glossary term in running text: dotted underline, focusable, its definition in a tooltip. */
export function Term({ id, children }: TermProps) {
  const entry = glossaryEntry(id, useLocale() as Locale);
  return (
    <Tooltip
      testId={`term-tooltip-${id}`}
      content={
        <>
          <span className={`block font-semibold ${entry.code ? "font-mono" : ""}`}>{entry.term}</span>
          <span className="mt-1 block text-ink-soft">{entry.definition}</span>
        </>
      }
    >
      {(trigger) => (
        <span
          {...trigger}
          tabIndex={0}
          data-testid="term"
          data-term={id}
          className={`cursor-help underline decoration-muted decoration-dotted underline-offset-4 ${entry.code ? "font-mono text-[0.92em]" : ""}`}
        >
          {children ?? entry.term}
        </span>
      )}
    </Tooltip>
  );
}
