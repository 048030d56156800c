"use client";
/**
 * Whether an element is on screen or within `margin` of it, kept up to date as the person scrolls, and a value held
 * while it is not. A panel below the fold that redraws for every step of a long run (a chart of hundreds of SVG
 * elements at 10,000 tools: a main-thread task of 100–400 ms) takes the page's thread, and a core, from the engine
 * workers for a drawing nobody sees; held, it draws once when the run ends or as the person scrolls near it.
 */
import { type RefObject, useEffect, useState } from "react";

/** True until measured (where IntersectionObserver is missing too): a panel is never held back by a guess. */
export function useNearScreen(target: RefObject<HTMLElement | null>, margin: string): boolean {
  const [near, setNear] = useState(true);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, margin]);
  return near;
}

/** `value` while `hold` is false; while it is true, the value of the last render in which it was false. */
export function useHeldWhile<T>(value: T, hold: boolean): T {
  const [held, setHeld] = useState(value);
  const next = hold ? held : value;
  // Adjusting state while rendering (React's documented pattern for a value derived from the previous render).
  if (next !== held) setHeld(next);
  return next;
}
