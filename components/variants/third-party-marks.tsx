"use client";
import { useTranslations } from "use-intl";
import type { ThirdPartySpan } from "@/lib/core/third-party";

/**
 * The request view's marks: each run of segments that carries text from the tool catalog, by where it lands and
 * with what wire role (lib/simulator/third-party-text.ts decides; this only shows it).
 */
export function ThirdPartyMarks({ spans }: { spans: readonly ThirdPartySpan[] | undefined }) {
  const t = useTranslations("variants");
  if (spans === undefined) return null;
  return (
    <section className="rounded-md border border-line px-3 py-2 text-sm" data-testid="third-party-marks">
      <h4 className="font-semibold text-ink">{t("marks.heading")}</h4>
      {spans.length === 0 ? (
        <p className="text-muted">{t("marks.none")}</p>
      ) : (
        <ul className="mt-1 space-y-0.5">
          {spans.map((span) => (
            <li key={`${span.from}-${span.to}`} data-testid="third-party-mark" data-landing={span.landing}>
              {t.rich("marks.span", {
                landing: t(`landing.${span.landing}`),
                from: span.fromPath,
                to: span.to === span.from ? "same" : span.toPath,
                role: span.role,
                tokens: span.tokens,
                code: (chunks) => <code>{chunks}</code>,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
