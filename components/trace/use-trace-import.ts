"use client";
/**
 * Talks to the trace worker through its client (workers/trace-client.ts): sends a file's text (or a live session's),
 * follows its progress, keeps the view it answers with and asks for the detail of the request being looked at. A
 * newer file or step makes an older answer stale; a worker that fails to load is reported, never waited on. The
 * file's text never reaches the store, autosave or a link.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { StepDetail } from "@/lib/core";
import type { TraceView } from "@/lib/trace/trace-view";
import { startTraceClient, type TraceClient } from "@/workers/trace-client";

export type TraceImportState =
  | { status: "idle" }
  | { status: "reading"; fileName: string; fraction: number }
  | { status: "failed"; fileName: string; error: string }
  | { status: "ready"; fileName: string; view: TraceView };

export type TraceImportHandle = {
  state: TraceImportState;
  detail: StepDetail | null;
  selectedIndex: number;
  importFile(file: File): void;
  /** A recording already in hand (the Tap view's live session), under a name. */
  importText(text: string, name: string): void;
  select(index: number): void;
  reset(): void;
};

export type TraceImportOptions = {
  /** Which request to show once a recording is explained: the first (a file) or the newest (a live session). */
  show?: "first" | "last";
  keepViewWhileReading?: boolean;
};

export function useTraceImport(options: TraceImportOptions = {}): TraceImportHandle {
  const t = useTranslations("trace");
  const locale = useLocale() as Locale;
  const [state, setState] = useState<TraceImportState>({ status: "idle" });
  const [detail, setDetail] = useState<StepDetail | null>(null);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const clientRef = useRef<TraceClient | null>(null);
  const generation = useRef(0);

  const client = useCallback(() => (clientRef.current ??= startTraceClient()), []);

  const select = useCallback(
    (index: number) => {
      setSelectedIndex(index);
      void client()
        .send({ kind: "detail", index })
        .outcome.then((outcome) => {
          if (outcome.ok && outcome.value.kind === "detail") setDetail(outcome.value.detail);
        });
    },
    [client],
  );

  const analyse = useCallback(
    (current: number, name: string, text: string) => {
      const { outcome } = client().send(
        // The sentences are built in the worker: it is told the reader's language.
        { kind: "analyse", text, title: t("scenarioTitle", { name }), locale },
        {
          onInterim: (response) => {
            // A live session re-read as it grows keeps its last view on screen instead of a progress bar.
            if (response.kind === "progress" && current === generation.current && !options.keepViewWhileReading)
              setState({ status: "reading", fileName: name, fraction: response.fraction });
          },
        },
      );
      void outcome.then((result) => {
        if (current !== generation.current || (!result.ok && result.stale)) return;
        if (result.ok && result.value.kind === "analysed")
          setState({ status: "ready", fileName: name, view: result.value.view });
        else
          setState({
            status: "failed",
            fileName: name,
            error: result.ok ? "trace: no answer" : result.message,
          });
      });
    },
    [client, options.keepViewWhileReading, t, locale],
  );

  const importFile = useCallback(
    (file: File) => {
      const current = ++generation.current;
      setDetail(null);
      setSelectedIndex(0);
      setState({ status: "reading", fileName: file.name, fraction: 0 });
      file.text().then(
        (text) => {
          if (current !== generation.current) return;
          analyse(current, file.name, text);
        },
        (error: unknown) =>
          setState({
            status: "failed",
            fileName: file.name,
            error: `trace: cannot read ${file.name}: ${String(error)}`,
          }),
      );
    },
    [analyse],
  );

  const importText = useCallback(
    (text: string, name: string) => {
      const current = ++generation.current;
      if (!options.keepViewWhileReading) setState({ status: "reading", fileName: name, fraction: 0 });
      analyse(current, name, text);
    },
    [analyse, options.keepViewWhileReading],
  );

  // The first request (or the newest, live) is shown as soon as the trace is explained.
  const readyView = state.status === "ready" ? state.view : null;
  const showLast = options.show === "last";
  useEffect(() => {
    if (readyView && readyView.steps.length > 0) select(showLast ? readyView.steps.length - 1 : 0);
  }, [readyView, select, showLast]);

  const reset = useCallback(() => {
    generation.current += 1;
    setState({ status: "idle" });
    setDetail(null);
  }, []);

  useEffect(() => () => clientRef.current?.dispose(), []);

  return { state, detail, selectedIndex, importFile, importText, select, reset };
}
