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
        // Wraps rather than truncates: on a phone the actions move under the title, and a subtitle naming the
        // provider and model the panel's figures are for stays readable in full.
        <header className="flex min-h-12 flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b border-line px-5 py-2.5">
          <div className="min-w-0 max-w-full">
            <h2 className="text-sm font-semibold text-ink [overflow-wrap:anywhere]" data-testid="panel-title">
              {title}
            </h2>
            {subtitle ? (
              <p className="text-xs text-muted [overflow-wrap:anywhere]" data-testid="panel-subtitle">
                {subtitle}
              </p>
            ) : null}
          </div>
          {actions ? <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">{actions}</div> : null}
        </header>
      )}
      <div className={`min-h-0 flex-1 ${bodyClassName}`}>{children}</div>
    </section>
  );
}
