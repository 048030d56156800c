/**
 * A catalog problem in the reader's language. lib/catalog words every problem in English for the CLI (`message`)
 * and tags it with a `code` and the names and figures it quotes; the interface shows the message of that code, so
 * the figure in the words is the one the parser found. A problem without a code (or one this version has no message
 * for) keeps its English sentence rather than showing a message key.
 */
import type { InputProblem } from "../core/catalog";
import { ENGLISH_MESSAGES } from "../i18n/messages";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";

type ProblemCode = keyof (typeof ENGLISH_MESSAGES)["catalog"]["problems"]["codes"];

export function isProblemCode(code: string | undefined): code is ProblemCode {
  return code !== undefined && Object.hasOwn(ENGLISH_MESSAGES.catalog.problems.codes, code);
}

/** Problems of scenarios, share links and query sets: their messages live in the `problems` namespace. */
export function isInputProblemCode(code: string | undefined): boolean {
  return isProblemCode(code) || (code !== undefined && Object.hasOwn(ENGLISH_MESSAGES.problems.codes, code));
}

export function problemText(problem: Pick<InputProblem, "code" | "values" | "message">, locale: Locale): string {
  if (problem.code !== undefined && Object.hasOwn(ENGLISH_MESSAGES.problems.codes, problem.code)) {
    const t = translatorFor(locale, "problems") as unknown as (
      key: string,
      values: Record<string, string | number>,
    ) => string;
    return t(`codes.${problem.code}`, problem.values ?? {});
  }
  if (!isProblemCode(problem.code)) return problem.message;
  const t = translatorFor(locale, "catalog");
  const values = problem.values ?? {};
  // Each code's message takes its own values; the parser that set the code set them, so they are passed as found.
  const text = (t as unknown as (key: string, values: Record<string, string | number>) => string)(
    `problems.codes.${problem.code}`,
    values,
  );
  return typeof values.source === "string" ? t("problems.fromSource", { source: values.source, text }) : text;
}
