"use client";
import { useEffect, useEffectEvent } from "react";

/** Inputs whose arrow keys move a caret or a value; checkboxes, buttons and the like leave ←/→ to the stepper. */
const ARROW_INPUT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", "number", "range", "date"]);

/**
 * True when a key press belongs to what has focus (a text field, an editor, a radio group, a dialog) rather than to
 * the stepper. A closed <select> is not one: after picking a strategy with the mouse, focus stays on the picker
 * and ←/→ must still step (↑/↓ keep changing the picker's value, as the platform does).
 */
export function isTypingTarget(target: EventTarget | null, key = ""): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest(".monaco-editor, [role=combobox], [role=listbox], [role=radiogroup], dialog")) return true;
  if (target.tagName === "SELECT") return key !== "ArrowLeft" && key !== "ArrowRight";
  if (target.tagName === "INPUT") return ARROW_INPUT_TYPES.has((target as HTMLInputElement).type || "text");
  return target.tagName === "TEXTAREA";
}

/** ←/→ step, Home/End jump, anywhere on the page except while typing. */
export function useStepKeys(handlers: { previous(): void; next(): void; first(): void; last(): void }) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (
      event.defaultPrevented ||
      event.altKey ||
      event.ctrlKey ||
      event.metaKey ||
      isTypingTarget(event.target, event.key)
    )
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
