import type { ReactNode } from "react";
import { useTranslations } from "use-intl";

/** One setting: its label, the control, and a one-line explanation of what it changes and for which strategies. */
export function SettingRow({
  label,
  explanation,
  appliesTo,
  badge,
  children,
  htmlFor,
}: {
  label: ReactNode;
  explanation: string;
  appliesTo?: string;
  badge?: ReactNode;
  htmlFor?: string;
  children: ReactNode;
}) {
  const t = useTranslations("settings");
  // The text column keeps a reading width: Chinese breaks between any two characters, so its min-content is one
  // character, and a wide control would squeeze it into a column of single characters.
  return (
    <div className="grid grid-cols-[minmax(min(12rem,55%),1fr)_auto] items-start gap-x-4 gap-y-1 border-b border-line py-3 last:border-b-0">
      <div className="min-w-0" data-testid="setting-row-text">
        <label htmlFor={htmlFor} className="flex items-center gap-2 text-sm font-medium text-ink">
          {label}
          {badge}
        </label>
        <p className="mt-0.5 text-xs leading-snug text-muted">{explanation}</p>
        {appliesTo ? <p className="mt-0.5 text-[11px] text-muted">{t("row.appliesTo", { appliesTo })}</p> : null}
      </div>
      <div className="min-w-0 pt-0.5 [overflow-wrap:anywhere]">{children}</div>
    </div>
  );
}

export function ConfidenceBadge({ confidence }: { confidence: "documented" | "secondary" | "unconfirmed" }) {
  const t = useTranslations("settings");
  if (confidence === "documented") return null;
  const unconfirmed = confidence === "unconfirmed";
  return (
    <span
      className={`whitespace-nowrap rounded px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wide ${unconfirmed ? "bg-warning-soft text-warning" : "bg-panel-muted text-muted"}`}
      data-testid={unconfirmed ? "unconfirmed-badge" : "secondary-badge"}
      title={unconfirmed ? t("badge.unconfirmedTitle") : t("badge.secondaryTitle")}
    >
      {unconfirmed ? t("badge.unconfirmed") : t("badge.secondary")}
    </span>
  );
}
