"use client";
import { useTranslations } from "use-intl";
/**
 * "Import a trace": read what an agent really sent, step through its requests with each cache miss named, see
 * the money lost by cause, and open the same conversation in the playground to run every strategy on it.
 */
import { Button } from "@/components/ui/button";
import { DialogFrame } from "@/components/ui/dialog-frame";
import type { StepDetail } from "@/lib/core";
import { TraceDropZone } from "./trace-drop-zone";
import { TraceHelp } from "./trace-help";
import { TraceResult } from "./trace-result";
import type { TraceImportState } from "./use-trace-import";

export type TraceDialogProps = {
  open: boolean;
  onClose(): void;
  state: TraceImportState;
  detail: StepDetail | null;
  selectedIndex: number;
  onSelect(index: number): void;
  onFile(file: File): void;
  onReset(): void;
  onOpenReplay(): void;
  theme: "light" | "dark";
};

export function TraceDialog(props: TraceDialogProps) {
  const t = useTranslations("trace");
  const { state } = props;
  return (
    <DialogFrame
      open={props.open}
      onClose={props.onClose}
      title={t("dialog.title")}
      testId="trace-dialog"
      width="max-w-5xl"
    >
      {state.status === "idle" ? (
        <div className="space-y-4">
          <TraceDropZone onFile={props.onFile} />
          <TraceHelp />
        </div>
      ) : null}
      {state.status === "reading" ? (
        <div className="space-y-2" data-testid="trace-progress" role="status">
          <p className="text-sm">
            {t("dialog.reading", { fileName: state.fileName, percent: Math.round(state.fraction * 100) })}
          </p>
          <progress
            className="w-full"
            max={1}
            value={state.fraction}
            aria-label={t("dialog.readingLabel", { fileName: state.fileName })}
          />
        </div>
      ) : null}
      {state.status === "failed" ? (
        <div className="space-y-4">
          <p
            role="alert"
            className="rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm"
            data-testid="trace-error"
          >
            {t("dialog.failed", { fileName: state.fileName })} {state.error.replace(/^trace: /, "")}
          </p>
          <TraceDropZone onFile={props.onFile} />
          <TraceHelp />
        </div>
      ) : null}
      {state.status === "ready" ? (
        <TraceResult
          view={state.view}
          heading={state.fileName}
          detail={props.detail}
          selectedIndex={props.selectedIndex}
          onSelect={props.onSelect}
          onOpenReplay={props.onOpenReplay}
          theme={props.theme}
          actions={
            <Button size="sm" variant="ghost" onClick={props.onReset} data-testid="trace-import-another">
              {t("dialog.another")}
            </Button>
          }
        />
      ) : null}
    </DialogFrame>
  );
}
