import type { DescriptionFinding, DescriptionFindingCode } from "@/lib/search/lint-description";
import { FINDING_TITLES } from "./finding-titles";

export type ToolFindingsProps = {
  findings: readonly DescriptionFinding[];
  /** Kinds of finding the draft introduced, and those it fixed. */
  newCodes: readonly DescriptionFindingCode[];
  fixedCodes: readonly DescriptionFindingCode[];
};

/** The linter's findings for one tool, each with its fix, and what a draft made new or fixed. */
export function ToolFindings({ findings, newCodes, fixedCodes }: ToolFindingsProps) {
  return (
    <div className="flex flex-col gap-2" data-testid="edit-findings">
      <h4 className="text-sm font-semibold">Linter</h4>
      {findings.length === 0 && fixedCodes.length === 0 ? <p className="text-sm text-success">No findings.</p> : null}
      <ul className="flex flex-col gap-2">
        {findings.map((finding, index) => (
          <li
            key={`${finding.code}-${index}`}
            className="rounded-lg border border-line p-2.5 text-sm"
            data-testid="edit-finding"
            data-code={finding.code}
          >
            <p className="font-semibold">
              {FINDING_TITLES[finding.code]}
              {newCodes.includes(finding.code) ? (
                <span className="ml-2 rounded bg-danger-soft px-1.5 py-0.5 text-[11px] font-bold uppercase text-danger">
                  new
                </span>
              ) : null}
            </p>
            <p className="text-muted">{finding.message}</p>
            <p className="mt-1 text-ink-soft">
              <span className="font-semibold">Fix: </span>
              {finding.suggestion}
            </p>
          </li>
        ))}
        {fixedCodes.map((code) => (
          <li
            key={`fixed-${code}`}
            className="rounded-lg border border-success/50 bg-success/5 p-2.5 text-sm"
            data-testid="edit-finding-fixed"
            data-code={code}
          >
            <span className="font-semibold text-success">Fixed: </span>
            {FINDING_TITLES[code]}
          </li>
        ))}
      </ul>
    </div>
  );
}
