/**
 * Every interface message, one JSON file per namespace and locale (lib/i18n/messages/<locale>/<namespace>.json).
 * English is the source: its shape is the type every other locale must have, so a message missing in Chinese is a
 * type error, and lib/i18n/messages.test.ts checks both directions and the glossary.
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
import zh_cache from "./messages/zh-CN/cache.json";
import zh_catalog from "./messages/zh-CN/catalog.json";
import zh_common from "./messages/zh-CN/common.json";
import zh_conversation from "./messages/zh-CN/conversation.json";
import zh_decide from "./messages/zh-CN/decide.json";
import zh_engine from "./messages/zh-CN/engine.json";
import zh_experiment from "./messages/zh-CN/experiment.json";
import zh_failures from "./messages/zh-CN/failures.json";
import zh_glossary from "./messages/zh-CN/glossary.json";
import zh_import from "./messages/zh-CN/import.json";
import zh_lab from "./messages/zh-CN/lab.json";
import zh_live from "./messages/zh-CN/live.json";
import zh_models from "./messages/zh-CN/models.json";
import zh_money from "./messages/zh-CN/money.json";
import zh_playground from "./messages/zh-CN/playground.json";
import zh_problems from "./messages/zh-CN/problems.json";
import zh_providers from "./messages/zh-CN/providers.json";
import zh_report from "./messages/zh-CN/report.json";
import zh_run from "./messages/zh-CN/run.json";
import zh_security from "./messages/zh-CN/security.json";
import zh_settings from "./messages/zh-CN/settings.json";
import zh_share from "./messages/zh-CN/share.json";
import zh_strategies from "./messages/zh-CN/strategies.json";
import zh_tap from "./messages/zh-CN/tap.json";
import zh_tour from "./messages/zh-CN/tour.json";
import zh_variants from "./messages/zh-CN/variants.json";
import zh_trace from "./messages/zh-CN/trace.json";
import zh_ui from "./messages/zh-CN/ui.json";

const ENGLISH = {
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

export type Messages = typeof ENGLISH;
export type Namespace = keyof Messages;

const CHINESE: Messages = {
  cache: zh_cache,
  catalog: zh_catalog,
  common: zh_common,
  conversation: zh_conversation,
  decide: zh_decide,
  engine: zh_engine,
  experiment: zh_experiment,
  failures: zh_failures,
  glossary: zh_glossary,
  import: zh_import,
  lab: zh_lab,
  live: zh_live,
  models: zh_models,
  money: zh_money,
  playground: zh_playground,
  problems: zh_problems,
  providers: zh_providers,
  report: zh_report,
  run: zh_run,
  security: zh_security,
  settings: zh_settings,
  share: zh_share,
  strategies: zh_strategies,
  tap: zh_tap,
  tour: zh_tour,
  variants: zh_variants,
  trace: zh_trace,
  ui: zh_ui,
};

export const MESSAGES: Record<Locale, Messages> = { en: ENGLISH, "zh-CN": CHINESE };
