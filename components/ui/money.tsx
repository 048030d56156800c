"use client";
/**
 * Money on screen: every cost is formatted in the currency its model's prices are published in, for the page's
 * locale, with a USD figure beside a CNY one only where the person set a rate (lib/view/money.ts). The page
 * provides the scenario's currency and rate once; a view of several models passes each figure's own currency.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useLocale } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { UsdOptions } from "@/lib/view/format";
import { formatMoney, formatMoneyWithUsd, type Currency, type MoneyRates } from "@/lib/view/money";

type MoneySetting = MoneyRates & { currency: Currency };

const MoneyContext = createContext<MoneySetting>({ currency: "USD" });

export function MoneyProvider({ currency, usdPerCny, children }: MoneySetting & { children: ReactNode }) {
  const value = useMemo(
    () => (usdPerCny === undefined ? { currency } : { currency, usdPerCny }),
    [currency, usdPerCny],
  );
  return <MoneyContext.Provider value={value}>{children}</MoneyContext.Provider>;
}

export type MoneyFormatOptions = UsdOptions & {
  /** The figure's currency where it is not the page's (a row of another model). */
  currency?: Currency;
  /** The figure alone, never converted: a chart tick, a narrow cell. */
  plain?: boolean;
  /** Name the rate after the conversion: "… at 0.138 $/¥ (your rate)". */
  showRate?: boolean;
};

/** The page's currency, the person's rate, and a formatter of amounts in them for the page's locale. */
export function useMoney() {
  const setting = useContext(MoneyContext);
  const locale = useLocale() as Locale;
  const format = useCallback(
    (amount: number, options: MoneyFormatOptions = {}) => {
      const currency = options.currency ?? setting.currency;
      return options.plain
        ? formatMoney(amount, currency, { locale, decimals: options.decimals })
        : formatMoneyWithUsd(
            { amount, currency },
            { ...setting, locale, decimals: options.decimals, showRate: options.showRate },
          );
    },
    [setting, locale],
  );
  return { ...setting, locale, format };
}
