/** A live error in words for the banner: a title that says what happened, and the provider's own message. */
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

const BY_CODE: Record<string, { title: string; hint: string; retryable: boolean }> = {
  provider_bad_request: {
    title: "The provider rejected the request",
    hint: "The request this strategy builds is not valid for this model: read the provider's message, change the settings, then Retry.",
    retryable: true,
  },
  provider_unauthorized: {
    title: "The API key was not accepted",
    hint: "Check the key (or the server's environment variable) and Retry.",
    retryable: true,
  },
  provider_forbidden: {
    title: "The key may not use this model or feature",
    hint: "The key is valid but lacks permission: check the account's access to the model or beta.",
    retryable: false,
  },
  provider_not_found: {
    title: "Model or endpoint not found",
    hint: "Check the model id, or that this provider offers it to your account.",
    retryable: false,
  },
  provider_rate_limited: {
    title: "Rate limited by the provider",
    hint: "Wait, then Retry: the run resumes from this request.",
    retryable: true,
  },
  provider_overloaded: {
    title: "The provider is overloaded",
    hint: "Retry in a moment: the run resumes from this request.",
    retryable: true,
  },
  provider_error: {
    title: "The provider had an internal error",
    hint: "Retry: the run resumes from this request.",
    retryable: true,
  },
  upstream_timeout: {
    title: "The provider did not answer in time",
    hint: "Retry, or raise PLAYGROUND_LIVE_TIMEOUT_MS on the server.",
    retryable: true,
  },
  upstream_unreachable: {
    title: "Could not reach the provider",
    hint: "The server has no route to the provider (network down, DNS, firewall). Retry when it is back.",
    retryable: true,
  },
  stream_interrupted: {
    title: "The answer stopped halfway",
    hint: "Retry: the run resumes from this request.",
    retryable: true,
  },
  network_error: {
    title: "Could not reach the playground server",
    hint: "Is the server still running? Retry when it is.",
    retryable: true,
  },
  rate_limited: {
    title: "Too many live requests from this browser",
    hint: "The playground limits live calls per client to protect the key's owner. Wait, then Retry.",
    retryable: true,
  },
  missing_key: {
    title: "No API key for this provider",
    hint: "Paste a key above, or set the provider's environment variable on the server.",
    retryable: true,
  },
  invalid_request: {
    title: "The playground refused the request",
    hint: "The request did not pass the server's checks.",
    retryable: false,
  },
  body_too_large: {
    title: "The request is too large for the live route",
    hint: "Use a smaller catalog, or raise PLAYGROUND_LIVE_MAX_BODY_BYTES on the server.",
    retryable: false,
  },
  custom_base_url_disabled: {
    title: "Custom base URLs are disabled on this server",
    hint: "Set PLAYGROUND_ALLOW_CUSTOM_BASE_URL=1 (and an allow-list) on the server.",
    retryable: false,
  },
  base_url_not_allowed: {
    title: "This base URL is not on the server's allow-list",
    hint: "Add it to PLAYGROUND_BASE_URL_ALLOWLIST on the server.",
    retryable: false,
  },
  live_disabled: {
    title: "Live mode is turned off on this server",
    hint: "PLAYGROUND_LIVE=off is set.",
    retryable: false,
  },
  render_failed: {
    title: "The engine could not build this request",
    hint: "This strategy cannot express what the model did on this provider.",
    retryable: false,
  },
  missing_token: { title: "The page is not allowed to call the live API", hint: "Reload the page.", retryable: false },
  invalid_token: {
    title: "The page token is out of date",
    hint: "The server restarted: reload the page.",
    retryable: false,
  },
};

export function describeLiveError(error: LiveError, providerLabel = "The provider"): LiveErrorView {
  const known = BY_CODE[error.code] ?? {
    title: error.status >= 500 ? "The live request failed" : "The live request was refused",
    hint: "Retry, or check the server's log.",
    retryable: true,
  };
  const status = error.providerStatus ?? (error.status || undefined);
  const title = known.title.replace(/^The provider/, providerLabel) + (status ? ` (${status})` : "");
  return {
    title,
    message: error.message,
    hint:
      error.retryAfterSeconds !== undefined
        ? `${known.hint} The provider asks to wait ${error.retryAfterSeconds} s.`
        : known.hint,
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    retryable: known.retryable,
    code: error.code,
    status: error.status,
  };
}
