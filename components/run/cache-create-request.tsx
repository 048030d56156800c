"use client";
/**
 * The request that made a new cache object before the step's own (Gemini `cachedContents.create`, under the
 * explicit cache), shown as a request of its own beside the step's request.
 */
import { useTranslations } from "use-intl";
import type { StepDetail } from "@/lib/core/run-summary";

export function CacheCreateRequest({ create, name }: { create: NonNullable<StepDetail["cacheCreate"]>; name: string }) {
  const t = useTranslations("cache");
  return (
    <details className="border-t border-line px-3 py-2 text-xs" data-testid="cache-create-request">
      <summary className="cursor-pointer font-medium text-ink">
        {t("explicitCache.createRequest", { name, url: create.url })}
      </summary>
      <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all font-mono text-[11px] text-ink-soft">
        {create.json}
      </pre>
    </details>
  );
}
