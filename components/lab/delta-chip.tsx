"use client";
import { useTranslations } from "use-intl";
import { formatCount, formatPoints, formatSigned } from "./format";

export type DeltaChipProps = {
  before: number;
  after: number;
  /** "share": shown in percentage points; "count": whole numbers; "score": two decimals. */
  kind: "share" | "count" | "score";
  /** True when a larger number is worse (tokens). */
  lowerIsBetter?: boolean;
  /**
   * For counts: the unit, so the chip says "26 more tokens" in words. An arrow would be ambiguous here: a red ▼
   * beside +26 reads as a fall.
   */
  unit?: "tokens";
  testId?: string;
};

/** The change an edit made to one number, green when better and red when worse; nothing when unchanged. */
export function DeltaChip({ before, after, kind, lowerIsBetter = false, unit, testId }: DeltaChipProps) {
  const t = useTranslations("lab.delta");
  const difference = after - before;
  if (Math.abs(difference) < 1e-9) return null;
  const better = lowerIsBetter ? difference < 0 : difference > 0;
  const text =
    unit !== undefined
      ? t(difference > 0 ? "moreTokens" : "fewerTokens", {
          count: Math.abs(difference),
          amount: formatCount(Math.abs(difference)),
        })
      : kind === "share"
        ? formatPoints(difference)
        : kind === "score"
          ? formatSigned(difference, 3)
          : formatSigned(difference);
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-bold tabular ${better ? "bg-success/15 text-success" : "bg-danger-soft text-danger"}`}
      data-testid={testId}
      data-delta={difference}
      title={t("title", { before, after })}
    >
      {unit !== undefined ? text : `${difference > 0 ? "▲" : "▼"} ${text}`}
    </span>
  );
}
