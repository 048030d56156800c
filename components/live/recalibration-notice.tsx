"use client";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { Recalibration } from "@/lib/live/recalibrate";
import { formatPercent } from "@/lib/view/format";
import { CORRECTION_FACTOR_RANGE } from "@/lib/live/recalibrate";

export type RecalibrationNoticeProps = {
  /** From `recalibrationFor(...)`; nothing is shown when null. */
  recalibration: Recalibration | null;
  /** Sets `settings.tokenCorrectionFactors[kind] = factor`. */
  onApply?: (kind: "anthropic-estimate" | "kimi-estimate", factor: number) => void;
  className?: string;
};

/** What the exact counts say about the estimate, and the correction factor that would make it match. */
export function RecalibrationNotice({ recalibration, onApply, className = "" }: RecalibrationNoticeProps) {
  const t = useTranslations("live");
  if (!recalibration) return null;
  if (!recalibration.ok) {
    return (
      <p className={`text-sm text-muted ${className}`} data-testid="live-recalibration" data-ok="false">
        {recalibration.ratio ? `${t("recalibration.ratio", { ratio: formatPercent(recalibration.ratio) })} ` : ""}
        {t("recalibration.why", {
          why: recalibration.why.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
          suggested: recalibration.suggested ?? 0,
          min: CORRECTION_FACTOR_RANGE.min,
          max: CORRECTION_FACTOR_RANGE.max,
        })}
      </p>
    );
  }
  const { kind, currentFactor, factor, ratio, samples } = recalibration;
  return (
    <div
      className={`flex flex-wrap items-center gap-3 text-sm ${className}`}
      data-testid="live-recalibration"
      data-ok="true"
      data-factor={factor}
      data-kind={kind}
    >
      <p className="text-ink-soft">
        {t.rich("recalibration.ok", {
          ratio: formatPercent(ratio),
          samples,
          family: kind === "anthropic-estimate" ? "claude" : "kimi",
          currentFactor: String(currentFactor),
          factor: String(factor),
          figure: (chunks) => <span className="tabular font-semibold text-ink">{chunks}</span>,
          plain: (chunks) => <span className="tabular">{chunks}</span>,
        })}
      </p>
      {onApply ? (
        <Button size="sm" onClick={() => onApply(kind, factor)} data-testid="live-recalibration-apply">
          {t("recalibration.apply", { factor: String(factor) })}
        </Button>
      ) : null}
    </div>
  );
}
