/**
 * Helpers for route tests: requests the way the playground page sends them (same origin, page token, optional
 * pasted key), reading the NDJSON answer, and scoped environment variables. Tests only.
 */
import { PROVIDER_KEY_HEADER } from "@/lib/live/api-schema";
import { PAGE_TOKEN_HEADER, serverSecret } from "@/lib/server/request-guard";

export const ORIGIN = "http://localhost:3000";

export function pageRequest(
  path: string,
  body: unknown,
  options: { key?: string; headers?: Record<string, string>; method?: string; signal?: AbortSignal } = {},
): Request {
  const headers: Record<string, string> = {
    host: "localhost:3000",
    origin: ORIGIN,
    "content-type": "application/json",
    [PAGE_TOKEN_HEADER]: serverSecret(),
    ...(options.key ? { [PROVIDER_KEY_HEADER]: options.key } : {}),
    ...options.headers,
  };
  const method = options.method ?? "POST";
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    ...(method === "GET" ? {} : { body: JSON.stringify(body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export type NdjsonLine = Record<string, unknown> & { type: string };

export async function readNdjson(response: Response): Promise<NdjsonLine[]> {
  const text = await response.text();
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as NdjsonLine);
}

/** The `fetch` the browser transport would use, answered by route handlers in-process. */
export function routeFetch(
  routes: Record<string, (request: Request) => Promise<Response> | Response>,
  options: { onResponse?: (path: string, response: Response) => void } = {},
) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const handler = routes[url];
    if (!handler) throw new Error(`routeFetch: no route ${url}`);
    const headers = {
      host: "localhost:3000",
      origin: ORIGIN,
      [PAGE_TOKEN_HEADER]: serverSecret(),
      ...Object.fromEntries(new Headers(init.headers).entries()),
    };
    const response = await handler(new Request(`${ORIGIN}${url}`, { ...init, headers }));
    options.onResponse?.(url, response.clone());
    return init.signal && response.body ? abortable(response, init.signal) : response;
  };
}

/** As a browser's fetch does: aborting the signal errors the body being read and cancels its source. */
function abortable(response: Response, signal: AbortSignal): Response {
  const reader = response.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal.addEventListener(
        "abort",
        () => {
          controller.error(new DOMException("The operation was aborted.", "AbortError"));
          void reader.cancel();
        },
        { once: true },
      );
    },
    async pull(controller) {
      if (signal.aborted) return;
      const { done, value } = await reader.read();
      if (signal.aborted) return;
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** Sets environment variables for one test; returns the function that restores them. */
export function setEnv(values: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
