"use client";
import { useCallback, useState } from "react";
import type { GuidedTourProps } from "./guided-tour";

/**
 * The tour's open state for a page that has no store slice for it: `startTour()` for the help menu, and the props to
 * spread on <GuidedTour>. A store can hold `open` instead and pass it as the controlled prop.
 */
export function useGuidedTour(onStep?: GuidedTourProps["onStep"]) {
  const [open, setOpen] = useState(false);
  const startTour = useCallback(() => setOpen(true), []);
  const onClose = useCallback<GuidedTourProps["onClose"]>(() => setOpen(false), []);
  return { open, startTour, tourProps: { open, onClose, onStep } satisfies GuidedTourProps };
}
