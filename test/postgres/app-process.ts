/**
 * One app process for the several-processes test: the real route handlers (share, tap status, experiment) and the
 * tap's node:http front door on node:http, started the way instrumentation.ts starts the app (the store's shared
 * secret adopted, experiment jobs taken), against the store DATABASE_URL names. Prints `ready <port> <page token>`
 * once listening.
 */
import http from "node:http";
import { startExperimentWorker } from "../../lib/server/experiment-jobs";
import { handleExperimentCancel, handleExperimentRun, handleExperimentState } from "../../lib/server/experiment-route";
import { handleShareGet, handleSharePost } from "../../lib/server/share-handlers";
import { adoptServerSecret, serverSecret } from "../../lib/server/request-guard";
import { getStore } from "../../lib/server/store";
import { tapStatusRoute } from "../../lib/tap/tap-routes";
import { serveTap } from "../../lib/tap/serve-tap";

function route(request: Request, path: string, method: string): Promise<Response> {
  if (path === "/api/share" && method === "POST") return handleSharePost(request);
  if (path.startsWith("/api/share/")) return handleShareGet(request, path.slice("/api/share/".length));
  if (path === "/api/tap") return tapStatusRoute(request, { exposed: () => false });
  if (path === "/api/experiment" && method === "POST") return handleExperimentRun(request);
  if (path === "/api/experiment" && method === "DELETE") return handleExperimentCancel(request);
  if (path === "/api/experiment") return handleExperimentState(request);
  return Promise.resolve(new Response("not found", { status: 404 }));
}

async function main(): Promise<void> {
  adoptServerSecret(await getStore().sharedSecret(serverSecret()));
  await startExperimentWorker();
  const server = http.createServer(async (incoming, outgoing) => {
    if (serveTap(incoming, outgoing, { exposed: () => false })) return;
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = `http://${incoming.headers.host}${incoming.url}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === "string") headers.set(name, value);
    const gone = new AbortController();
    outgoing.on("close", () => gone.abort());
    const request = new Request(url, {
      method: incoming.method,
      headers,
      signal: gone.signal,
      ...(incoming.method === "POST" ? { body: Buffer.concat(chunks) } : {}),
    });
    const response = await route(request, new URL(url).pathname, incoming.method ?? "GET");
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    // Streamed as it comes: the experiment's NDJSON lines arrive while it runs.
    if (response.body) for await (const chunk of response.body) outgoing.write(chunk);
    outgoing.end();
  });
  // As scripts/serve.mjs does through instrumentation.ts: a clean stop hands this process's jobs back.
  process.once("SIGTERM", () => {
    server.close();
    void getStore()
      .close()
      .finally(() => process.exit(0));
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
