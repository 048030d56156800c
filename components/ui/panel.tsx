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
      <PanelHeader title={title} subtitle={subtitle} actions={actions} />
      <div className={`min-h-0 flex-1 ${padded ? "p-5" : ""}`}>{children}</div>
    </section>
  );
}

/**
 * A card's header: title, subtitle and actions. It wraps rather than truncates, so a phone shows the whole title and
 * the subtitle naming the provider and model the card's figures are for, and the actions go below. `compact` is the
 * run area's smaller type.
 */
export function PanelHeader({
  title,
  subtitle,
  actions,
  compact = false,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  compact?: boolean;
}) {
  return (
    <header className="flex min-h-12 flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b border-line px-5 py-2.5">
      <div className="min-w-0 max-w-full">
        <h2
          className={`${compact ? "text-sm" : "text-base"} font-semibold text-ink [overflow-wrap:anywhere]`}
          data-testid="panel-title"
        >
          {title}
        </h2>
        {subtitle ? (
          <p
            className={`${compact ? "text-xs" : "text-sm"} text-muted [overflow-wrap:anywhere]`}
            data-testid="panel-subtitle"
          >
            {subtitle}
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
