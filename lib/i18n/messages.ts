/**
 * Every interface message, one JSON file per namespace and locale (lib/i18n/messages/<locale>/<namespace>.json).
 * English is the source: its shape is the type every other locale must have, so a message missing in Chinese is a
 * type error (./chinese-messages.ts), and lib/i18n/i18n.test.ts checks both directions and the glossary.
 *
 * English is bundled with the page; another locale's messages are one chunk each, fetched by `loadMessages` when
 * that locale is chosen or detected and awaited before anything is worded in it (components/i18n/intl-root.tsx in
 * the browser, app/request-locale.ts on the server). Asking for a locale that is not loaded is a bug: `messagesFor`
 * throws outside production rather than show English to a reader of another language.
 */
import type { Locale } from "./locales";
import en_cache from "./messages/en/cache.json";
import en_catalog from "./messages/en/catalog.json";
import en_common from "./messages/en/common.json";
import en_conversation from "./messages/en/conversation.json";
import en_decide from "./messages/en/decide.json";
import en_engine from "./messages/en/engine.json";
import en_experiment from "./messages/en/experiment.json";
import en_failures from "./messages/en/failures.json";
import en_glossary from "./messages/en/glossary.json";
import en_import from "./messages/en/import.json";
import en_lab from "./messages/en/lab.json";
import en_live from "./messages/en/live.json";
import en_models from "./messages/en/models.json";
import en_money from "./messages/en/money.json";
import en_playground from "./messages/en/playground.json";
import en_problems from "./messages/en/problems.json";
import en_providers from "./messages/en/providers.json";
import en_report from "./messages/en/report.json";
import en_run from "./messages/en/run.json";
import en_security from "./messages/en/security.json";
import en_settings from "./messages/en/settings.json";
import en_share from "./messages/en/share.json";
import en_strategies from "./messages/en/strategies.json";
import en_tap from "./messages/en/tap.json";
import en_tour from "./messages/en/tour.json";
import en_variants from "./messages/en/variants.json";
import en_trace from "./messages/en/trace.json";
import en_ui from "./messages/en/ui.json";

export const ENGLISH_MESSAGES = {
  cache: en_cache,
  catalog: en_catalog,
  common: en_common,
  conversation: en_conversation,
  decide: en_decide,
  engine: en_engine,
  experiment: en_experiment,
  failures: en_failures,
  glossary: en_glossary,
  import: en_import,
  lab: en_lab,
  live: en_live,
  models: en_models,
  money: en_money,
  playground: en_playground,
  problems: en_problems,
  providers: en_providers,
  report: en_report,
  run: en_run,
  security: en_security,
  settings: en_settings,
  share: en_share,
  strategies: en_strategies,
  tap: en_tap,
  tour: en_tour,
  variants: en_variants,
  trace: en_trace,
  ui: en_ui,
};

export type Messages = typeof ENGLISH_MESSAGES;
export type Namespace = keyof Messages;

/** How each locale other than English arrives: a missing loader for a new locale is a type error. */
const LOADERS: { [L in Exclude<Locale, "en">]: () => Promise<Messages> } = {
  "zh-CN": () => import("./chinese-messages").then((module) => module.CHINESE_MESSAGES),
};

const loaded = new Map<Locale, Messages>([["en", ENGLISH_MESSAGES]]);
const loading = new Map<Locale, Promise<Messages>>();

/** A locale's messages if they are here already (English always is), else undefined. */
export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

/**
 * A locale's messages, fetched once: the same promise for every caller, so React's `use` can wait on it while the
 * server-rendered page stays on screen.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  let pending = loading.get(locale);
  if (!pending) {
    const here = loaded.get(locale);
    pending = here
      ? Promise.resolve(here)
      : LOADERS[locale as Exclude<Locale, "en">]().then((messages) => {
          loaded.set(locale, messages);
          return messages;
        });
    // A failed fetch (a dropped connection) is not remembered: the next choice of the locale tries again.
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * A loaded locale's messages. A locale whose messages are not loaded is a missing `await loadMessages(locale)`:
 * development and tests throw; production logs it and words the text in English rather than break the page.
 */
export function messagesFor(locale: Locale): Messages {
  const messages = loaded.get(locale);
  if (messages) return messages;
  const problem = `The ${locale} messages are not loaded: await loadMessages("${locale}") before wording text in it.`;
  if (process.env.NODE_ENV !== "production") throw new Error(problem);
  console.error(problem);
  return ENGLISH_MESSAGES;
}
