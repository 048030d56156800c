import type { ReactNode } from "react";

export type PanelProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right of the header. */
  actions?: ReactNode;
  testId?: string;
  /** Set the height here (e.g. `h-[320px]`) so content changes never move the layout. */
  className?: string;
  /** Padding inside the body (default on). */
  padded?: boolean;
  children: ReactNode;
};

/** A titled card: header with title, subtitle and actions, and a body that fills the rest. */
export function Panel({ title, subtitle, actions, testId, className = "", padded = true, children }: PanelProps) {
  return (
    <section
      className={`flex min-w-0 flex-col rounded-2xl border border-line bg-panel shadow-sm ${className}`}
      data-testid={testId}
    >
      <header className="flex min-h-12 items-center justify-between gap-3 border-b border-line px-5 py-2.5">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-ink">{title}</h2>
          {subtitle ? <p className="truncate text-sm text-muted">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </header>
      <div className={`min-h-0 flex-1 ${padded ? "p-5" : ""}`}>{children}</div>
    </section>
  );
}
