#!/usr/bin/env node
/**
 * `npm start`: serves the production build on 127.0.0.1 (this machine only) unless told otherwise.
 *
 *   npm start                                   http://127.0.0.1:3000, unreachable from other machines
 *   npm start -- --port 4000                    another port (or PORT=4000)
 *   PLAYGROUND_HOST=0.0.0.0 npm start           every interface: the server is then "exposed" (docs/SECURITY.md)
 *   npm start -- --host 0.0.0.0                 the same, as a flag
 *   node scripts/serve.mjs --dev                next dev behind the same front door
 *
 * Why not plain `next start`: it listens on every interface by default, and it cannot tell the app who is on the
 * other end of a request (Next.js copies the socket address into X-Forwarded-For only when the client sent none,
 * so a client can claim to be 127.0.0.1). This server overwrites x-playground-peer-address with the socket's
 * address on every request and marks the process, so lib/server/exposure.ts can believe it.
 *
 * Plain JavaScript on purpose: it runs with `node`, before and without any build tool.
 */
/* global process, console, setTimeout */
import http from "node:http";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";

const PEER_ADDRESS_HEADER = "x-playground-peer-address";
const PEER_HEADER_TRUSTED = Symbol.for("tool-disclosure-playground.peer-header-trusted");
// lib/tap/serve-tap.ts, put here by instrumentation.ts when Next prepares the app.
const TAP_HANDLER = Symbol.for("tool-disclosure-playground.tap-handler");
// Closes the store (experiment jobs go back to the queue at once), put here by instrumentation.ts.
const BEFORE_EXIT = Symbol.for("tool-disclosure-playground.before-exit");
const BEFORE_EXIT_MS = 5_000;
const LOOPBACK = "127.0.0.1";

function fail(message) {
  console.error(`serve: ${message}`);
  console.error("usage: node scripts/serve.mjs [--host <address>] [--port <number>] [--dev]");
  process.exit(2);
}

function parseArguments(argv) {
  const options = {
    host: process.env.PLAYGROUND_HOST?.trim() || LOOPBACK,
    port: process.env.PORT?.trim() || "3000",
    dev: false,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = () => argv[++index] ?? fail(`${argument} needs a value`);
    if (argument === "--host" || argument === "-H" || argument === "--hostname") options.host = value();
    else if (argument === "--port" || argument === "-p") options.port = value();
    else if (argument === "--dev") options.dev = true;
    else fail(`unknown argument ${argument}`);
  }
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`not a port: ${options.port}`);
  return { ...options, port };
}

function isLoopback(host) {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const options = parseArguments(process.argv.slice(2));

// Launching MCP servers over stdio runs commands on this machine, so it needs a secret that only someone who sees
// this terminal (or sets it in the environment) knows; the page token alone is readable by any local process that
// loads the page (lib/server/stdio-policy.ts, docs/SECURITY.md).
if (process.env.PLAYGROUND_ENABLE_STDIO === "1" && !process.env.PLAYGROUND_STDIO_SECRET?.trim()) {
  process.env.PLAYGROUND_STDIO_SECRET = randomBytes(18).toString("base64url");
  console.log(
    `serve: stdio import is on. Its secret, to paste once under Import > Command (stdio): ${process.env.PLAYGROUND_STDIO_SECRET}`,
  );
}
const directory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const app = next({ dev: options.dev, dir: directory, hostname: options.host, port: options.port });
const handle = app.getRequestHandler();
await app.prepare();

globalThis[PEER_HEADER_TRUSTED] = true;
let tapMissingLogged = false;

/** Whether lib/tap answered the request (only `/tap/<provider>/…`); looked up each time, as `--dev` loads it later. */
function servedByTap(request, response) {
  if (!request.url?.startsWith("/tap/")) return false;
  const serveTap = globalThis[TAP_HANDLER];
  if (typeof serveTap === "function") {
    try {
      return serveTap(request, response);
    } catch (error) {
      // A fault in the tap answers one request with an error; it must not take the server down.
      console.error("serve: tap request failed", error);
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      response.end("internal error");
      return true;
    }
  }
  if (!tapMissingLogged)
    console.error("serve: the recording tap is not loaded (instrumentation.ts); /tap/… goes to Next");
  tapMissingLogged = true;
  return false;
}

const server = http.createServer((request, response) => {
  // Whatever a client sent under this name is replaced: only the socket knows who is calling.
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  // The tap's endpoints skip Next's routing, which cost more time to first byte than the tap may add; serveTap
  // applies the same guards itself and returns false for every other path.
  if (servedByTap(request, response)) return;
  handle(request, response).catch((error) => {
    console.error("serve: request failed", error);
    if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    response.end("internal error");
  });
});
// A client that goes away mid-upload resets its socket, and one whose request was answered before its body was read
// leaves body bytes that no longer parse as a request: neither is a server error worth a log line.
server.on("clientError", (error, socket) => {
  const expected = ["ECONNRESET", "EPIPE"].includes(error.code) || String(error.code).startsWith("HPE_");
  if (!expected) console.error("serve: client error", error.code ?? error.message);
  if (socket.writable && String(error.code).startsWith("HPE_"))
    socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  else socket.destroy();
});
server.on("error", (error) => fail(`cannot listen on ${options.host}:${options.port}: ${error.message}`));
server.listen(options.port, options.host, () => {
  const shown = options.host.includes(":") && !options.host.startsWith("[") ? `[${options.host}]` : options.host;
  console.log(`serve: Tool Disclosure Playground on http://${shown}:${options.port}${options.dev ? " (dev)" : ""}`);
  if (isLoopback(options.host)) {
    console.log("serve: listening on loopback only; other machines cannot connect.");
  } else {
    console.log(
      "serve: EXPOSED: other machines can connect. localhost is only served to this machine, MCP import refuses " +
        "private addresses, and server-side provider keys are off (docs/SECURITY.md, section Exposed). " +
        "Open the page by a name listed in PLAYGROUND_ALLOWED_HOSTS.",
    );
  }
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close();
    const beforeExit = globalThis[BEFORE_EXIT];
    const closed = typeof beforeExit === "function" ? Promise.resolve(beforeExit()).catch(() => {}) : Promise.resolve();
    const limit = new Promise((resolve) => setTimeout(resolve, BEFORE_EXIT_MS).unref());
    void Promise.race([closed, limit]).then(() => process.exit(0));
  });
}
