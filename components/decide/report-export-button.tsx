"use client";
import { strToU8, zipSync } from "fflate";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { Button } from "@/components/ui/button";
import { designReviewFiles, designReviewReport, type DesignReviewInput } from "@/lib/report/design-review";

export type ReportExportButtonProps = {
  /** Called on click, so the report always has the figures on screen at that moment. */
  reportInput: () => DesignReviewInput;
  disabled?: boolean;
};

function download(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Exports the comparison for a design review: one self-contained Markdown file (charts inlined as SVG), or a zip with
 * the Markdown and the SVG files side by side.
 */
export function ReportExportButton({ reportInput, disabled }: ReportExportButtonProps) {
  const t = useTranslations("decide");
  const locale = useLocale() as Locale;
  const exportMarkdown = () => {
    const report = designReviewReport(reportInput(), locale);
    download(report.fileName, new Blob([report.markdown], { type: "text/markdown;charset=utf-8" }));
  };
  const exportZip = () => {
    const report = designReviewReport(reportInput(), locale);
    const files = Object.fromEntries(
      Object.entries(designReviewFiles(report)).map(([path, text]) => [path, strToU8(text)]),
    );
    const zipped = zipSync(files);
    download(report.fileName.replace(/\.md$/, ".zip"), new Blob([zipped.slice().buffer], { type: "application/zip" }));
  };
  return (
    <span className="inline-flex items-center gap-1" data-tour="export-report">
      <Button
        size="sm"
        onClick={exportMarkdown}
        disabled={disabled}
        data-testid="export-report"
        title={t("export.markdownTitle")}
      >
        {t("export.markdown")}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={exportZip}
        disabled={disabled}
        data-testid="export-report-zip"
        title={t("export.zipTitle")}
      >
        {t("export.zip")}
      </Button>
    </span>
  );
}
