"use client";
/**
 * Wires "Import a trace" to the page: the dialog opens from the Scenario menu or when a .har/.jsonl file is dropped
 * anywhere on the page; "Open the replay" loads the derived scenario like any imported scenario.
 */
import { useEffect } from "react";
import type { PlaygroundController } from "@/state/playground-controller";
import { usePlayground } from "@/state/playground-provider";
import { TraceDialog } from "./trace-dialog";
import { useTraceImport } from "./use-trace-import";

const TRACE_FILE = /\.(har|jsonl|ndjson)$/i;

export function TraceImportHost({ controller }: { controller: PlaygroundController }) {
  const open = usePlayground((state) => state.openDialog === "trace");
  const anotherDialogOpen = usePlayground((state) => state.openDialog !== null && state.openDialog !== "trace");
  const setOpenDialog = usePlayground((state) => state.setOpenDialog);
  const setNotice = usePlayground((state) => state.setWorkspaceNotice);
  const theme = usePlayground((state) => state.theme);
  const trace = useTraceImport();
  const { importFile } = trace;

  // A trace dropped on the page (not on another dialog) opens the trace dialog with it.
  useEffect(() => {
    if (anotherDialogOpen) return;
    const isTraceDrag = (event: DragEvent) =>
      [...(event.dataTransfer?.items ?? [])].some((item) => item.kind === "file") &&
      [...(event.dataTransfer?.files ?? [])].every((file) => TRACE_FILE.test(file.name));
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      const file = event.dataTransfer?.files[0];
      if (!file || !isTraceDrag(event)) return;
      event.preventDefault();
      importFile(file);
      setOpenDialog("trace");
    };
    window.addEventListener("dragover", onDragOver);
    window.addEventListener("drop", onDrop);
    return () => {
      window.removeEventListener("dragover", onDragOver);
      window.removeEventListener("drop", onDrop);
    };
  }, [anotherDialogOpen, importFile, setOpenDialog]);

  return (
    <TraceDialog
      open={open}
      onClose={() => setOpenDialog(null)}
      state={trace.state}
      detail={trace.detail}
      selectedIndex={trace.selectedIndex}
      onSelect={trace.select}
      onFile={trace.importFile}
      onReset={trace.reset}
      theme={theme}
      onOpenReplay={() => {
        if (trace.state.status !== "ready") return;
        const scenario = trace.state.view.scenario;
        controller.openWorkspace({ scenario });
        setOpenDialog(null);
        setNotice({
          kind: "info",
          message: `Opened the replay of ${trace.state.fileName}: ${scenario.catalog.tools.length} tools and ${scenario.turns.length} turns from the trace, run under every strategy.`,
        });
      }}
    />
  );
}
