"use client";
import { useTranslations } from "use-intl";
import { usePlayground } from "@/state/playground-provider";
import { iconButtonClass } from "./control-styles";

export function ThemeToggle() {
  const theme = usePlayground((state) => state.theme);
  const setTheme = usePlayground((state) => state.setTheme);
  const next = theme === "dark" ? "light" : "dark";
  const t = useTranslations("common.theme");
  return (
    <button
      type="button"
      className={`${iconButtonClass} h-9 w-9 border border-line`}
      data-testid="theme-toggle"
      aria-label={t("switchTo", { theme: next })}
      title={t("switchTo", { theme: next })}
      onClick={() => setTheme(next)}
    >
      {theme === "dark" ? (
        <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </button>
  );
}
