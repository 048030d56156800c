/**
 * Tests and the benchmark's in-process mode: the tap's route functions served by a bare node:http server, mounted as
 * Next mounts them (`/tap/anthropic/…`, `/tap/openai/v1/…`, `/tap/moonshot/v1/…`). Request bodies stream in, and
 * answers stream out chunk by chunk; a client that hangs up aborts the Request's signal and cancels the body, as
 * Next does.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { tapRoute, type TapRouteOptions } from "./tap-routes";
import { TAP_ENDPOINTS, TAP_IDS } from "./upstreams";

export type TapTestServer = { origin: string; server: Server; close(): Promise<void> };

function toRequest(incoming: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(`${origin}${incoming.url ?? "/"}`, {
    method: incoming.method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
    signal,
    // @ts-expect-error Node's fetch needs duplex for a streamed body; the DOM types do not know it.
    duplex: "half",
  });
}

export async function startTapTestServer(options: TapRouteOptions = {}): Promise<TapTestServer> {
  let origin = "";
  const server = createServer((incoming, outgoing) => {
    const path = (incoming.url ?? "/").split("?")[0];
    const tap = TAP_IDS.find((id) => path.startsWith(`${TAP_ENDPOINTS[id].mount}/`));
    if (!tap) {
      outgoing.writeHead(404).end();
      return;
    }
    const segments = path
      .slice(TAP_ENDPOINTS[tap].mount.length + 1)
      .split("/")
      .map((segment) => decodeURIComponent(segment));
    const aborter = new AbortController();
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) aborter.abort();
    });
    void (async () => {
      const response = await tapRoute(toRequest(incoming, origin, aborter.signal), tap, segments, options);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      outgoing.writeHead(response.status, headers);
      if (!response.body) {
        outgoing.end();
        return;
      }
      const reader = response.body.getReader();
      aborter.signal.addEventListener("abort", () => void reader.cancel().catch(() => undefined), { once: true });
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          outgoing.write(value);
        }
        outgoing.end();
      } catch {
        outgoing.destroy();
      }
    })().catch(() => outgoing.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
