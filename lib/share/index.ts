/** Public API of share links: encode a workspace into a URL fragment, and decode untrusted links safely. */
export { decodeBase64Url, encodeBase64Url } from "./base64url";
export { DEFLATE_LEVEL, byteSize, deflateText, formatBytes, inflateText } from "./deflate-codec";
export { envelopeText, readEnvelope, SHARE_FORMAT_VERSION, type SharedWorkspace } from "./share-envelope";
export { type ShareError, type ShareErrorCode } from "./share-errors";
export {
  linkSizeVerdict,
  type LinkSizeVerdict,
  MAX_DECODED_BYTES,
  MAX_PAYLOAD_CHARS,
  MAX_STRING_CHARS,
  SHARE_LINK_COMFORTABLE_CHARS,
  SHARE_LINK_MAX_CHARS,
} from "./share-limits";
export {
  decodeSharePayload,
  type DecodeOptions,
  type DecodeResult,
  type EncodedWorkspace,
  encodeWorkspace,
  INLINE_FRAGMENT_KEY,
  inlineShareUrl,
  type ParsedFragment,
  parseShareFragment,
  payloadFromEnvelopeText,
  SHARE_MIGRATIONS,
  SHORT_LINK_FRAGMENT_KEY,
  SHORT_LINK_ID_PATTERN,
  shortShareUrl,
} from "./share-link";
