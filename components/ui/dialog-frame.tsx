"use client";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslations } from "use-intl";

export type DialogFrameProps = {
  open: boolean;
  onClose(): void;
  title: string;
  testId: string;
  /** Tailwind width, e.g. `max-w-2xl`. */
  width?: string;
  /** Classes of the body under the title bar (default: padded, scrolls). */
  bodyClassName?: string;
  children: ReactNode;
};

/** A native modal <dialog> (focus trap, Escape and backdrop for free) with a title bar. */
export function DialogFrame({
  open,
  onClose,
  title,
  testId,
  width = "max-w-2xl",
  bodyClassName = "min-h-0 overflow-auto px-6 py-5",
  children,
}: DialogFrameProps) {
  const t = useTranslations("ui");
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const titleId = `${testId}-title`;
  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby={titleId}
      data-testid={testId}
      className={`m-auto w-[calc(100vw-2rem)] ${width} rounded-2xl border border-line bg-panel p-0 text-ink shadow-2xl backdrop:bg-black/40`}
    >
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <header className="flex items-center justify-between gap-3 border-b border-line px-6 py-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={t("close")}
              className="rounded-md px-2 py-1 text-muted hover:bg-panel-muted hover:text-ink"
            >
              ✕
            </button>
          </header>
          <div className={bodyClassName}>{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
