"use client";
import { useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";

/** The playground's preferences key (state/persistence.ts): the lab shares its theme, and writes only that field. */
const PREFERENCES_KEY = "tool-disclosure-playground:preferences";

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

function saveTheme(theme: "dark" | "light"): void {
  try {
    const preferences = JSON.parse(window.localStorage.getItem(PREFERENCES_KEY) ?? "{}") as Record<string, unknown>;
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ ...preferences, theme }));
  } catch {
    // Storage disabled or a broken entry: the theme still switches for this visit.
  }
}

/** Light/dark switch: the `dark` class on <html> (set before first paint by app/layout.tsx), saved with the playground's. */
export function LabThemeToggle() {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  const next = dark ? "light" : "dark";
  const t = useTranslations("common.theme");
  return (
    <button
      type="button"
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-line text-muted hover:bg-panel-muted hover:text-ink"
      data-testid="lab-theme-toggle"
      aria-label={t("switchTo", { theme: next })}
      title={t("switchTo", { theme: next })}
      onClick={() => {
        document.documentElement.classList.toggle("dark", next === "dark");
        saveTheme(next);
      }}
    >
      {dark ? (
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
