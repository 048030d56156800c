"use client";
import { useId, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from "react";

/** Props the trigger must spread so the tooltip opens on hover and focus and is announced. */
export type TooltipTriggerProps = {
  "aria-describedby": string;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: (event: FocusEvent) => void;
  onBlur: (event: FocusEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
};

export type TooltipProps = {
  content: ReactNode;
  /** Renders the trigger with the props it must carry. */
  children: (trigger: TooltipTriggerProps) => ReactNode;
  side?: "top" | "bottom";
  /** Width class of the bubble. */
  widthClass?: string;
  testId?: string;
};

/**
 * A hover-and-focus tooltip (WCAG 1.4.13: dismissable with Escape, stays while hovered). The bubble is always in
 * the DOM, not displayed when closed (so a closed bubble never widens a phone-sized page), and `aria-describedby`
 * always points at real text.
 */
export function Tooltip({ content, children, side = "top", widthClass = "w-72", testId }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const trigger: TooltipTriggerProps = {
    "aria-describedby": id,
    onMouseEnter: () => setOpen(true),
    onMouseLeave: () => setOpen(false),
    onFocus: () => setOpen(true),
    onBlur: () => setOpen(false),
    onKeyDown: (event) => {
      if (event.key === "Escape") setOpen(false);
    },
  };
  const position = side === "top" ? "bottom-full mb-2" : "top-full mt-2";
  return (
    <span className="relative inline-block" onMouseLeave={() => setOpen(false)}>
      {children(trigger)}
      <span
        role="tooltip"
        id={id}
        data-testid={testId}
        className={`${open ? "block" : "hidden"} absolute left-1/2 z-30 -translate-x-1/2 ${position} ${widthClass} max-w-[calc(100vw-1.5rem)] rounded-lg border border-line bg-panel px-3 py-2 text-left text-sm font-normal normal-case leading-snug tracking-normal text-ink shadow-lg transition-opacity`}
      >
        {content}
      </span>
    </span>
  );
}
