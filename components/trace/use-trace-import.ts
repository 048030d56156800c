"use client";
/**
 * Talks to the trace worker: sends a file's text, follows its progress, keeps the view it answers with and asks for
 * the detail of the request being looked at. The file's text never reaches the store, autosave or a link.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { StepDetail } from "@/lib/core";
import type { TraceRequestMessage, TraceResponseMessage } from "@/lib/trace/trace-protocol";
import type { TraceView } from "@/lib/trace/trace-view";

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
  select(index: number): void;
  reset(): void;
};

function createTraceWorker(): Worker {
  return new Worker(new URL("../../workers/trace.worker.ts", import.meta.url), { type: "module", name: "trace" });
}

export function useTraceImport(): TraceImportHandle {
  const [state, setState] = useState<TraceImportState>({ status: "idle" });
  const [detail, setDetail] = useState<StepDetail | null>(null);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const workerRef = useRef<Worker | null>(null);
  const nextId = useRef(0);
  const analyseId = useRef(-1);
  const detailId = useRef(-1);
  const fileName = useRef("");

  const worker = useCallback(() => {
    if (!workerRef.current) {
      const created = createTraceWorker();
      created.onmessage = (event: MessageEvent<TraceResponseMessage>) => {
        const message = event.data;
        if (message.type === "detail") {
          if (message.id === detailId.current) setDetail(message.detail);
          return;
        }
        if (message.id !== analyseId.current) return;
        if (message.type === "progress")
          setState({ status: "reading", fileName: fileName.current, fraction: message.fraction });
        else if (message.type === "failed")
          setState({ status: "failed", fileName: fileName.current, error: message.error });
        else setState({ status: "ready", fileName: fileName.current, view: message.view });
      };
      workerRef.current = created;
    }
    return workerRef.current;
  }, []);

  const post = useCallback((message: TraceRequestMessage) => worker().postMessage(message), [worker]);

  const select = useCallback(
    (index: number) => {
      setSelectedIndex(index);
      detailId.current = ++nextId.current;
      post({ type: "detail", id: detailId.current, index });
    },
    [post],
  );

  const importFile = useCallback(
    (file: File) => {
      fileName.current = file.name;
      analyseId.current = ++nextId.current;
      setDetail(null);
      setSelectedIndex(0);
      setState({ status: "reading", fileName: file.name, fraction: 0 });
      const id = analyseId.current;
      file.text().then(
        (text) => {
          if (id === analyseId.current) post({ type: "analyse", id, text, title: `Trace ${file.name}` });
        },
        (error: unknown) =>
          setState({
            status: "failed",
            fileName: file.name,
            error: `trace: cannot read ${file.name}: ${String(error)}`,
          }),
      );
    },
    [post],
  );

  // The first request is shown as soon as the trace is explained.
  const readyView = state.status === "ready" ? state.view : null;
  useEffect(() => {
    if (readyView && readyView.steps.length > 0) select(0);
  }, [readyView, select]);

  const reset = useCallback(() => {
    analyseId.current = ++nextId.current;
    setState({ status: "idle" });
    setDetail(null);
  }, []);

  useEffect(() => () => workerRef.current?.terminate(), []);

  return { state, detail, selectedIndex, importFile, select, reset };
}
