"use client";
import { useLocale, useTranslations } from "use-intl";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";
import { useChooseLocale } from "./intl-root";

/** The header's language switch (components/i18n/intl-root.tsx does the switching and remembers it). */
export function LocaleSwitch({ className = "" }: { className?: string }) {
  const locale = useLocale();
  const choose = useChooseLocale();
  const t = useTranslations("common.language");
  return (
    <label className={`inline-flex items-center ${className}`}>
      <span className="sr-only">{t("label")}</span>
      <select
        value={locale}
        data-testid="locale-switch"
        className="h-9 rounded-md border border-line bg-panel px-2 text-sm text-ink focus-visible:outline-2"
        onChange={(event) => void choose(event.target.value as Locale)}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
