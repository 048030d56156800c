import type { ReactNode } from "react";
import { panelClass } from "./control-styles";

/** A card of the run area. Its height is set by the caller so stepping never changes the layout. */
export function PanelFrame({
  title,
  subtitle,
  actions,
  testId,
  id,
  tour,
  className = "",
  bodyClassName = "",
  children,
}: {
  /** Without a title the frame has no header: for panels that carry their own headline. */
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  /** An anchor for the page's section navigation. */
  id?: string;
  /** The guided tour's name for this panel (`data-tour`, see components/tour/tour-steps.ts). */
  tour?: string;
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={`${panelClass} flex min-w-0 scroll-mt-32 flex-col ${className}`}
      data-testid={testId}
      data-tour={tour}
    >
      {title === undefined ? null : (
        <header className="flex min-h-12 items-center justify-between gap-3 border-b border-line px-5 py-2.5">
          <div className="min-w-0">
            <h2 className="truncate text-sm font-semibold text-ink">{title}</h2>
            {subtitle ? <p className="truncate text-xs text-muted">{subtitle}</p> : null}
          </div>
          {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
        </header>
      )}
      <div className={`min-h-0 flex-1 ${bodyClassName}`}>{children}</div>
    </section>
  );
}
