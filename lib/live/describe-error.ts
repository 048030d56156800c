/** A live error in words for the banner: a title that says what happened, and the provider's own message. */
import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import type { LiveError } from "./types";

export type LiveErrorView = {
  title: string;
  /** The provider's message (or ours), shown as text, never HTML. */
  message: string;
  /** What the person can do about it. */
  hint: string;
  retryAfterSeconds?: number;
  /** Whether Retry makes sense (not for a bad key or an invalid request). */
  retryable: boolean;
  code: string;
  status: number;
};

/** Whether Retry makes sense for each error the live route names; its words are in the live namespace (errors). */
const RETRYABLE: Record<string, boolean> = {
  provider_bad_request: true,
  provider_unauthorized: true,
  provider_forbidden: false,
  provider_not_found: false,
  provider_rate_limited: true,
  provider_overloaded: true,
  provider_error: true,
  upstream_timeout: true,
  upstream_unreachable: true,
  stream_interrupted: true,
  network_error: true,
  rate_limited: true,
  missing_key: true,
  invalid_request: false,
  body_too_large: false,
  custom_base_url_disabled: false,
  base_url_not_allowed: false,
  live_disabled: false,
  render_failed: false,
  missing_token: false,
  invalid_token: false,
};

export function describeLiveError(error: LiveError, providerLabel?: string, locale: Locale = "en"): LiveErrorView {
  const t = translatorFor(locale, "live");
  const provider = providerLabel ?? t("errors.theProvider");
  const known = error.code in RETRYABLE;
  const key = (error.code in RETRYABLE ? error.code : error.status >= 500 ? "failed" : "refused") as "failed";
  const status = error.providerStatus ?? (error.status || undefined);
  const title = t(`errors.${key}.title`, { provider }) + (status ? ` (${status})` : "");
  const hint = t(`errors.${key}.hint`);
  return {
    title,
    message: error.message,
    hint:
      error.retryAfterSeconds !== undefined
        ? `${hint} ${t("errors.providerWait", { seconds: error.retryAfterSeconds })}`
        : hint,
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    retryable: known ? RETRYABLE[error.code] : true,
    code: error.code,
    status: error.status,
  };
}
