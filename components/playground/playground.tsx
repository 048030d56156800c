"use client";
import { PlaygroundProvider } from "@/state/playground-provider";
import { HelpDialog } from "./help-dialog";
import { PlaygroundHeader } from "./playground-header";
import { RunArea } from "./run-area";
import { SidePanel } from "./side-panel";

/** The page: header, the inputs on the left, the run on the right. Usable from 1280 px wide. */
export function Playground({ initialExampleId }: { initialExampleId: string }) {
  return (
    <PlaygroundProvider initialExampleId={initialExampleId}>
      <div className="min-w-[1280px]">
        <PlaygroundHeader />
        <main className="grid grid-cols-[minmax(400px,30%)_minmax(0,1fr)] gap-5 p-5">
          <SidePanel />
          <RunArea />
        </main>
        <HelpDialog />
      </div>
    </PlaygroundProvider>
  );
}
