"use client";
import { useTranslations } from "use-intl";
import type { StrategyId } from "@/lib/core/ids";
import type { ThirdPartySurface } from "@/lib/core/third-party";

/** Compare's lines: per strategy, where third-party text reaches the model, how much, and from which request. */
export function ThirdPartySurfaceLines({
  runs,
  titleOf,
}: {
  runs: ReadonlyArray<{ id: StrategyId; thirdParty?: ThirdPartySurface; refused?: unknown }>;
  titleOf: (id: StrategyId) => string;
}) {
  const t = useTranslations("variants");
  const shown = runs.filter((run) => run.thirdParty && !run.refused);
  if (shown.length === 0) return null;
  return (
    <section className="mt-3 text-sm" data-testid="third-party-surface">
      <h4 className="font-semibold text-ink">{t("surface.heading")}</h4>
      <ul className="mt-1 space-y-0.5 text-ink-soft">
        {shown.map((run) => {
          const surface = run.thirdParty!;
          const strategy = titleOf(run.id);
          return (
            <li key={run.id} data-testid="third-party-surface-line" data-strategy={run.id}>
              {surface.firstRequest === null
                ? t("surface.never", { strategy })
                : t("surface.line", {
                    strategy,
                    landings: surface.landings
                      .map((item) => `${t(`landing.${item.landing}`)} (${item.role})`)
                      .join(", "),
                    tokens: surface.peakTokens,
                    first: surface.firstRequest,
                  })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
