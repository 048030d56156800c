/** The live routes' paths and headers, in a module without zod so the page can import them for free. */
export const LIVE_SEND_PATH = "/api/live/send";
export const LIVE_STATUS_PATH = "/api/live/status";
export const COUNT_TOKENS_PATH = "/api/count-tokens";

/** The header a pasted key travels in, to this origin only. */
export const PROVIDER_KEY_HEADER = "x-provider-key";
/** The provider's own HTTP status on an error answer (our status maps it; this keeps the original). */
export const PROVIDER_STATUS_HEADER = "x-provider-status";
