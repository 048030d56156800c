import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "@/lib/i18n/locales";
import { IntlRoot } from "./intl-root";

/** Server markup of a component as a reader of `locale` gets it: for tests that read what a panel prints. */
export function renderInLocale(element: ReactElement, locale: Locale = "en"): string {
  return renderToStaticMarkup(<IntlRoot locale={locale}>{element}</IntlRoot>);
}
