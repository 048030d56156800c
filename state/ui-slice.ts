import type { StateCreator } from "zustand";
import type { PlaygroundState } from "./playground-store";

export type Theme = "light" | "dark";
export type RunTab = "request" | "diff" | "response";
export type SidePanel = "catalog" | "conversation" | "settings";

export type UiSlice = {
  theme: Theme;
  runTab: RunTab;
  sidePanel: SidePanel;
  catalogFilter: string;
  helpOpen: boolean;

  setTheme(theme: Theme): void;
  setRunTab(tab: RunTab): void;
  setSidePanel(panel: SidePanel): void;
  setCatalogFilter(filter: string): void;
  setHelpOpen(open: boolean): void;
};

export const createUiSlice: StateCreator<PlaygroundState, [], [], UiSlice> = (set) => ({
  theme: "light",
  runTab: "request",
  sidePanel: "catalog",
  catalogFilter: "",
  helpOpen: false,
  setTheme: (theme) => set({ theme }),
  setRunTab: (tab) => set({ runTab: tab }),
  setSidePanel: (panel) => set({ sidePanel: panel }),
  setCatalogFilter: (filter) => set({ catalogFilter: filter }),
  setHelpOpen: (open) => set({ helpOpen: open }),
});
