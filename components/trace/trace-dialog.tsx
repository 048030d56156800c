"use client";
/**
 * "Import a trace": read what an agent really sent, step through its requests with each cache miss named, see
 * the money lost by cause, and open the same conversation in the playground to run every strategy on it.
 */
import { Button } from "@/components/ui/button";
import { DialogFrame } from "@/components/ui/dialog-frame";
import type { StepDetail } from "@/lib/core";
import { providerLabel } from "@/lib/view/provider-labels";
import { formatUsd } from "@/lib/view/format";
import { TraceDropZone } from "./trace-drop-zone";
import { TraceHelp } from "./trace-help";
import { TraceReplay } from "./trace-replay";
import { TraceRequestList } from "./trace-request-list";
import { TraceRequestView } from "./trace-request-view";
import { TraceSummary } from "./trace-summary";
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
  const { state } = props;
  return (
    <DialogFrame
      open={props.open}
      onClose={props.onClose}
      title="Import a trace"
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
            Reading {state.fileName}: {Math.round(state.fraction * 100)}%
          </p>
          <progress className="w-full" max={1} value={state.fraction} aria-label={`Reading ${state.fileName}`} />
        </div>
      ) : null}
      {state.status === "failed" ? (
        <div className="space-y-4">
          <p
            role="alert"
            className="rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm"
            data-testid="trace-error"
          >
            {state.fileName} could not be imported. {state.error.replace(/^trace: /, "")}
          </p>
          <TraceDropZone onFile={props.onFile} />
          <TraceHelp />
        </div>
      ) : null}
      {state.status === "ready" ? <TraceResult {...props} state={state} /> : null}
    </DialogFrame>
  );
}

function TraceResult({
  state,
  detail,
  selectedIndex,
  onSelect,
  onReset,
  onOpenReplay,
  theme,
}: TraceDialogProps & { state: Extract<TraceDialogProps["state"], { status: "ready" }> }) {
  const view = state.view;
  const step = view.steps[selectedIndex] ?? view.steps[0];
  const count = view.steps.length;
  return (
    <div className="space-y-5" data-testid="trace-result">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <strong data-testid="trace-heading">
          {state.fileName}: {count} {count === 1 ? "request" : "requests"} to {providerLabel(view.provider)}
        </strong>
        <span className="text-muted">
          priced as {view.modelLabel}; {view.tokenCounting}
        </span>
        <span className="ml-auto">
          {formatUsd(view.predictedCostUsd)} predicted
          {view.measuredCostUsd !== null ? `, ${formatUsd(view.measuredCostUsd)} measured` : ""}
        </span>
        <Button size="sm" variant="ghost" onClick={onReset} data-testid="trace-import-another">
          Import another
        </Button>
      </div>
      {view.skipped.length > 0 || view.notes.length > 0 ? (
        <ul className="space-y-0.5 text-xs text-ink-soft" data-testid="trace-notes">
          {view.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
          {view.skipped.map((record) => (
            <li key={record.location} data-testid="trace-skipped">
              Skipped {record.location}: {record.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <TraceSummary view={view} />
      <section>
        <div className="mb-2 flex items-center gap-2">
          <h3 className="text-sm font-semibold">Requests</h3>
          <Button
            size="sm"
            onClick={() => onSelect(step.index - 1)}
            disabled={step.index === 0}
            data-testid="trace-previous"
          >
            ← Previous
          </Button>
          <span className="text-sm tabular-nums" data-testid="trace-position">
            {step.index + 1} / {count}
          </span>
          <Button
            size="sm"
            onClick={() => onSelect(step.index + 1)}
            disabled={step.index >= count - 1}
            data-testid="trace-next"
          >
            Next →
          </Button>
        </div>
        <TraceRequestList steps={view.steps} selectedIndex={step.index} onSelect={onSelect} />
      </section>
      <TraceRequestView
        step={step}
        detail={detail?.stepIndex === step.index ? detail : null}
        providerLabel={`${providerLabel(view.provider)}, ${view.modelLabel}`}
        theme={theme}
      />
      <TraceReplay view={view} onOpenReplay={onOpenReplay} />
    </div>
  );
}
