import type { StepKind } from "@/lib/engine/types";

/**
 * Tailwind classes per request kind, shared by the timeline and the step summary. Hues avoid the cache colours'
 * meanings (green/amber/red) so a chip is never read as a cache status.
 */
export const STEP_KIND_CLASSES: Record<StepKind, { chip: string; current: string; text: string }> = {
  search: {
    chip: "border-sky-300 bg-sky-50 text-sky-800 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-200",
    current: "bg-sky-600 text-white border-sky-600 dark:bg-sky-400 dark:text-sky-950 dark:border-sky-400",
    text: "text-sky-700 dark:text-sky-300",
  },
  load: {
    chip: "border-violet-300 bg-violet-50 text-violet-800 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-200",
    current:
      "bg-violet-600 text-white border-violet-600 dark:bg-violet-400 dark:text-violet-950 dark:border-violet-400",
    text: "text-violet-700 dark:text-violet-300",
  },
  call: {
    chip: "border-indigo-300 bg-indigo-50 text-indigo-800 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-200",
    current:
      "bg-indigo-600 text-white border-indigo-600 dark:bg-indigo-400 dark:text-indigo-950 dark:border-indigo-400",
    text: "text-indigo-700 dark:text-indigo-300",
  },
  retry: {
    chip: "border-pink-300 bg-pink-50 text-pink-800 dark:border-pink-700 dark:bg-pink-950 dark:text-pink-200",
    current: "bg-pink-600 text-white border-pink-600 dark:bg-pink-400 dark:text-pink-950 dark:border-pink-400",
    text: "text-pink-700 dark:text-pink-300",
  },
  answer: {
    chip: "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200",
    current: "bg-slate-700 text-white border-slate-700 dark:bg-slate-200 dark:text-slate-900 dark:border-slate-200",
    text: "text-slate-700 dark:text-slate-300",
  },
};
