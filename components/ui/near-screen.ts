"use client";
/**
 * Whether an element is on screen or within `margin` of it, kept up to date as the person scrolls, and a value held
 * while it is not. A panel below the fold that redraws for every step of a long run (a chart of hundreds of SVG
 * elements at 10,000 tools: a main-thread task of 100–400 ms) takes the page's thread, and a core, from the engine
 * workers for a drawing nobody sees; held, it draws once when the run ends or as the person scrolls near it.
 */
import { type RefObject, useEffect, useState } from "react";

/**
 * Null until the browser has measured (and where IntersectionObserver is missing): callers decide what an unknown
 * place means, so a panel is never held back, nor started early, by a guess. One observer per element and margin;
 * the run area's charts and the decide views read theirs here.
 */
export function useNearScreen(target: RefObject<HTMLElement | null>, margin: string): boolean | null {
  const [near, setNear] = useState<boolean | null>(null);
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

/** False until `value` is first true, then true for good (a one-way start: "has come near the screen"). */
export function useLatched(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  // Adjusting state while rendering, as in useHeldWhile.
  if (value && !latched) setLatched(true);
  return latched || value;
}
