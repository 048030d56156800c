"use client";
/**
 * What the guided tour wants shown inside the request body: a step about stubs points at the `load_tool_schemas`
 * result at the tail, a step about Kimi at the appended `{role: "system", tools: [...]}` message. Scrolling the page
 * to the request panel is not enough when the part described is line 3,000 of the JSON; the request viewer reads
 * this and scrolls its own text there. A tiny external store: only the tour writes it, only the viewer reads it.
 */
import { useSyncExternalStore } from "react";

export type RequestReveal = {
  /** The literal text to find in the pretty-printed request body. */
  text: string;
  /** Which match: the first, or the last (the tail of the conversation). */
  occurrence: "first" | "last";
};

let current: RequestReveal | null = null;
const listeners = new Set<() => void>();

export function setRequestReveal(reveal: RequestReveal | null): void {
  if (
    reveal === current ||
    (reveal && current && reveal.text === current.text && reveal.occurrence === current.occurrence)
  )
    return;
  current = reveal;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRequestReveal(): RequestReveal | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** The 1-based line of the wanted match in `text`, or null when it is not there. */
export function revealLine(text: string, reveal: RequestReveal): number | null {
  const at = reveal.occurrence === "first" ? text.indexOf(reveal.text) : text.lastIndexOf(reveal.text);
  if (at < 0) return null;
  let line = 1;
  for (let index = text.indexOf("\n"); index >= 0 && index < at; index = text.indexOf("\n", index + 1)) line += 1;
  return line;
}
