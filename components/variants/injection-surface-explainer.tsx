"use client";
import { useTranslations } from "use-intl";

/** The Learn section's plain-words account of the injection surface (the figures are in compare and the request view). */
export function InjectionSurfaceExplainer() {
  const t = useTranslations("variants");
  return (
    <section className="text-sm text-ink-soft" data-testid="injection-surface-explainer">
      <h3 className="font-semibold text-ink">{t("learn.heading")}</h3>
      <p className="mt-1">{t("learn.body")}</p>
    </section>
  );
}
