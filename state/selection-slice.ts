import type { StateCreator } from "zustand";
import type { StrategyId } from "@/lib/core/ids";
import { DEFAULT_STRATEGY_ID } from "@/lib/workbench/opening";
import type { PlaygroundState } from "./playground-store";

export type SelectionSlice = {
  strategyId: StrategyId;
  /** The step the person chose; selectors clamp it to the selected run's length. */
  stepIndex: number;
  selectedTool: string | null;

  selectStrategy(id: StrategyId): void;
  selectStep(index: number): void;
  selectTool(name: string | null): void;
};

export const createSelectionSlice: StateCreator<PlaygroundState, [], [], SelectionSlice> = (set) => ({
  // A deliberate mention: an example opened by name (`?example=`) starts on the anti-pattern, whose rewritten
  // `tools` shows at once what the other strategies avoid (a first visit picks the baseline instead, at startup;
  // lib/workbench/opening.ts).
  strategyId: DEFAULT_STRATEGY_ID,
  stepIndex: 0,
  selectedTool: null,
  selectStrategy: (id) => set({ strategyId: id }),
  selectStep: (index) => set({ stepIndex: Math.max(0, index) }),
  selectTool: (name) => set({ selectedTool: name }),
});
