import type { ReactNode } from "react";
import { PanelHeader } from "@/components/ui/panel";
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
      className={`${panelClass} flex min-w-0 scroll-below-bars flex-col ${className}`}
      data-testid={testId}
      data-tour={tour}
    >
      {title === undefined ? null : <PanelHeader title={title} subtitle={subtitle} actions={actions} compact />}
      <div className={`min-h-0 flex-1 ${bodyClassName}`}>{children}</div>
    </section>
  );
}
