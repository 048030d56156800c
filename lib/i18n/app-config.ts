/**
 * Types `useTranslations` and `createTranslator` by the English messages: a key that does not exist is a type
 * error in components and in lib/ alike.
 */
import type { Locale } from "./locales";
import type { Messages } from "./messages";

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}

export {};
