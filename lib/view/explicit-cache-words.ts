/**
 * The cache card's sentence about the provider's explicit cache (a step's `explicitCache`, set where the scenario
 * chose it): what the request did with the cache object or the markers, from the step's own record and tokens, so
 * the words print the figures the step is priced with.
 */
import type { StepExplicitCache, StepTokens } from "../core";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import { tokensIn } from "./cache-headline";
import { formatDuration } from "./format";

export function explicitCacheSentence(
  record: StepExplicitCache,
  tokens: Pick<StepTokens, "cacheRead" | "cacheWrite">,
  money: (amount: number) => string,
  locale: Locale = "en",
): string {
  const t = translatorFor(locale, "cache");
  const cached = tokensIn(locale, record.cachedTokens);
  const read = tokensIn(locale, tokens.cacheRead);
  const ttl = formatDuration(record.ttlSeconds, locale);
  const expires = formatDuration(record.expiresAtSeconds ?? 0, locale);
  const markers = record.mechanism === "cache-control-markers";
  const name = record.name ?? "";
  if (record.status === "below-minimum") return t("explicitCache.belowMinimum", { cached });
  if (record.status === "hit")
    return markers ? t("explicitCache.hitMarkers", { read, expires }) : t("explicitCache.hit", { read, name, expires });
  const reason = record.status;
  if (markers) return t("explicitCache.createdMarkers", { reason, cached: tokensIn(locale, tokens.cacheWrite), ttl });
  return t("explicitCache.created", {
    reason,
    name,
    cached,
    ttl,
    perHour: money(record.storagePerHourUsd),
    storage: money(record.storageUsd),
    read,
  });
}
