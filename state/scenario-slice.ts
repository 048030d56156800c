import type { StateCreator } from "zustand";
import type { Catalog, CatalogTool } from "@/lib/core/catalog";
import type { ScenarioSettings, ScenarioTurn } from "@/lib/scenario/types";
import type { OmittedTools } from "@/lib/workbench/opening";
import type { PlaygroundState } from "./playground-store";

export type ScenarioMeta = { id: string; title: string; description?: string };

export type ScenarioSlice = {
  scenarioMeta: ScenarioMeta;
  /** The text of the whole-catalog editor, exactly as typed (it may be invalid). */
  catalogText: string;
  /** The catalog every other panel and the engine use; bad text never replaces it. */
  lastValidCatalog: Catalog;
  /** The worker's id of `lastValidCatalog`; 0 while the worker holds none. */
  catalogVersion: number;
  /**
   * The tools of the scenario on screen are still on their way from the worker: a big example's build-time first
   * screen comes without them (lib/workbench/opening.ts). Null once any catalog is in place.
   */
  catalogArriving: OmittedTools | null;
  /** Per-tool editor text for catalogs too big for the whole-catalog editor. */
  toolDraft: { toolName: string; text: string } | null;
  turns: ScenarioTurn[];
  settings: ScenarioSettings;
  /** Run every strategy on the chosen provider (refusing impossible ones) instead of moving it to one that works. */
  forceProvider: boolean;

  loadScenario(input: {
    meta: ScenarioMeta;
    catalog: Catalog;
    catalogVersion: number;
    catalogText: string;
    turns: ScenarioTurn[];
    settings: ScenarioSettings;
  }): void;
  editCatalogText(text: string): void;
  adoptCatalog(catalog: Catalog, catalogVersion: number): void;
  editToolDraft(toolName: string, text: string): void;
  replaceTool(index: number, tool: CatalogTool, catalogVersion: number): void;
  addTurn(turn?: ScenarioTurn): void;
  removeTurn(index: number): void;
  moveTurn(index: number, offset: -1 | 1): void;
  updateTurn(index: number, patch: Partial<ScenarioTurn>): void;
  updateSettings(patch: Partial<ScenarioSettings>): void;
  /**
   * A turn's identity for React keys (turns have no ids): the same turn object always has the same key, and an
   * edited turn (`updateTurn` makes a new object) keeps the key of the turn it replaces. `selectTurnKeys` reads it.
   */
  turnKey(turn: ScenarioTurn): string;
  setForceProvider(force: boolean): void;
};

export function createScenarioSlice(defaults: {
  settings: ScenarioSettings;
}): StateCreator<PlaygroundState, [], [], ScenarioSlice> {
  // Per store, never module-wide: two pages (or two tests) never share keys.
  const turnKeys = new WeakMap<ScenarioTurn, string>();
  let nextTurnKey = 1;
  const turnKey = (turn: ScenarioTurn): string => {
    let key = turnKeys.get(turn);
    if (key === undefined) {
      key = `turn-${nextTurnKey++}`;
      turnKeys.set(turn, key);
    }
    return key;
  };
  return (set) => ({
    scenarioMeta: { id: "empty", title: "Loading…" },
    catalogText: "",
    lastValidCatalog: { tools: [] },
    catalogVersion: 0,
    catalogArriving: null,
    toolDraft: null,
    turns: [],
    settings: defaults.settings,
    forceProvider: false,

    loadScenario: (input) =>
      set({
        scenarioMeta: input.meta,
        catalogText: input.catalogText,
        lastValidCatalog: input.catalog,
        catalogVersion: input.catalogVersion,
        catalogArriving: null,
        toolDraft: null,
        turns: input.turns,
        settings: input.settings,
      }),
    editCatalogText: (text) => set({ catalogText: text }),
    adoptCatalog: (catalog, catalogVersion) =>
      set({ lastValidCatalog: catalog, catalogVersion, catalogArriving: null }),
    editToolDraft: (toolName, text) => set({ toolDraft: { toolName, text } }),
    replaceTool: (index, tool, catalogVersion) =>
      set((state) => {
        const tools = state.lastValidCatalog.tools.slice();
        tools[index] = tool;
        return { lastValidCatalog: { ...state.lastValidCatalog, tools }, catalogVersion };
      }),
    addTurn: (turn) => set((state) => ({ turns: [...state.turns, turn ?? { user: "", needs: [] }] })),
    removeTurn: (index) => set((state) => ({ turns: state.turns.filter((_, position) => position !== index) })),
    moveTurn: (index, offset) =>
      set((state) => {
        const target = index + offset;
        if (target < 0 || target >= state.turns.length) return {};
        const turns = state.turns.slice();
        [turns[index], turns[target]] = [turns[target], turns[index]];
        return { turns };
      }),
    updateTurn: (index, patch) =>
      set((state) => ({
        turns: state.turns.map((turn, position) => {
          if (position !== index) return turn;
          const edited = { ...turn, ...patch };
          turnKeys.set(edited, turnKey(turn));
          return edited;
        }),
      })),
    updateSettings: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
    setForceProvider: (force) => set({ forceProvider: force }),
    turnKey,
  });
}
