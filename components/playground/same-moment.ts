"use client";
/**
 * Switching strategy keeps the moment, not the step number: step 5 is a turn-2 call in one strategy and a turn-3
 * search in another. The new strategy opens on the same turn and the same kind of request when it has one, else
 * on the first request of that turn.
 */
import { useCallback } from "react";
import type { StrategyId } from "@/lib/core/ids";
import { usePlaygroundStore } from "@/state/playground-provider";
import { selectCurrentStep } from "@/state/selectors";

type StepLike = { turn: number; kind: string };

/** The index in `target` of the request matching `current` (same turn and kind, else same turn), or null. */
export function sameMomentIndex(current: StepLike | undefined, target: readonly StepLike[]): number | null {
  if (!current || target.length === 0) return null;
  const sameKind = target.findIndex((step) => step.turn === current.turn && step.kind === current.kind);
  if (sameKind >= 0) return sameKind;
  const sameTurn = target.findIndex((step) => step.turn === current.turn);
  if (sameTurn >= 0) return sameTurn;
  // A turn the other strategy never reached: its last request.
  return target.length - 1;
}

export function useSelectStrategyKeepingMoment(): (id: StrategyId) => void {
  const store = usePlaygroundStore();
  return useCallback(
    (id: StrategyId) => {
      const state = store.getState();
      const current = selectCurrentStep(state);
      const target = state.runs.find((run) => run.id === id);
      state.selectStrategy(id);
      const index = target ? sameMomentIndex(current, target.steps) : null;
      if (index !== null) store.getState().selectStep(index);
    },
    [store],
  );
}
