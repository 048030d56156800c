"use client";
import { Button } from "@/components/ui/button";
import type { Recalibration } from "@/lib/live/recalibrate";
import { formatPercent } from "@/lib/view/format";

export type RecalibrationNoticeProps = {
  /** From `recalibrationFor(...)`; nothing is shown when null. */
  recalibration: Recalibration | null;
  /** Sets `settings.tokenCorrectionFactors[kind] = factor`. */
  onApply?: (kind: "anthropic-estimate" | "kimi-estimate", factor: number) => void;
  className?: string;
};

/** What the exact counts say about the estimate, and the correction factor that would make it match. */
export function RecalibrationNotice({ recalibration, onApply, className = "" }: RecalibrationNoticeProps) {
  if (!recalibration) return null;
  if (!recalibration.ok) {
    return (
      <p className={`text-sm text-muted ${className}`} data-testid="live-recalibration" data-ok="false">
        {recalibration.ratio ? `Measured ÷ predicted prompt: ${formatPercent(recalibration.ratio)}. ` : ""}
        {recalibration.reason.charAt(0).toUpperCase() + recalibration.reason.slice(1)}.
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
        Measured ÷ predicted prompt: <span className="tabular font-semibold text-ink">{formatPercent(ratio)}</span> over{" "}
        {samples} request{samples === 1 ? "" : "s"}. The {kind === "anthropic-estimate" ? "Claude" : "Kimi"} estimate
        factor would go from <span className="tabular">{currentFactor}</span> to{" "}
        <span className="tabular font-semibold text-ink">{factor}</span>.
      </p>
      {onApply ? (
        <Button size="sm" onClick={() => onApply(kind, factor)} data-testid="live-recalibration-apply">
          Use {factor} for this model
        </Button>
      ) : null}
    </div>
  );
}
