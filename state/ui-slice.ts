import type { StateCreator } from "zustand";
import type { InputProblem } from "@/lib/catalog/types";
import type { PlaygroundState } from "./playground-store";

export type Theme = "light" | "dark";
export type RunTab = "request" | "diff" | "response";
export type SidePanel = "catalog" | "conversation" | "settings";
/** The header's workspace dialogs; at most one is open. */
export type WorkspaceDialog = "share" | "import" | "trace" | "saved" | "export";
/** A message about the workspace as a whole: a link that did not open, work kept aside, an import's warnings. */
export type WorkspaceNotice = { kind: "error" | "info"; message: string; problems?: InputProblem[] };
/** Where the autosave stands, as the header shows it. */
export type AutosaveView =
  | { state: "idle" | "pending" }
  | { state: "saved"; savedAt: number; bytes: number }
  | { state: "error"; message: string };
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
  autosave: AutosaveView;
  runMode: RunMode;

  setTheme(theme: Theme): void;
  setRunTab(tab: RunTab): void;
  setSidePanel(panel: SidePanel): void;
  setCatalogFilter(filter: string): void;
  setHelpOpen(open: boolean): void;
  /** Starting the tour closes the help dialog it is started from. */
  setTourOpen(open: boolean): void;
  setOpenDialog(dialog: WorkspaceDialog | null): void;
  setWorkspaceNotice(notice: WorkspaceNotice | null): void;
  setAutosave(view: AutosaveView): void;
  setRunMode(mode: RunMode): void;
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
  autosave: { state: "idle" },
  runMode: "simulated",
  setTheme: (theme) => set({ theme }),
  setRunTab: (tab) => set({ runTab: tab }),
  setSidePanel: (panel) => set({ sidePanel: panel }),
  setCatalogFilter: (filter) => set({ catalogFilter: filter }),
  setHelpOpen: (open) => set({ helpOpen: open }),
  setTourOpen: (open) => set(open ? { tourOpen: true, helpOpen: false } : { tourOpen: false }),
  setOpenDialog: (dialog) => set({ openDialog: dialog }),
  setWorkspaceNotice: (notice) => set({ workspaceNotice: notice }),
  setAutosave: (view) => set({ autosave: view }),
  setRunMode: (mode) => set({ runMode: mode }),
});
