"use client";
import type { FirstView } from "@/lib/workbench/opening";
import { useState } from "react";
import { AutosaveStatusProvider } from "@/components/share/autosave-status";
import { PlaygroundProvider } from "@/state/playground-provider";
import { HelpDialog } from "./help-dialog";
import { startPlaygroundPage } from "./page-startup";
import { PlaygroundHeader } from "./playground-header";
import { RunArea } from "./run-area";
import { ScenarioMoney } from "./scenario-money";
import { SidePanel } from "./side-panel";
import { TourHost } from "./tour-host";
import { WorkspaceSession, type WorkspaceSessionProps } from "./workspace-session";

/**
 * The page: header, the inputs on the left, the run on the right from 1024 px up; below that the panels stack
 * (run first, then the inputs), so nothing scrolls sideways at any width from 360 px.
 */
export function Playground({ firstView, ...props }: WorkspaceSessionProps & { firstView?: FirstView | null }) {
  // The page's start-up runs as the page first renders, before the rest hydrates (./page-startup.ts).
  const [services] = useState(startPlaygroundPage);
  return (
    <PlaygroundProvider firstView={firstView} services={services}>
      <AutosaveStatusProvider>
        <ScenarioMoney>
          <div className="min-w-0">
            <PlaygroundHeader />
            <WorkspaceSession {...props} />
            <main
              data-first-view
              className="grid grid-cols-1 gap-5 p-3 sm:p-5 lg:grid-cols-[minmax(360px,30%)_minmax(0,1fr)]"
            >
              <SidePanel />
              <RunArea />
            </main>
            <HelpDialog />
            <TourHost />
          </div>
        </ScenarioMoney>
      </AutosaveStatusProvider>
    </PlaygroundProvider>
  );
}
