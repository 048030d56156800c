/**
 * Removes secrets from text before it is logged or sent to the browser. Known secrets (the keys in use) are
 * replaced wherever they occur; anything shaped like a provider key or a bearer credential is replaced too, since
 * providers echo a masked key back in 401 messages ("Incorrect API key provided: sk-proj-****abcd").
 */
export const REDACTED = "[redacted]";

/** Shorter strings are not treated as secrets: replacing "ab" everywhere would garble messages, not protect. */
const MIN_SECRET_LENGTH = 8;

const KEY_SHAPES: readonly RegExp[] = [
  // OpenAI (sk-, sk-proj-), Anthropic (sk-ant-), Moonshot (sk-), OpenRouter (sk-or-): also masked forms with *.
  /\bsk-[A-Za-z0-9_*.-]{6,}/g,
  // A key masked by the provider still gives away its ends: "sk-proj-****abcd", "inva*****1234".
  /[A-Za-z0-9_-]{0,12}\*{4,}[A-Za-z0-9_-]{0,8}/g,
  /\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=*-]{6,}/gi,
  /\b(x-api-key|api[_-]?key|authorization|x-provider-key)(["']?\s*[:=]\s*["']?)[^\s"',}]{4,}/gi,
];

/**
 * `shapes: false` removes only the known secrets: for model output relayed to the browser, where "api_key=..." in
 * generated code is the model's text, not a leak, and must reach the transcript unchanged.
 */
export function redactSecrets(
  text: string,
  secrets: Iterable<string | undefined | null> = [],
  options: { shapes?: boolean } = {},
): string {
  let result = text;
  for (const secret of secrets) {
    if (typeof secret === "string" && secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join(REDACTED);
  }
  if (options.shapes === false) return result;
  for (const shape of KEY_SHAPES) {
    result = result.replace(shape, (match, name?: string, separator?: string) =>
      typeof name === "string" && typeof separator === "string" ? `${name}${separator}${REDACTED}` : REDACTED,
    );
  }
  return result;
}

/** True when `text` still contains one of `secrets` (a test helper and a last check before sending). */
export function containsSecret(text: string, secrets: Iterable<string | undefined | null>): boolean {
  for (const secret of secrets)
    if (typeof secret === "string" && secret.length >= MIN_SECRET_LENGTH && text.includes(secret)) return true;
  return false;
}
