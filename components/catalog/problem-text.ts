"use client";
import { useCallback } from "react";
import { useLocale } from "use-intl";
import type { InputProblem } from "@/lib/core/catalog";
import { problemText } from "@/lib/catalog/problem-text";
import type { Locale } from "@/lib/i18n/locales";

/** The catalog problems' sentences in the interface's language (lib/catalog/problem-text.ts). */
export function useProblemText(): (problem: Pick<InputProblem, "code" | "values" | "message">) => string {
  const locale = useLocale() as Locale;
  return useCallback((problem) => problemText(problem, locale), [locale]);
}
