"use client";
import { useMemo, useState } from "react";
import type { DescriptionFinding, DescriptionFindingCode } from "@/lib/search/lint-description";
import { FINDING_TITLES, groupSuggestion } from "./finding-titles";
import { linkButtonClass } from "./lab-styles";

export type LinterPanelProps = {
  findings: readonly DescriptionFinding[] | undefined;
  onSelectTool: (name: string) => void;
};

const SEVERITY_STYLE = {
  error: "bg-danger-soft text-danger",
  warning: "bg-warning-soft text-warning",
  info: "bg-accent-soft text-accent",
} as const;
const SHOWN_PER_GROUP = 12;

/** The description linter's findings, grouped by kind, each group with its fix suggestion. */
export function LinterPanel({ findings, onSelectTool }: LinterPanelProps) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const groups = useMemo(() => {
    const byCode = new Map<DescriptionFindingCode, DescriptionFinding[]>();
    for (const finding of findings ?? []) byCode.set(finding.code, [...(byCode.get(finding.code) ?? []), finding]);
    return [...byCode.entries()].sort((left, right) => right[1].length - left[1].length);
  }, [findings]);
  if (findings === undefined) return <p className="p-6 text-sm text-muted">Measuring…</p>;
  if (findings.length === 0)
    return (
      <p className="p-6 text-sm text-muted" data-testid="linter-panel">
        No findings: every description passes the linter.
      </p>
    );
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="linter-panel">
      {groups.map(([code, items]) => {
        const expanded = open[code] === true;
        return (
          <section key={code} className="rounded-xl border border-line" data-testid="lint-group" data-code={code}>
            <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-line px-4 py-3">
              <h3 className="text-base font-semibold">{FINDING_TITLES[code]}</h3>
              <span
                className={`tabular rounded-md px-1.5 py-0.5 text-xs font-bold ${SEVERITY_STYLE[items[0].severity]}`}
              >
                {items.length}
              </span>
              <p className="basis-full text-sm text-ink-soft">
                <span className="font-semibold">Fix: </span>
                {groupSuggestion(code, items)}
              </p>
            </header>
            <ul className="divide-y divide-line">
              {(expanded ? items : items.slice(0, SHOWN_PER_GROUP)).map((finding, index) => (
                <li
                  key={`${finding.tool}-${index}`}
                  className="flex flex-wrap items-baseline gap-x-3 px-4 py-2 text-sm"
                  data-testid="lint-finding"
                >
                  <button type="button" className={linkButtonClass} onClick={() => onSelectTool(finding.tool)}>
                    {finding.tool}
                  </button>
                  <span className="text-muted">{finding.message}</span>
                </li>
              ))}
            </ul>
            {items.length > SHOWN_PER_GROUP ? (
              <button
                type="button"
                className="w-full border-t border-line px-4 py-2 text-sm text-accent hover:bg-panel-muted"
                onClick={() => setOpen({ ...open, [code]: !expanded })}
              >
                {expanded ? "Show fewer" : `Show all ${items.length}`}
              </button>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
