/** Reads a JSON request body with a hard size cap, so a huge upload is refused before it is buffered. */
import { MAX_NESTING_DEPTH, textNestingDepth } from "../catalog/json-text";
import { errorResponse } from "./request-guard";

/**
 * Deepest nesting a request body may have: a catalog schema may nest MAX_NESTING_DEPTH levels, plus room for the
 * envelope, the provider body, the tools array and message content around it. Checked on the text before
 * JSON.parse, so a body 200,000 levels deep never reaches a recursive validator, serialiser or SDK (which would
 * overflow the stack and answer 500).
 */
export const MAX_BODY_NESTING_DEPTH = MAX_NESTING_DEPTH * 2;

/** The reason a body is refused for its nesting, or null when it is within MAX_BODY_NESTING_DEPTH. */
export function bodyNestingProblem(text: string, label: string): string | null {
  const nesting = textNestingDepth(text, MAX_BODY_NESTING_DEPTH);
  return nesting.depth > MAX_BODY_NESTING_DEPTH
    ? `${label}: the request body is nested more than ${MAX_BODY_NESTING_DEPTH} levels deep (a schema or message inside it is; real tool schemas nest under ${MAX_NESTING_DEPTH})`
    : null;
}

export type BodyRead = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJsonBody(request: Request, maxBytes: number, label: string): Promise<BodyRead> {
  const tooLarge = () => ({
    ok: false as const,
    response: errorResponse(
      413,
      "body_too_large",
      `${label}: the request body is larger than ${maxBytes.toLocaleString("en-US")} bytes`,
    ),
  });
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
  if (!request.body)
    return { ok: false, response: errorResponse(400, "empty_body", `${label}: the request has no body`) };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-upload (ECONNRESET): nobody is left to answer, and it is not a server error.
      return { ok: false, response: errorResponse(400, "aborted", `${label}: the upload was interrupted`) };
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, response: errorResponse(400, "invalid_json", `${label}: the request body is not JSON`) };
  }
  const tooDeep = bodyNestingProblem(text, label);
  if (tooDeep) return { ok: false, response: errorResponse(400, "invalid_json", tooDeep) };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: errorResponse(400, "invalid_json", `${label}: the request body is not JSON`) };
  }
}
