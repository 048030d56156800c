"use client";
import { useTranslations } from "use-intl";
/** Retention and delete, and what the store says about itself (a full or read-only store holds pairs in memory). */
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

export type TapHealthView = { open: boolean; pending: number; dropped: number; lastError: string | null };

export type TapSettingsProps = {
  retentionDays: number | null;
  health: TapHealthView | null;
  sessionId: string | null;
  onRetention(days: number): void;
  onDelete(target: string | "all"): void;
};

export function TapSettings({ retentionDays, health, sessionId, onRetention, onDelete }: TapSettingsProps) {
  const t = useTranslations("tap");
  const [days, setDays] = useState(String(retentionDays ?? 30));
  useEffect(() => {
    if (retentionDays !== null) setDays(String(retentionDays));
  }, [retentionDays]);
  const parsed = Number(days);
  const valid = Number.isInteger(parsed) && parsed >= 1 && parsed <= 3650;
  return (
    <section className="space-y-2" data-testid="tap-settings">
      <h2 className="text-sm font-semibold">{t("settings.title")}</h2>
      <form
        className="flex flex-wrap items-center gap-2 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onRetention(parsed);
        }}
      >
        <label htmlFor="tap-retention">{t("settings.keepFor")}</label>
        <input
          id="tap-retention"
          type="number"
          min={1}
          max={3650}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          className="w-20 rounded border border-line bg-panel px-2 py-1"
        />
        <span>{t("settings.days")}</span>
        <Button size="sm" type="submit" disabled={!valid || parsed === retentionDays}>
          {t("settings.save")}
        </Button>
        <Button size="sm" variant="ghost" disabled={!sessionId} onClick={() => sessionId && onDelete(sessionId)}>
          {t("settings.deleteSession")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDelete("all")}>
          {t("settings.deleteAll")}
        </Button>
      </form>
      {health && (health.lastError || health.pending > 0) ? (
        <p
          role="alert"
          className="rounded border border-danger/40 bg-danger-soft px-3 py-2 text-sm"
          data-testid="tap-store-error"
        >
          {health.lastError ?? t("settings.storeBehind")}{" "}
          {t("settings.held", { pending: health.pending, dropped: health.dropped })}
        </p>
      ) : null}
    </section>
  );
}
