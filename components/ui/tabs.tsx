"use client";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export type TabItem = {
  id: string;
  label: ReactNode;
  content: ReactNode;
  testId?: string;
};

export type TabsProps = {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem[];
  /** Controlled selection; leave out for the component to keep its own. */
  selected?: string;
  defaultSelected?: string;
  onSelect?: (id: string) => void;
  /** Extra elements on the right of the tab row (toolbars). */
  actions?: ReactNode;
  className?: string;
  testId?: string;
};

/**
 * WAI-ARIA tabs with automatic activation: ←/→ move between tabs, Home/End jump, only the selected tab is in the
 * Tab order. The selected panel fills the remaining height.
 */
export function Tabs({ label, tabs, selected, defaultSelected, onSelect, actions, className = "", testId }: TabsProps) {
  const baseId = useId();
  const [ownSelected, setOwnSelected] = useState(defaultSelected ?? tabs[0]?.id);
  const current = tabs.find((tab) => tab.id === (selected ?? ownSelected)) ?? tabs[0];
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const choose = (id: string) => {
    if (selected === undefined) setOwnSelected(id);
    onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current?.id);
    const target =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : -1;
    if (target === -1) return;
    event.preventDefault();
    // Stops the page's own ←/→ stepping shortcut from firing while the tab list has focus.
    event.stopPropagation();
    choose(tabs[target].id);
    buttons.current[target]?.focus();
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div className={`flex h-full min-h-0 flex-col ${className}`} data-testid={testId}>
      <div className="flex items-center justify-between gap-3 border-b border-line px-3">
        {/* On a phone a long tab list scrolls sideways instead of widening the page (the lab has six tabs); the
            padding keeps the selected tab's underline, which overlaps the border below by a pixel, unclipped. */}
        <div
          role="tablist"
          aria-label={label}
          className="flex min-w-0 gap-1 max-md:overflow-x-auto max-md:overflow-y-hidden max-md:pb-px"
          onKeyDown={onKeyDown}
        >
          {tabs.map((tab, index) => {
            const isSelected = tab.id === current?.id;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                role="tab"
                id={tabId(tab.id)}
                aria-selected={isSelected}
                aria-controls={panelId(tab.id)}
                tabIndex={isSelected ? 0 : -1}
                data-testid={tab.testId}
                onClick={() => choose(tab.id)}
                className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  isSelected ? "border-accent text-accent" : "border-transparent text-muted hover:text-ink"
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2 py-1.5">{actions}</div> : null}
      </div>
      {current ? (
        <div role="tabpanel" id={panelId(current.id)} aria-labelledby={tabId(current.id)} className="min-h-0 flex-1">
          {current.content}
        </div>
      ) : null}
    </div>
  );
}
