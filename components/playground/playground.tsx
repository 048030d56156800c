"use client";
import { PlaygroundProvider } from "@/state/playground-provider";
import { HelpDialog } from "./help-dialog";
import { PlaygroundHeader } from "./playground-header";
import { RunArea } from "./run-area";
import { SidePanel } from "./side-panel";
import { TourHost } from "./tour-host";
import { WorkspaceSession, type WorkspaceSessionProps } from "./workspace-session";

/** The page: header, the inputs on the left, the run on the right. Usable from 1280 px wide. */
export function Playground(props: WorkspaceSessionProps) {
  return (
    <PlaygroundProvider>
      <div className="min-w-[1280px]">
        <PlaygroundHeader />
        <WorkspaceSession {...props} />
        <main className="grid grid-cols-[minmax(400px,30%)_minmax(0,1fr)] gap-5 p-5">
          <SidePanel />
          <RunArea />
        </main>
        <HelpDialog />
        <TourHost />
      </div>
    </PlaygroundProvider>
  );
}
