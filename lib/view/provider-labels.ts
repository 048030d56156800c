import type { ProviderId } from "../core/ids";
import type { Locale } from "../i18n/locales";
import { modelFactText } from "../models/fact-text";
import { providerFacts } from "../providers/facts";

/** The provider's name in sentences, in the reader's language where it has one ("月之暗面 Kimi"); English by default. */
export function providerLabel(provider: ProviderId, locale: Locale = "en"): string {
  const name = providerFacts(provider)?.name ?? provider;
  return locale === "en" ? name : modelFactText(name, locale);
}

/** The provider's longer name in the model picker, in the reader's language where it has one. */
export function providerPickerLabel(provider: ProviderId, locale: Locale = "en"): string {
  const name = providerFacts(provider)?.pickerName ?? provider;
  return locale === "en" ? name : modelFactText(name, locale);
}

/** The company behind the provider, as a sentence names it ("阿里云 拒绝了该请求"), in the reader's language where it has one. */
export function providerVendorLabel(provider: ProviderId, locale: Locale = "en"): string {
  const name = providerFacts(provider)?.vendor ?? provider;
  return locale === "en" ? name : modelFactText(name, locale);
}
