"use client";
import { useLocale, useTranslations } from "use-intl";
import { findingWords, type DescriptionFinding, type DescriptionFindingCode } from "@/lib/search/lint-description";
import { findingTitle } from "./finding-titles";

export type ToolFindingsProps = {
  findings: readonly DescriptionFinding[];
  /** Kinds of finding the draft introduced, and those it fixed. */
  newCodes: readonly DescriptionFindingCode[];
  fixedCodes: readonly DescriptionFindingCode[];
};

/** The linter's findings for one tool, each with its fix, and what a draft made new or fixed. */
export function ToolFindings({ findings, newCodes, fixedCodes }: ToolFindingsProps) {
  const locale = useLocale();
  const t = useTranslations("lab.findings");
  return (
    <div className="flex flex-col gap-2" data-testid="edit-findings">
      <h4 className="text-sm font-semibold">{t("title")}</h4>
      {findings.length === 0 && fixedCodes.length === 0 ? <p className="text-sm text-success">{t("none")}</p> : null}
      <ul className="flex flex-col gap-2">
        {findings.map((finding, index) => {
          const words = findingWords(finding.facts, locale);
          return (
            <li
              key={`${finding.code}-${index}`}
              className="rounded-lg border border-line p-2.5 text-sm"
              data-testid="edit-finding"
              data-code={finding.code}
            >
              <p className="font-semibold">
                {findingTitle(finding.code, locale)}
                {newCodes.includes(finding.code) ? (
                  <span className="ml-2 rounded bg-danger-soft px-1.5 py-0.5 text-[11px] font-bold uppercase text-danger">
                    {t("new")}
                  </span>
                ) : null}
              </p>
              <p className="text-muted">{words.message}</p>
              <p className="mt-1 text-ink-soft">
                <span className="font-semibold">{t("fix")}</span>
                {words.suggestion}
              </p>
            </li>
          );
        })}
        {fixedCodes.map((code) => (
          <li
            key={`fixed-${code}`}
            className="rounded-lg border border-success/50 bg-success/5 p-2.5 text-sm"
            data-testid="edit-finding-fixed"
            data-code={code}
          >
            <span className="font-semibold text-success">{t("fixed")}</span>
            {findingTitle(code, locale)}
          </li>
        ))}
      </ul>
    </div>
  );
}
