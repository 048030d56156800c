/**
 * Share links: the whole workspace in the URL fragment, so opening a link needs no server and the fragment never
 * reaches one (browsers do not send it). Formats:
 *
 *   #s=<version>.<base64url(deflate-raw(envelope JSON))>     the scenario itself
 *   #id=<22 base64url characters>                             a short link stored by this app's server
 *
 * The version prefix names both the codec and the envelope shape. A new format adds a codec (when the bytes
 * change) and a migration from the previous envelope, so links made by older playgrounds keep opening.
 * Everything from a link is untrusted: decoding returns a typed error instead of throwing, and the scenario is
 * validated by parseScenarioValue before anyone uses it.
 */
import { isRecord } from "../catalog/catalog-format";
import { MAX_NESTING_DEPTH, parseJsonText } from "../catalog/json-text";
import type { InputProblem } from "../core/catalog";
import type { Destination, KeyPolicy, WorkspaceState } from "../persistence/state-keys";
import { decodeBase64Url, encodeBase64Url } from "./base64url";
import { deflateText, inflateText, type InflateResult } from "./deflate-codec";
import { envelopeText, readEnvelope, SHARE_FORMAT_VERSION, type SharedWorkspace } from "./share-envelope";
import { shareError, type ShareError } from "./share-errors";
import { MAX_DECODED_BYTES, MAX_PAYLOAD_CHARS } from "./share-limits";
import { INLINE_FRAGMENT_KEY, SHORT_LINK_FRAGMENT_KEY } from "./storage-keys";

export { INLINE_FRAGMENT_KEY, SHORT_LINK_FRAGMENT_KEY };
export const SHORT_LINK_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

type Envelope = Record<string, unknown>;
export type PayloadCodec = (bytes: Uint8Array, maxOutputBytes: number) => InflateResult;
export type EnvelopeMigration = (envelope: Envelope) => Envelope;

/** How each format version's bytes become text. */
export const PAYLOAD_CODECS: Record<number, PayloadCodec> = {
  1: inflateText,
};

/** MIGRATIONS[n] lifts a version-n envelope to version n+1 (none yet: version 1 is the first format). */
export const SHARE_MIGRATIONS: Record<number, EnvelopeMigration> = {};

export type EncodedWorkspace = {
  /** `<version>.<base64url>`: what goes after `#s=`, and what the short-link store keeps. */
  payload: string;
  /** The envelope JSON before compression (its hash is the short-link id). */
  text: string;
};

/** Encodes the keys `table` allows for `destination` (share links by default). */
export function encodeWorkspace(
  state: Partial<WorkspaceState>,
  destination: Destination = "share",
  table?: Record<string, KeyPolicy>,
): EncodedWorkspace {
  const text = envelopeText(state, destination, table);
  return { payload: payloadFromEnvelopeText(text), text };
}

export function payloadFromEnvelopeText(text: string): string {
  return `${SHARE_FORMAT_VERSION}.${encodeBase64Url(deflateText(text))}`;
}

export type DecodeOptions = {
  maxPayloadChars?: number;
  maxDecodedBytes?: number;
  /** For tests of older formats; the defaults are the real tables. */
  codecs?: Record<number, PayloadCodec>;
  migrations?: Record<number, EnvelopeMigration>;
  currentVersion?: number;
};

export type DecodeResult =
  | { ok: true; workspace: SharedWorkspace; problems: InputProblem[]; version: number; text: string }
  | { ok: false; error: ShareError };

/** Decodes a `<version>.<base64url>` payload into a validated workspace. Never throws, whatever the input. */
export function decodeSharePayload(payload: string, options: DecodeOptions = {}): DecodeResult {
  try {
    return decodeUnsafe(payload, options);
  } catch (error) {
    // Every step above returns its own typed error; this is the last line of defence for the page.
    return {
      ok: false,
      error: shareError(
        "corrupt",
        `share-link: the link could not be read (${error instanceof Error ? error.message : String(error)})`,
      ),
    };
  }
}

function decodeUnsafe(payload: string, options: DecodeOptions): DecodeResult {
  const codecs = options.codecs ?? PAYLOAD_CODECS;
  const migrations = options.migrations ?? SHARE_MIGRATIONS;
  const currentVersion = options.currentVersion ?? SHARE_FORMAT_VERSION;
  const maxPayloadChars = options.maxPayloadChars ?? MAX_PAYLOAD_CHARS;
  if (typeof payload !== "string" || payload.trim() === "") return failure("empty", "share-link: the link is empty");
  if (payload.length > maxPayloadChars) {
    return failure(
      "too-long",
      `share-link: the link is ${payload.length.toLocaleString("en-US")} characters, more than the ${maxPayloadChars.toLocaleString("en-US")} allowed`,
    );
  }
  const match = /^(\d{1,6})\.([\s\S]*)$/.exec(payload.trim());
  if (!match)
    return failure(
      "bad-format",
      "share-link: this is not a playground link (it should start with a version number and a dot)",
    );
  const version = Number(match[1]);
  const codec = codecs[version];
  if (version > currentVersion) {
    return failure(
      "unsupported-version",
      `share-link: the link was made by a newer playground (format ${version}; this one reads up to ${currentVersion}); update the playground`,
    );
  }
  if (!codec) return failure("unsupported-version", `share-link: unknown link format ${version}`);
  const bytes = decodeBase64Url(match[2]);
  if (!bytes) {
    return /^[A-Za-z0-9_-]*$/.test(match[2])
      ? failure("truncated", "share-link: the link ends early (it was cut off when copied)")
      : failure(
          "bad-encoding",
          "share-link: the link contains characters that do not belong to it (was it changed when copied?)",
        );
  }
  const inflated = codec(bytes, options.maxDecodedBytes ?? MAX_DECODED_BYTES);
  if (!inflated.ok) return failure(inflated.reason, inflated.message);
  const parsed = parseJsonText(inflated.text, "share-link");
  if (parsed.value === undefined) {
    const first = parsed.problems[0];
    const tooDeep = first?.message.includes(`deeper than ${MAX_NESTING_DEPTH}`);
    const tooLarge = first?.message.includes("larger than");
    const message = first ? first.message.replace(/^(json|share-link): /, "") : "not JSON";
    return failure(
      tooDeep ? "too-deep" : tooLarge ? "too-large" : "bad-json",
      `share-link: ${message}`,
      parsed.problems,
    );
  }
  let envelope: unknown = parsed.value;
  const declared = isRecord(envelope) ? envelope.v : undefined;
  if (declared !== version) {
    return failure(
      "invalid-envelope",
      `share-link: the link says format ${version} outside but ${JSON.stringify(declared)} inside; it was tampered with`,
    );
  }
  for (let current = version; current < currentVersion; current++) {
    const migrate = migrations[current];
    if (!migrate) return failure("unsupported-version", `share-link: no migration from link format ${current}`);
    envelope = migrate(envelope as Envelope);
  }
  const read = readEnvelope(envelope);
  if (!read.ok) return { ok: false, error: read.error };
  const problems =
    version < currentVersion
      ? [
          {
            severity: "warning" as const,
            path: "$.v",
            message: `share-link: upgraded from link format ${version} to ${currentVersion}`,
            code: "linkUpgraded",
            values: { from: version, to: currentVersion },
          },
          ...read.problems,
        ]
      : read.problems;
  return { ok: true, workspace: read.workspace, problems, version, text: inflated.text };
}

function failure(code: ShareError["code"], message: string, problems?: InputProblem[]): DecodeResult {
  return { ok: false, error: shareError(code, message, problems) };
}

export type ParsedFragment =
  | { kind: "none" }
  | { kind: "inline"; payload: string }
  | { kind: "short"; id: string }
  | { kind: "invalid"; error: ShareError };

/**
 * Reads `location.hash`. Fragments that are not ours (`#section`) are `none`, so the page ignores them. Never throws.
 */
export function parseShareFragment(hash: string): ParsedFragment {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  if (fragment === "") return { kind: "none" };
  const separator = fragment.indexOf("=");
  if (separator < 0) return { kind: "none" };
  const key = fragment.slice(0, separator);
  const value = fragment.slice(separator + 1);
  if (key === INLINE_FRAGMENT_KEY) return { kind: "inline", payload: value };
  if (key === SHORT_LINK_FRAGMENT_KEY) {
    if (SHORT_LINK_ID_PATTERN.test(value)) return { kind: "short", id: value };
    return {
      kind: "invalid",
      error: shareError(
        "bad-format",
        "share-link: the short link id is malformed (it should be 22 letters, digits, - or _)",
      ),
    };
  }
  return { kind: "none" };
}

/** `https://host/path#s=…`; `base` is the page URL without its fragment (`location.origin + location.pathname`). */
export function inlineShareUrl(base: string, payload: string): string {
  return `${stripFragment(base)}#${INLINE_FRAGMENT_KEY}=${payload}`;
}

export function shortShareUrl(base: string, id: string): string {
  return `${stripFragment(base)}#${SHORT_LINK_FRAGMENT_KEY}=${id}`;
}

function stripFragment(url: string): string {
  const hashAt = url.indexOf("#");
  return hashAt < 0 ? url : url.slice(0, hashAt);
}
