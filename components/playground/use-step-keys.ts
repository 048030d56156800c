"use client";
import { useEffect, useEffectEvent } from "react";

/** True when a key press belongs to what has focus (an input, a select, an editor) rather than to the stepper. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest(".monaco-editor, [role=combobox], [role=listbox], [role=radiogroup], dialog")) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** ←/→ step, Home/End jump, anywhere on the page except while typing. */
export function useStepKeys(handlers: { previous(): void; next(): void; first(): void; last(): void }) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target))
      return;
    const action = {
      ArrowLeft: handlers.previous,
      ArrowRight: handlers.next,
      Home: handlers.first,
      End: handlers.last,
    }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}
