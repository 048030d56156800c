"use client";
import { useLocale, useTranslations } from "use-intl";
import type { CatalogTool } from "@/lib/core/catalog";
import {
  COMPRESSION_LEVELS,
  compressDescription,
  compressionLevel,
  compressionLevelLabel,
} from "@/lib/lab/compression";
import type { CompressionPoint } from "@/lib/lab/compression-curve";
import { LAB_SEARCH_IDS, searchDescription } from "@/lib/lab/search-labels";
import { CompressionChart } from "./compression-chart";
import { formatCount, formatPoints, formatShare } from "./format";
import { SEARCH_COLORS } from "./lab-styles";

export type CompressionPanelProps = {
  curve: readonly CompressionPoint[] | undefined;
  pending: boolean;
  levelId: string;
  k: number;
  selectedTool: CatalogTool | undefined;
  onLevel: (levelId: string) => void;
};

/** The compression knob: shorten every description as stubs do, and see tokens saved against recall lost. */
export function CompressionPanel({ curve, pending, levelId, k, selectedTool, onLevel }: CompressionPanelProps) {
  const index = Math.max(
    0,
    COMPRESSION_LEVELS.findIndex((level) => level.id === levelId),
  );
  const level = compressionLevel(levelId);
  const locale = useLocale();
  const t = useTranslations("lab.compression");
  const levelLabel = compressionLevelLabel(level, locale);
  const point = curve?.find((candidate) => candidate.levelId === levelId);
  const full = curve?.[0];
  const none = curve?.find((candidate) => candidate.levelId === "none");
  return (
    <div className="flex flex-col gap-5 p-5" data-testid="compression-panel" aria-busy={pending}>
      <div className="flex flex-col gap-2">
        <label htmlFor="compression-level" className="flex items-baseline justify-between gap-3">
          <span className="text-base font-semibold">{t("shortenTo")}</span>
          <span className="text-lg font-bold text-accent" data-testid="compression-level-label">
            {levelLabel}
          </span>
        </label>
        <input
          id="compression-level"
          type="range"
          min={0}
          max={COMPRESSION_LEVELS.length - 1}
          step={1}
          value={index}
          onChange={(event) => onLevel(COMPRESSION_LEVELS[Number(event.target.value)].id)}
          aria-valuetext={levelLabel}
          className="w-full accent-[var(--accent)]"
          data-testid="compression-level"
        />
        <div className="flex justify-between text-xs text-muted" aria-hidden>
          {COMPRESSION_LEVELS.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              tabIndex={-1}
              className={`w-20 text-center first:text-left last:text-right ${candidate.id === levelId ? "font-semibold text-accent" : "hover:text-ink"}`}
              onClick={() => onLevel(candidate.id)}
            >
              {compressionLevelLabel(candidate, locale)}
            </button>
          ))}
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="compression-stats">
        <div className="rounded-xl border border-line p-3">
          <div className="text-xs font-semibold uppercase tracking-wide text-muted">{t("tokensSaved")}</div>
          <div
            className="tabular text-3xl font-bold"
            data-testid="compression-saved"
            data-value={point?.savedShare ?? ""}
          >
            {point ? formatShare(point.savedShare) : "…"}
          </div>
          <div className="tabular text-sm text-muted">
            {point && full
              ? t("savedOf", { saved: formatCount(point.tokensSaved), total: formatCount(full.tokens) })
              : pending
                ? t("measuring")
                : ""}
          </div>
        </div>
        {LAB_SEARCH_IDS.map((id) => (
          <div key={id} className="rounded-xl border border-line p-3" data-testid={`compression-recall-${id}`}>
            <div className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
              <span aria-hidden className="h-2 w-2 rounded-full" style={{ background: SEARCH_COLORS[id] }} />
              {searchDescription(id, locale).title} R@{k}
            </div>
            <div className="tabular text-3xl font-bold">{point ? formatShare(point.recallAtK[id]) : "…"}</div>
            <div
              className={`tabular text-sm ${point && point.recallLost[id] > 0 ? "font-semibold text-danger" : "text-muted"}`}
            >
              {point
                ? point.recallLost[id] === 0
                  ? t("noRecallLost")
                  : t("versusFull", { points: formatPoints(-point.recallLost[id]) })
                : ""}
            </div>
          </div>
        ))}
      </div>

      {curve ? (
        <CompressionChart curve={curve} selectedLevelId={levelId} k={k} />
      ) : (
        <div className="flex h-80 items-center justify-center rounded-xl bg-panel-muted text-sm text-muted">
          {t("measuringLevels")}
        </div>
      )}

      {selectedTool ? (
        <div className="rounded-xl border border-line p-4" data-testid="compression-preview">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">
            {t.rich("preview", {
              name: selectedTool.name,
              tool: (chunks) => <span className="font-mono normal-case">{chunks}</span>,
            })}
          </p>
          <p className="mt-1 text-[15px] leading-relaxed">
            {compressDescription(selectedTool, level) || <span className="italic text-muted">{t("nameOnly")}</span>}
          </p>
        </div>
      ) : null}
      <p className="text-sm text-muted">
        {none ? (
          <>
            {t.rich("descriptionShare", {
              share: formatShare(none.savedShare),
              figure: (chunks) => <span className="tabular font-semibold text-ink">{chunks}</span>,
            })}{" "}
          </>
        ) : null}
        {t.rich("onlyDescriptions", {
          stub: compressionLevelLabel(compressionLevel("stub"), locale),
          code: (chunks) => <span className="font-mono">{chunks}</span>,
        })}
      </p>
    </div>
  );
}
