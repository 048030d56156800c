/**
 * Vitest setup: every locale's messages are loaded before a test file runs, as the page loads the reader's locale
 * before it renders anything in it, so tests word text and render components in Chinese synchronously.
 */
import { LOCALES } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";

await Promise.all(LOCALES.map(loadMessages));
