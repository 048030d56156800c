/**
 * The CPU-heavy part of storing a short link: decode the posted payload with the page's own capped decoder,
 * validate the scenario, and re-encode it canonically (≈ 1 s for a 10,000-tool scenario). Runs inside
 * share-decode-worker.ts, off the server's event loop; kept in its own module so tests can call it directly.
 */
import { envelopeText } from "../share/share-envelope";
import { decodeSharePayload, payloadFromEnvelopeText } from "../share/share-link";

export type CanonicalShare =
  { ok: true; canonicalText: string; payload: string } | { ok: false; code: string; message: string };

export function canonicalShare(payload: string, maxPayloadChars: number): CanonicalShare {
  const decoded = decodeSharePayload(payload, { maxPayloadChars });
  if (!decoded.ok) return { ok: false, code: decoded.error.code, message: decoded.error.message };
  const canonicalText = envelopeText(decoded.workspace);
  return { ok: true, canonicalText, payload: payloadFromEnvelopeText(canonicalText) };
}
