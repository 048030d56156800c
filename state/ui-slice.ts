import type { StateCreator } from "zustand";
import type { InputProblem } from "@/lib/core/catalog";
import type { Scenario } from "@/lib/scenario/types";
import type { PlaygroundState } from "./playground-store";

export type Theme = "light" | "dark";
export type RunTab = "request" | "diff" | "response";
export type SidePanel = "catalog" | "conversation" | "settings";
/** The header's workspace dialogs; at most one is open. */
export type WorkspaceDialog = "share" | "import" | "trace" | "saved" | "export";
/** A button of a notice: the choice the notice asks for ("Open the link anyway", "Keep my work"). */
export type NoticeAction = { label: string; run(): void; primary?: boolean };
/**
 * A message about the workspace as a whole: a link that did not open, work kept aside, an import's warnings. With
 * `actions` it asks before the page does something that would lose work.
 */
export type WorkspaceNotice = {
  kind: "error" | "info";
  message: string;
  problems?: InputProblem[];
  actions?: NoticeAction[];
  /** Overrides the banner's test id (e.g. "storage-blocked"). */
  testId?: string;
};
/**
 * The example the work on screen came from, as it was loaded (the engine worker's copy when the page opened it), so
 * an "edited" marker can compare (`serializesEqual`). Null for work that did not come from an example (an import, a
 * stranger's link) or while it is being loaded.
 */
export type ExampleOrigin = { exampleId: string; scenario: Scenario };
/** "live": the run area drives the real provider (issue: live mode) instead of showing the simulated run. */
export type RunMode = "simulated" | "live";

export type UiSlice = {
  theme: Theme;
  runTab: RunTab;
  sidePanel: SidePanel;
  catalogFilter: string;
  helpOpen: boolean;
  tourOpen: boolean;
  openDialog: WorkspaceDialog | null;
  workspaceNotice: WorkspaceNotice | null;
  runMode: RunMode;
  exampleOrigin: ExampleOrigin | null;
  /**
   * True while the guided tour shows its own examples: autosave pauses and the work from before the tour comes back
   * when it ends, so the tour never replaces or saves over what the person made.
   */
  tourWorkspace: boolean;

  setTheme(theme: Theme): void;
  setRunTab(tab: RunTab): void;
  setSidePanel(panel: SidePanel): void;
  setCatalogFilter(filter: string): void;
  setHelpOpen(open: boolean): void;
  /** Starting the tour closes the help dialog it is started from. */
  setTourOpen(open: boolean): void;
  setOpenDialog(dialog: WorkspaceDialog | null): void;
  setWorkspaceNotice(notice: WorkspaceNotice | null): void;
  setRunMode(mode: RunMode): void;
  setExampleOrigin(origin: ExampleOrigin | null): void;
  setTourWorkspace(active: boolean): void;
};

export const createUiSlice: StateCreator<PlaygroundState, [], [], UiSlice> = (set) => ({
  theme: "light",
  runTab: "request",
  sidePanel: "catalog",
  catalogFilter: "",
  helpOpen: false,
  tourOpen: false,
  openDialog: null,
  workspaceNotice: null,
  runMode: "simulated",
  exampleOrigin: null,
  tourWorkspace: false,
  setTheme: (theme) => set({ theme }),
  setRunTab: (tab) => set({ runTab: tab }),
  setSidePanel: (panel) => set({ sidePanel: panel }),
  setCatalogFilter: (filter) => set({ catalogFilter: filter }),
  setHelpOpen: (open) => set({ helpOpen: open }),
  setTourOpen: (open) => set(open ? { tourOpen: true, helpOpen: false } : { tourOpen: false }),
  setOpenDialog: (dialog) => set({ openDialog: dialog }),
  setWorkspaceNotice: (notice) => set({ workspaceNotice: notice }),
  setRunMode: (mode) => set({ runMode: mode }),
  setExampleOrigin: (origin) => set({ exampleOrigin: origin }),
  setTourWorkspace: (active) => set({ tourWorkspace: active }),
});
