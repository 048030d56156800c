"use client";
import { useTranslations } from "use-intl";
import type { SearchId } from "@/lib/search/types";

/** "Emulated" for Anthropic's searches, "Ours" for the client search: an author must see which is which. */
export function SearchBadge({ id }: { id: SearchId }) {
  const emulated = id !== "client";
  const t = useTranslations("lab.badge");
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-[11px] font-bold uppercase tracking-wide ${emulated ? "bg-warning-soft text-warning" : "bg-accent-soft text-accent"}`}
      data-testid={`search-badge-${id}`}
      title={emulated ? t("emulatedHint") : t("oursHint")}
    >
      {emulated ? t("emulated") : t("ours")}
    </span>
  );
}
