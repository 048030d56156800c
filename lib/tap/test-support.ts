/**
 * Tests and the benchmark's in-process mode: the tap served by a bare node:http server exactly as scripts/serve.mjs
 * serves it (serveTap first; anything else is a 404 here, the app there).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serveTap } from "./serve-tap";
import type { TapRouteOptions } from "./tap-routes";

export type TapTestServer = { origin: string; server: Server; close(): Promise<void> };

export async function startTapTestServer(options: TapRouteOptions = {}): Promise<TapTestServer> {
  const server = createServer((incoming, outgoing) => {
    if (!serveTap(incoming, outgoing, options)) outgoing.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
