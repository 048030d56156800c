import type { SdkCall, SdkClients } from "../sdk-clients";

/**
 * A streaming generateContent call over HTTP (`:streamGenerateContent?alt=sse`): the server's guarded fetch, the
 * key in `x-goog-api-key`. The model is in the path, so it is taken out of the body the routes validated.
 */
export async function geminiStreamOpener(
  clients: SdkClients,
  call: SdkCall,
  signal: AbortSignal,
): Promise<AsyncIterable<unknown>> {
  const { baseURL, apiKey, fetch } = clients.http();
  const { model, cachedContentCreate, ...rest } = call.body;
  const base = baseURL.replace(/\/+$/, "");
  const headers = { "content-type": "application/json", "x-goog-api-key": apiKey };
  // Explicit caching: the cached content object is made first (POST cachedContents), and the request names it.
  let made: string | undefined;
  if (cachedContentCreate && typeof cachedContentCreate === "object") {
    const created = await fetch(`${base}/cachedContents`, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: `models/${String(model)}`, ...cachedContentCreate }),
      signal,
    });
    if (!created.ok) await fail(created);
    made = String(((await created.json()) as { name?: unknown }).name ?? "");
  }
  const body = made ? { ...rest, cachedContent: made } : rest;
  const url = `${base}/models/${encodeURIComponent(String(model))}:streamGenerateContent?alt=sse`;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal });
  if (!response.ok || !response.body) await fail(response);
  const events = sseEvents(response.body!);
  // The reply says which object was made, so the live run names it in its next requests.
  return made ? withFirst({ cachedContent: made }, events) : events;
}

async function fail(response: Response): Promise<never> {
  const text = await response.text().catch(() => "");
  throw Object.assign(new Error(`gemini: HTTP ${response.status} ${text.slice(0, 500)}`), {
    status: response.status,
  });
}

async function* withFirst(first: unknown, rest: AsyncIterable<unknown>): AsyncIterable<unknown> {
  yield first;
  yield* rest;
}

/** The JSON of each `data:` line of a server-sent event stream. */
async function* sseEvents(stream: ReadableStream<Uint8Array>): AsyncIterable<unknown> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trim())
        .join("");
      if (data) yield JSON.parse(data) as unknown;
      end = buffer.indexOf("\n\n");
    }
  }
}
