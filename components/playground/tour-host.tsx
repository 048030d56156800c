"use client";
/**
 * The guided tour on the playground: each step may open the tour's example, select the strategy it talks about and
 * move to the first request of a kind (the call right after a discovery, say). Those moves wait for the run they
 * need, so a step never points at the previous example's requests.
 *
 * The tour never replaces the person's work: before its first step changes anything, the workspace on screen is
 * held here and autosave pauses (`tourWorkspace`); when the tour ends, however it ends, that workspace comes back
 * exactly as it was (scenario, strategy and step). A reload in the middle of the tour finds the autosave untouched.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { GuidedTour } from "@/components/tour/guided-tour";
import type { TourStep } from "@/components/tour/tour-steps";
import { setRequestReveal } from "@/components/tour/request-reveal";
import { storyStepIndex } from "@/components/tour/story-step";
import { workspaceSnapshot } from "@/components/share/workspace-snapshot";
import { tourFigures } from "@/lib/view/tour-figures";
import { TOUR_EXAMPLE_ID } from "@/components/tour/tour-steps";
import type { SharedWorkspace } from "@/lib/share";
import type { PlaygroundState } from "@/state/playground-store";
import type { RunTab } from "@/state/ui-slice";
import { usePlayground, usePlaygroundController, usePlaygroundStore } from "@/state/playground-provider";

/** Longest a step waits for its story to be on screen before it is shown anyway. */
const STORY_WAIT_MS = 6_000;

export function TourHost() {
  const open = usePlayground((state) => state.tourOpen);
  const setTourOpen = usePlayground((state) => state.setTourOpen);
  const controller = usePlaygroundController();
  const store = usePlaygroundStore();
  // The story still waiting for its run: applied by the subscription below once the run is there.
  // `staleRun` is the run on screen when an example was opened: its steps belong to the previous example.
  const pending = useRef<{ story: TourStep["story"]; staleRun: number | null | undefined } | null>(null);
  // The person's workspace from before the tour opened its first example; null when the tour has not replaced it.
  const heldWork = useRef<{ workspace: SharedWorkspace; catalogText: string } | null>(null);
  // The example the tour is opening: the held work comes back only after it, or the example would land on top.
  const openingExample = useRef<Promise<void> | null>(null);
  // The request view the person had open before a step switched to the request body; it comes back at the end.
  const heldRunTab = useRef<RunTab | null>(null);

  // False from a step's start until its story is on screen (example, strategy, request): the step's words and
  // spotlight wait for it. A story the page cannot reach stops the wait after STORY_WAIT_MS.
  const [storyShown, setStoryShown] = useState(true);
  const storyTimer = useRef<number | null>(null);
  const storyDone = useCallback(() => {
    if (storyTimer.current !== null) window.clearTimeout(storyTimer.current);
    storyTimer.current = null;
    setStoryShown(true);
  }, []);
  useEffect(
    () => () => {
      if (storyTimer.current !== null) window.clearTimeout(storyTimer.current);
    },
    [],
  );

  const applyWhenReady = useCallback(
    (state: PlaygroundState) => {
      if (!pending.current) return;
      const { story, staleRun } = pending.current;
      const index = storyStepIndex(story, { ...state, exampleId: state.scenarioMeta.id }, staleRun);
      if (index === null) return;
      pending.current = null;
      if (index !== undefined) state.selectStep(index);
      storyDone();
    },
    [storyDone],
  );

  useEffect(() => store.subscribe((state) => applyWhenReady(state)), [store, applyWhenReady]);

  const onStep = useCallback(
    (step: TourStep) => {
      const { story } = step;
      const state = store.getState();
      const opening = Boolean(story.exampleId && state.scenarioMeta.id !== story.exampleId);
      pending.current = { story, staleRun: opening ? state.runRequestId : undefined };
      setStoryShown(false);
      if (storyTimer.current !== null) window.clearTimeout(storyTimer.current);
      storyTimer.current = window.setTimeout(storyDone, STORY_WAIT_MS);
      if (!state.tourWorkspace) {
        // The editor's text too: it may be unfinished (not yet a valid catalog) and is part of the work.
        heldWork.current =
          state.catalogVersion === 0 ? null : { workspace: workspaceSnapshot(state), catalogText: state.catalogText };
        state.setTourWorkspace(true);
      }
      if (story.strategyId) state.selectStrategy(story.strategyId);
      // A step about a part of the request shows the request, scrolled to that part.
      setRequestReveal(story.reveal ?? null);
      if (story.reveal && state.runTab !== "request") {
        heldRunTab.current ??= state.runTab;
        state.setRunTab("request");
      }
      if (opening && story.exampleId && controller) openingExample.current = controller.openExample(story.exampleId);
      else applyWhenReady(store.getState());
    },
    [controller, store, applyWhenReady, storyDone],
  );

  const onClose = useCallback(() => {
    pending.current = null;
    storyDone();
    setTourOpen(false);
    setRequestReveal(null);
    if (heldRunTab.current) store.getState().setRunTab(heldRunTab.current);
    heldRunTab.current = null;
    const held = heldWork.current;
    heldWork.current = null;
    void Promise.resolve(openingExample.current).then(() => {
      openingExample.current = null;
      if (held && controller) {
        controller.openWorkspace(held.workspace);
        if (store.getState().catalogText !== held.catalogText) store.getState().editCatalogText(held.catalogText);
      }
      store.getState().setTourWorkspace(false);
    });
  }, [setTourOpen, controller, store, storyDone]);

  // The figures a step states come from the tour's own example, once its runs are on screen (never the previous
  // example's: its runs stay on screen until the new ones arrive).
  const onTourExample = usePlayground((state) => state.scenarioMeta.id === TOUR_EXAMPLE_ID && !state.running);
  const runs = usePlayground((state) => state.runs);
  const toolCount = usePlayground((state) => state.lastValidCatalog.tools.length);
  const strategyId = usePlayground((state) => state.strategyId);
  const stepIndex = usePlayground((state) => state.stepIndex);
  const figures = useMemo(
    () => (open && onTourExample ? tourFigures(runs, toolCount, { strategyId, stepIndex }) : null),
    [open, onTourExample, runs, toolCount, strategyId, stepIndex],
  );

  // Until the tour's example is on screen with its runs, the step waits (GuidedTour's `waiting`): the card it points
  // at would still show the previous example, or "Step 0 of 0" while the new one runs.
  const waiting = open && (!storyShown || !(onTourExample && runs.length > 0));
  return <GuidedTour open={open} onClose={onClose} onStep={onStep} figures={figures} waiting={waiting} />;
}
