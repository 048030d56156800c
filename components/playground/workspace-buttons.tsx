"use client";
/** The header's workspace controls: a Scenario menu (import, saved scenarios, export), Share, and the autosave state. */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { useAutosaveStatusSource, useAutosaveView } from "@/components/share/autosave-status";
import { usePlayground } from "@/state/playground-provider";
import type { WorkspaceDialog } from "@/state/ui-slice";
import { buttonClass, primaryButtonClass } from "./control-styles";

/** The menu's width: 18 rem, or the viewport less a margin on each side on a narrower screen. */
const MENU_WIDTH_PX = 288;
const MENU_MARGIN_PX = 8;

/**
 * Where the menu's left edge goes, relative to its button, so the whole menu is on screen: right-aligned under the
 * button where there is room, else moved right until its left edge is inside the viewport (on a phone the button
 * sits at the left of a wrapped row, and a right-aligned menu opened off the left edge).
 */
export function menuOffset(
  button: { left: number; right: number },
  viewportWidth: number,
): { left: number; width: number } {
  const width = Math.min(MENU_WIDTH_PX, viewportWidth - 2 * MENU_MARGIN_PX);
  const wanted = button.right - width;
  const left = Math.min(Math.max(wanted, MENU_MARGIN_PX), viewportWidth - MENU_MARGIN_PX - width);
  return { left: left - button.left, width };
}

/** Named by lib/i18n's playground.menu.<dialog>. */
const MENU_ITEMS: ReadonlyArray<{ dialog: Extract<WorkspaceDialog, "import" | "trace" | "saved" | "export"> }> = [
  { dialog: "import" },
  { dialog: "trace" },
  { dialog: "saved" },
  { dialog: "export" },
];

export function WorkspaceButtons() {
  const t = useTranslations("playground.menu");
  const setOpenDialog = usePlayground((state) => state.setOpenDialog);
  const ready = usePlayground((state) => state.catalogVersion > 0);
  const [menuOpen, setMenuOpen] = useState(false);
  const [placement, setPlacement] = useState<{ left: number; width: number } | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    if (!menuOpen) return;
    const place = () => {
      const rect = buttonRef.current?.getBoundingClientRect();
      if (rect) setPlacement(menuOffset(rect, document.documentElement.clientWidth));
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [menuOpen]);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [menuOpen]);

  function choose(dialog: WorkspaceDialog) {
    setMenuOpen(false);
    setOpenDialog(dialog);
  }

  return (
    <>
      <div
        ref={menuRef}
        className="relative"
        onKeyDown={(event) => {
          if (event.key === "Escape") setMenuOpen(false);
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            // Arrow keys move between the items, as in any menu.
            const items = [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
            const current = items.indexOf(document.activeElement as HTMLButtonElement);
            const next = (current + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
            items[next]?.focus();
            event.preventDefault();
          }
        }}
      >
        <button
          ref={buttonRef}
          type="button"
          className={buttonClass}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          data-testid="scenario-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t("scenario")}
          <svg aria-hidden viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
            <path d="M5 7l5 6 5-6z" />
          </svg>
        </button>
        {menuOpen ? (
          <div
            role="menu"
            aria-label={t("scenario")}
            className="absolute top-11 z-50 rounded-xl border border-line bg-panel p-1.5 shadow-xl"
            style={placement ? { left: placement.left, width: placement.width } : { right: 0, width: MENU_WIDTH_PX }}
            data-testid="scenario-menu-list"
          >
            {MENU_ITEMS.map((item) => (
              <button
                key={item.dialog}
                type="button"
                role="menuitem"
                className="flex w-full flex-col items-start rounded-lg px-3 py-2 text-left hover:bg-accent-soft focus-visible:bg-accent-soft focus-visible:outline-none"
                data-testid={`menu-${item.dialog}`}
                onClick={() => choose(item.dialog)}
              >
                <span className="text-sm font-medium text-ink">{t(`${item.dialog}.label`)}</span>
                <span className="text-xs text-muted">{t(`${item.dialog}.hint`)}</span>
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className={primaryButtonClass}
        data-testid="share-open"
        disabled={!ready}
        onClick={() => setOpenDialog("share")}
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" />
          <path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
        </svg>
        {t("share")}
      </button>
    </>
  );
}

/** "Saved in this browser", or why it could not be: shown under the scenario's title. */
export function AutosaveState() {
  const autosave = useAutosaveView(useAutosaveStatusSource());
  const t = useTranslations("playground.autosave");
  if (autosave.state === "idle") return null;
  const text =
    autosave.state === "pending"
      ? autosave.afterRun
        ? t("savingAfterRun")
        : t("saving")
      : autosave.state === "saved"
        ? t("saved")
        : autosave.state === "error" && autosave.code === "unavailable"
          ? t("blocked")
          : autosave.state === "error" && autosave.code === "quota"
            ? t("full")
            : t("notSaved");
  return (
    <span
      className={autosave.state === "error" ? "text-danger" : ""}
      data-testid="autosave-status"
      data-state={autosave.state}
      title={autosave.state === "error" ? autosave.message : undefined}
    >
      {" · "}
      {text}
    </span>
  );
}
