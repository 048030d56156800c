"use client";
/**
 * Import from a live MCP server through this app's server (POST /api/mcp). The server's answer (names,
 * descriptions, schemas) is shown as text only: an MCP server is untrusted (GHSA-g9hg-qhmf-q45m).
 */
import { useState } from "react";
import { apiFetch, readApiError } from "@/components/share/page-token";
import { Button } from "@/components/ui/button";
import type { Catalog, InputProblem } from "@/lib/core/catalog";
import { McpResult } from "./mcp-result";

export type McpImportSuccess = {
  serverName: string;
  serverVersion?: string;
  namespace: string;
  toolCount: number;
  pages: number;
  catalog: Catalog;
  problems: InputProblem[];
};

type Phase =
  | { state: "idle" }
  | { state: "connecting" }
  | { state: "done"; result: McpImportSuccess }
  | { state: "error"; code: string; message: string; problems?: InputProblem[] };

const ERROR_HINTS: Record<string, string> = {
  unreachable: "Nothing answered at that address.",
  timeout: "The server did not answer in time.",
  protocol_error: "Something answered, but not as an MCP server.",
  no_tools: "The server answered but lists no tools.",
  unauthorized: "The server wants credentials.",
  url_not_allowed: "This playground's server is not allowed to connect there.",
  stdio_disabled: "Launching commands is off on this server.",
  stdio_secret_required: "Launching a command needs the stdio secret.",
  stdio_busy: "Other launched servers are still being listed.",
};

/** Same value as STDIO_SECRET_HEADER in lib/server/stdio-policy.ts (that module is Node-only). */
const STDIO_SECRET_HEADER = "x-playground-stdio-secret";
/** Kept in this browser only, so the person pastes it once; other local programs cannot read it. */
const STDIO_SECRET_STORAGE = "playground.stdio-secret";

function storedStdioSecret(): string {
  try {
    return window.localStorage.getItem(STDIO_SECRET_STORAGE) ?? "";
  } catch {
    return "";
  }
}

export function McpImportForm({ onImport }: { onImport(result: McpImportSuccess): void }) {
  const [transport, setTransport] = useState<"http" | "stdio">("http");
  const [url, setUrl] = useState("");
  const [authorization, setAuthorization] = useState("");
  const [command, setCommand] = useState("");
  const [args, setArgs] = useState("");
  const [stdioSecret, setStdioSecret] = useState(storedStdioSecret);
  const [phase, setPhase] = useState<Phase>({ state: "idle" });

  async function connect() {
    setPhase({ state: "connecting" });
    const body =
      transport === "http"
        ? {
            transport,
            url: url.trim(),
            headers: authorization.trim() ? { Authorization: authorization.trim() } : undefined,
          }
        : {
            transport,
            command: command.trim(),
            args: args
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean),
          };
    try {
      const secret = stdioSecret.trim();
      if (transport === "stdio" && secret) {
        try {
          window.localStorage.setItem(STDIO_SECRET_STORAGE, secret);
        } catch {
          // Storage off (private mode): the secret is sent this time and asked for again next visit.
        }
      }
      const response = await apiFetch("/api/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(transport === "stdio" && secret ? { [STDIO_SECRET_HEADER]: secret } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const error = await readApiError(response);
        setPhase({ state: "error", code: error.code, message: error.message });
        return;
      }
      setPhase({ state: "done", result: (await response.json()) as McpImportSuccess });
    } catch (error) {
      setPhase({
        state: "error",
        code: "network",
        message: `mcp-import: the playground's server could not be reached (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  }

  const inputClass = "h-9 w-full rounded-lg border border-line bg-panel px-3 text-sm";
  return (
    <div className="space-y-3" data-testid="mcp-import">
      <div role="radiogroup" aria-label="Connection" className="flex gap-2">
        <Button size="sm" pressed={transport === "http"} onClick={() => setTransport("http")}>
          URL (Streamable HTTP)
        </Button>
        <Button size="sm" pressed={transport === "stdio"} onClick={() => setTransport("stdio")}>
          Command (stdio)
        </Button>
      </div>
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void connect();
        }}
      >
        {transport === "http" ? (
          <>
            <input
              className={inputClass}
              type="url"
              required
              placeholder="https://mcp.example.com/mcp"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-label="MCP server URL"
              data-testid="mcp-url"
            />
            <input
              className={inputClass}
              type="password"
              autoComplete="off"
              placeholder="Authorization header (optional), e.g. Bearer …"
              value={authorization}
              onChange={(event) => setAuthorization(event.target.value)}
              aria-label="Authorization header"
            />
            <p className="text-xs text-muted">The header is sent to the MCP server once and never stored or shared.</p>
          </>
        ) : (
          <>
            <input
              className={inputClass}
              required
              placeholder="npx"
              value={command}
              onChange={(event) => setCommand(event.target.value)}
              aria-label="Command"
              data-testid="mcp-command"
            />
            <textarea
              className="w-full rounded-lg border border-line bg-panel px-3 py-2 font-mono text-sm"
              rows={3}
              placeholder={"one argument per line\n-y\n@modelcontextprotocol/server-everything"}
              value={args}
              onChange={(event) => setArgs(event.target.value)}
              aria-label="Arguments, one per line"
            />
            <input
              className={inputClass}
              type="password"
              autoComplete="off"
              placeholder="Stdio secret (printed by npm start)"
              value={stdioSecret}
              onChange={(event) => setStdioSecret(event.target.value)}
              aria-label="Stdio secret"
              data-testid="mcp-stdio-secret"
            />
            <p className="text-xs text-muted">
              Runs on the playground&apos;s machine without a shell. Off unless the server was started with
              PLAYGROUND_ENABLE_STDIO=1 on 127.0.0.1; then it also needs the secret the server printed at start-up (or
              its PLAYGROUND_STDIO_SECRET), kept in this browser once pasted.
            </p>
          </>
        )}
        <Button type="submit" variant="primary" disabled={phase.state === "connecting"} data-testid="mcp-connect">
          {phase.state === "connecting" ? "Connecting…" : "List tools"}
        </Button>
      </form>
      {phase.state === "error" ? (
        <div
          role="alert"
          className="rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm"
          data-testid="mcp-error"
        >
          {ERROR_HINTS[phase.code] ? <p className="font-semibold text-danger">{ERROR_HINTS[phase.code]}</p> : null}
          <p className="whitespace-pre-wrap break-words text-ink">{phase.message}</p>
        </div>
      ) : null}
      {phase.state === "done" ? <McpResult result={phase.result} onImport={onImport} /> : null}
    </div>
  );
}
