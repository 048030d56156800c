"use client";
/**
 * Whether the run in progress has taken long enough to say so: only after 300 ms, so a quick run (an edit of a small
 * catalog) never flickers a label or a banner in and out.
 */
import { useEffect, useState } from "react";
import { usePlayground } from "@/state/playground-provider";

const SHOW_PROGRESS_AFTER_MS = 300;

export function useSlowRun(): boolean {
  const running = usePlayground((state) => state.running);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setSlow(true), SHOW_PROGRESS_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [running]);
  return running && slow;
}
