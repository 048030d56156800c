/**
 * Money in the currency a model's prices are published in (USD, or CNY for DashScope China and BigModel), formatted
 * for the reader's locale, with a USD figure beside a CNY one only where the person set a rate. No rate is built
 * in: an exchange rate is a fact of the day, so a conversion the person did not ask for would be a silent constant.
 */
import type { ProviderId } from "../core/ids";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import { getModel } from "../models/model-table";
import type { Currency } from "../models/types";
import { usdDecimals, type UsdOptions } from "./format";

export type { Currency } from "../models/types";

/** An amount with the currency it is in: a figure never travels without it. */
export type Money = { amount: number; currency: Currency };

/** The person's conversion rate, if they set one (settings `usdPerCny`). */
export type MoneyRates = { usdPerCny?: number };

/** The currency a model's prices are in; a model not in the table is priced as USD by the engine. */
export function currencyOf(provider: ProviderId, model: string): Currency {
  return getModel(provider, model)?.prices.currency ?? "USD";
}

// Intl's tags: English keeps `$` for USD and writes CNY as `CN¥`; Chinese writes `¥` and `US$`.
const INTL_TAG: Record<Locale, string> = { en: "en-US", "zh-CN": "zh-CN" };
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, currency: Currency, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${min}|${max}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAG[locale], {
      style: "currency",
      currency,
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * `amount` in `currency` for `locale`, with the adaptive decimals of formatUsd (three significant digits under one
 * unit, cents above): en `0.0123 USD` → `$0.0123`, `0.42 CNY` → `CN¥0.42`; zh-CN → `US$0.0123`, `¥0.42`.
 */
export function formatMoney(
  amount: number,
  currency: Currency,
  options: UsdOptions & { locale?: Locale } = {},
): string {
  if (!Number.isFinite(amount)) return "—";
  const magnitude = Math.abs(amount);
  const decimals = options.decimals ?? usdDecimals(magnitude);
  const text = numberFormat(
    options.locale ?? "en",
    currency,
    options.decimals ?? Math.min(2, decimals),
    decimals,
  ).format(magnitude);
  return amount < 0 ? `−${text}` : text;
}

/** The amount in USD: itself for USD, by the person's rate for CNY, undefined where they set none. */
export function toUsd(money: Money, rates: MoneyRates): number | undefined {
  if (money.currency === "USD") return money.amount;
  const rate = rates.usdPerCny;
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? money.amount * rate : undefined;
}

/** The rate as typed, without trailing zeros: `0.138`. */
function formatRate(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_TAG[locale], { maximumFractionDigits: 6 }).format(rate);
}

/**
 * A figure with its conversion where the person set a rate: `CN¥0.42 ≈ $0.058` (short, for tables), or with the
 * rate named: `CN¥0.42 ≈ $0.058 at 0.138 $/¥ (your rate)`. USD, and CNY without a rate, is the figure alone.
 */
export function formatMoneyWithUsd(
  money: Money,
  options: MoneyRates & UsdOptions & { locale?: Locale; showRate?: boolean } = {},
): string {
  const locale = options.locale ?? "en";
  const native = formatMoney(money.amount, money.currency, { locale, decimals: options.decimals });
  const usd = money.currency === "USD" ? undefined : toUsd(money, options);
  if (usd === undefined) return native;
  const t = translatorFor(locale, "money");
  const converted = formatMoney(usd, "USD", { locale });
  return options.showRate
    ? t("convertedAtRate", { native, usd: converted, rate: formatRate(options.usdPerCny ?? 0, locale) })
    : t("converted", { native, usd: converted });
}

/**
 * The currencies of figures shown side by side, named where they differ or are not USD, so a CNY column is
 * never read as dollars: `null` when every figure is USD (the page reads as it always has).
 */
export function currencyNote(currencies: readonly Currency[], locale: Locale = "en"): string | null {
  const distinct = [...new Set(currencies)];
  if (distinct.every((currency) => currency === "USD")) return null;
  const t = translatorFor(locale, "money");
  return distinct.length === 1
    ? t("allIn", { currency: distinct[0] })
    : t("mixed", { currencies: distinct.join(", ") });
}
