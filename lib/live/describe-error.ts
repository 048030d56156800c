/** A live error in words for the banner: a title that says what happened, and the provider's own message. */
import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import type { Messages } from "../i18n/messages";
import { REJECTED_TOOL_CALL_CODE, rejectedToolName } from "./tool-call-rejection";
import type { LiveError } from "./types";

export type LiveErrorView = {
  title: string;
  /** The provider's message verbatim, or ours in the reader's language; shown as text, never HTML. */
  message: string;
  /** Whose message it is, in the reader's language ("Anthropic's own message, as sent:" or "Details:"). */
  messageLabel: string;
  /** The message is the provider's own words, shown as sent (never translated). */
  fromProvider: boolean;
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

type OurSentence = keyof Messages["live"]["banner"]["ours"];

/**
 * The sentences the live route and the page's transport write themselves (lib/server/live-errors.ts, live-count.ts,
 * lib/live/http-transport.ts), read back into a message and its values so the reader gets them in their language;
 * `describe-error.test.ts` builds them with the real functions. Anything else in a `provider_*` error is the
 * provider's own message.
 */
const OUR_SENTENCES: ReadonlyArray<{ pattern: RegExp; key: OurSentence; values(match: RegExpExecArray): object }> = [
  {
    pattern: /^(.+) did not answer within (\d+) s\.$/,
    key: "timeout",
    values: (m) => ({ provider: m[1], seconds: m[2] }),
  },
  {
    pattern: /^(.+) did not count within (\d+) s\.$/,
    key: "countTimeout",
    values: (m) => ({ provider: m[1], seconds: m[2] }),
  },
  {
    pattern: /^Could not reach the playground server: (.*)$/,
    key: "serverUnreachable",
    values: (m) => ({ cause: m[1] }),
  },
  { pattern: /^Could not reach (.+): (.+)\.$/, key: "unreachable", values: (m) => ({ provider: m[1], cause: m[2] }) },
  {
    pattern: /^(.+) answered HTTP (\d+) without a provider error message \(its body is not shown\)\.$/,
    key: "nonProviderAnswer",
    values: (m) => ({ provider: m[1], status: m[2] }),
  },
  { pattern: /^the provider reported an error mid-stream$/, key: "midStream", values: () => ({}) },
  { pattern: /^(?:live: the request was stopped\.|stopped)$/, key: "stopped", values: () => ({}) },
  { pattern: /^live: unexpected error: (.*)$/, key: "unexpected", values: (m) => ({ detail: m[1] }) },
  {
    pattern: /^the answer stream ended before the reply was complete$/,
    key: "streamEnded",
    values: () => ({}),
  },
  { pattern: /^the live route answered without a body$/, key: "noBody", values: () => ({}) },
];

type RouteSentence = keyof Messages["problems"]["route"];

/**
 * The live and experiment routes' own refusals (lib/server/live-target.ts, experiment-route.ts): a missing key, a
 * base URL this server does not allow, … Their words are in the `problems` namespace (`route.*`).
 */
const ROUTE_SENTENCES: ReadonlyArray<{ pattern: RegExp; key: RouteSentence; values(match: RegExpExecArray): object }> =
  [
    {
      pattern: /^live: custom base URLs are disabled on this server \(set (\S+) and (\S+)\)\.$/,
      key: "customBaseUrlDisabled",
      values: (m) => ({ allow: m[1], allowlist: m[2] }),
    },
    { pattern: /^live: the custom base URL is not a URL\.$/, key: "baseUrlNotUrl", values: () => ({}) },
    {
      pattern: /^live: a custom base URL must be plain http\(s\), without credentials, query or fragment\.$/,
      key: "baseUrlPlain",
      values: () => ({}),
    },
    {
      pattern: /^live: (\S+) is not on this server's (\S+)\.$/,
      key: "baseUrlNotAllowed",
      values: (m) => ({ origin: m[1], variable: m[2] }),
    },
    {
      pattern: /^(?:live|experiment): no (.+) key: paste one, or set (\S+) on the server\.$/,
      key: "missingKey",
      values: (m) => ({ vendor: m[1], variable: m[2] }),
    },
    {
      pattern: /^live: the OpenAI-compatible endpoint speaks Chat Completions or Responses only\.$/,
      key: "compatibleApis",
      values: () => ({}),
    },
    {
      pattern:
        /^live: this playground's server has no OpenAI-compatible endpoint configured \((\S+)\); type your server's base URL instead\.$/,
      key: "compatibleNotConfigured",
      values: (m) => ({ variable: m[1] }),
    },
    {
      pattern:
        /^live: this request is for an OpenAI-compatible server, so it is not sent to (.+?); type your server's base URL(?: \(this server accepts one with (\S+)\))? or set (\S+) on the server\.$/,
      key: "compatibleNeedsBaseUrl",
      values: (m) => ({ vendor: m[1], allow: m[2] ?? "none", variable: m[3] }),
    },
    {
      pattern: /^(?:live|experiment): live mode is turned off on this server(?: \((\S+)\))?\.$/,
      key: "liveDisabled",
      values: (m) => ({ setting: m[1] ?? "none" }),
    },
    {
      pattern: /^live: too many live requests; try again in (\d+) s\.$/,
      key: "tooManyLive",
      values: (m) => ({ seconds: m[1] }),
    },
    {
      pattern: /^\S+: the request body is (?:over|larger than) ([\d,]+) bytes(?: \((\S+)\))?\.?$/,
      key: "bodyTooLarge",
      values: (m) => ({ bytes: m[1], setting: m[2] ?? "none" }),
    },
    {
      pattern: /^request-guard: the (\S+) header is missing; only the playground's own page may call this API\.$/,
      key: "missingToken",
      values: (m) => ({ header: m[1] }),
    },
  ];

function ourSentence(message: string, locale: Locale): string | null {
  if (locale !== "en") {
    const words = translatorFor(locale, "problems");
    for (const sentence of ROUTE_SENTENCES) {
      const match = sentence.pattern.exec(message);
      if (match) return words(`route.${sentence.key}`, sentence.values(match) as Record<string, string>);
    }
  }
  const t = translatorFor(locale, "live");
  for (const sentence of OUR_SENTENCES) {
    const match = sentence.pattern.exec(message);
    // English keeps the sentence as the route wrote it (the CLI and the logs print the same words).
    if (match)
      return locale === "en"
        ? message
        : t(`banner.ours.${sentence.key}`, sentence.values(match) as Record<string, string>);
  }
  return null;
}

/**
 * A sentence a route wrote itself (a missing key, a base URL refused, a guard), in the reader's language; any other
 * text as it came. The experiment page shows its route's refusals through it.
 */
export function routeSentenceIn(message: string, locale: Locale): string {
  return ourSentence(message, locale) ?? message;
}

export function describeLiveError(error: LiveError, providerLabel?: string, locale: Locale = "en"): LiveErrorView {
  const t = translatorFor(locale, "live");
  const provider = providerLabel ?? t("errors.theProvider");
  const known = error.code in RETRYABLE;
  const key = (error.code in RETRYABLE ? error.code : error.status >= 500 ? "failed" : "refused") as "failed";
  const status = error.providerStatus ?? (error.status || undefined);
  const rejected = error.code === REJECTED_TOOL_CALL_CODE;
  const tool = rejected ? rejectedToolName(error.message) : null;
  const title =
    (rejected
      ? t("banner.rejectedToolCall.title", { provider, hasTool: tool ? "yes" : "no", tool: tool ?? "" })
      : t(`errors.${key}.title`, { provider })) + (status ? ` (${status})` : "");
  const hint = rejected ? t("banner.rejectedToolCall.hint") : t(`errors.${key}.hint`);
  const ours = ourSentence(error.message, locale);
  // Our own route's refusals (a missing key, a base URL not allowed…) carry our English; only provider_* codes
  // carry the provider's words.
  const fromProvider = ours === null && error.code.startsWith("provider_");
  return {
    title,
    message: ours ?? error.message,
    messageLabel: fromProvider ? t("banner.providerMessage", { provider }) : t("banner.ourMessage"),
    fromProvider,
    hint:
      error.retryAfterSeconds !== undefined
        ? `${hint} ${t("errors.providerWait", { seconds: error.retryAfterSeconds })}`
        : hint,
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    retryable: rejected || (known ? RETRYABLE[error.code] : true),
    code: error.code,
    status: error.status,
  };
}
