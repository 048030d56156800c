/**
 * A local-store failure (storage full or blocked, damaged data, a missing entry) as the interface says it in the
 * reader's language. The store's `message` stays the English the tests and logs read.
 */
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import type { LocalStoreError } from "./local-store";

export function storeErrorText(error: LocalStoreError, locale: Locale): string {
  const t = translatorFor(locale, "share");
  switch (error.code) {
    case "quota":
      return t("store.quota", { kilobytes: error.values?.kilobytes ?? 0 });
    case "unavailable":
      return t("store.unavailable");
    case "corrupt":
      return t("store.corrupt");
    case "not-found":
      return t("store.notFound");
    case "invalid-name":
      return t("store.invalidName");
  }
}
