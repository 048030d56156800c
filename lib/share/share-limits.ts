/**
 * Size limits of share links. Every figure is a named constant with the reason it has this value.
 */
import { MAX_TEXT_CHARACTERS } from "../catalog/json-text";

/**
 * Up to this many characters a link is safe to paste anywhere people share things. 8 KB is the smallest limit
 * that still matters in practice: it is the request-line limit of common servers and proxies (nginx and Apache
 * default to 8 KB), which link unfurlers and URL shorteners pass through, and it keeps a link readable in an email.
 * The fragment itself never reaches our server, but links travel through other people's tools.
 */
export const SHARE_LINK_COMFORTABLE_CHARS = 8_000;

/**
 * Above this many characters the dialog calls the link too big and leads with a short link and the file. Browsers
 * open far longer URLs (Chrome 2 MB), but chat apps cut messages before that: Slack at 40,000 characters, Teams at
 * roughly 28 KB of message, GitHub comments at 65,536. 32,000 is under the first two once text is around it, and
 * still fits a scenario of about a hundred real MCP tools (GitHub's 117-tool server encodes to 29,334 characters).
 */
export const SHARE_LINK_MAX_CHARS = 32_000;

/**
 * The decoder refuses longer payloads before doing any work. Short links are stored compressed up to 5 MB
 * (base64url: ×4/3), and inline links longer than Chrome's 2 MB URL limit cannot exist.
 */
export const MAX_PAYLOAD_CHARS = 7 * 1024 * 1024;

/**
 * Hard cap on decompressed output: the same cap as every other JSON text the playground reads. The largest
 * shipped example (10,000 tools) is 14.8 MB of JSON. A decompression bomb stops here.
 */
export const MAX_DECODED_BYTES = MAX_TEXT_CHARACTERS;

/** No real scenario has a single string this long (tool descriptions are a few KB); a link that does is hostile. */
export const MAX_STRING_CHARS = 1_000_000;

/** The step index is a position in a run; runs are a few dozen steps. */
export const MAX_STEP_INDEX = 100_000;

export type LinkSizeVerdict = "comfortable" | "long" | "too-long";

export function linkSizeVerdict(linkLength: number): LinkSizeVerdict {
  if (linkLength <= SHARE_LINK_COMFORTABLE_CHARS) return "comfortable";
  if (linkLength <= SHARE_LINK_MAX_CHARS) return "long";
  return "too-long";
}
