/**
 * Why a simulation could not run (the page's run error: the engine worker's `engine: …` message), in the reader's
 * language. The engine throws English (the CLI prints it); a needed tool missing from the catalog is read back into
 * its tool name and worded whole, anything else the engine says keeps its own words inside a sentence of the
 * reader's language. English is shown as the engine wrote it.
 */
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";

/** The strategies' own "needed tool is not in the catalog" errors (lib/strategies call-tool, cli-help, stubs, …). */
const NEEDED_TOOL_MISSING = /^(?:engine: )?(?:strategy: needed tool|[a-z-]+:) (\S+) is not in the catalog$/;

export function runErrorText(message: string, locale: Locale): string {
  if (locale === "en") return message;
  const t = translatorFor(locale, "failures");
  const missing = NEEDED_TOOL_MISSING.exec(message);
  if (missing) return t("neededToolMissing", { tool: missing[1] });
  return t("engine", { detail: message.replace(/^engine: /, "") });
}
