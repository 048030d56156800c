/**
 * Every locale's messages at once, for tests and Node tooling that read the messages themselves (the message checks,
 * the glossary). Pages never import this: a locale's messages reach the browser through `loadMessages`.
 */
import { CHINESE_MESSAGES } from "./chinese-messages";
import type { Locale } from "./locales";
import { ENGLISH_MESSAGES, type Messages } from "./messages";

export const ALL_MESSAGES: Record<Locale, Messages> = { en: ENGLISH_MESSAGES, "zh-CN": CHINESE_MESSAGES };
