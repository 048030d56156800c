/**
 * One app process for the several-processes test: the real share route handlers (app/api/share) and the tap's
 * status route on node:http, started the way instrumentation.ts starts the app (the store's shared secret adopted),
 * against the store DATABASE_URL names. Prints `ready <port> <page token>` once listening.
 */
import http from "node:http";
import { handleShareGet, handleSharePost } from "../../lib/server/share-handlers";
import { adoptServerSecret, serverSecret } from "../../lib/server/request-guard";
import { getStore } from "../../lib/server/store";
import { tapStatusRoute } from "../../lib/tap/tap-routes";

async function main(): Promise<void> {
  adoptServerSecret(await getStore().sharedSecret(serverSecret()));
  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = `http://${incoming.headers.host}${incoming.url}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === "string") headers.set(name, value);
    const request = new Request(url, {
      method: incoming.method,
      headers,
      ...(incoming.method === "POST" ? { body: Buffer.concat(chunks) } : {}),
    });
    const path = new URL(url).pathname;
    const response =
      path === "/api/share" && incoming.method === "POST"
        ? await handleSharePost(request)
        : path.startsWith("/api/share/")
          ? await handleShareGet(request, path.slice("/api/share/".length))
          : path === "/api/tap"
            ? await tapStatusRoute(request, { exposed: () => false })
            : new Response("not found", { status: 404 });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    if (address && typeof address === "object") process.stdout.write(`ready ${address.port} ${serverSecret()}\n`);
  });
}

void main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
