/**
 * The Simplified Chinese messages, one JSON file per namespace (lib/i18n/messages/zh-CN/<namespace>.json). Typed by
 * the English messages, so a message missing here is a type error. Pages never import this module statically: it is
 * the chunk `loadMessages("zh-CN")` (./messages.ts) fetches when a reader's language is Chinese.
 */
import type { Messages } from "./messages";
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

export const CHINESE_MESSAGES: Messages = {
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
