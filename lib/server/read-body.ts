/** Reads a JSON request body with a hard size cap, so a huge upload is refused before it is buffered. */
import { errorResponse } from "./request-guard";

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
  try {
    return { ok: true, value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false, response: errorResponse(400, "invalid_json", `${label}: the request body is not JSON`) };
  }
}
