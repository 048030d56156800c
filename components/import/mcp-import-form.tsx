"use client";
/**
 * Import from a live MCP server through this app's server (POST /api/mcp). The server's answer (names,
 * descriptions, schemas) is shown as text only: an MCP server is untrusted (GHSA-g9hg-qhmf-q45m).
 */
import { useState } from "react";
import { useTranslations } from "use-intl";
import { apiFetch, readApiError, type ApiError } from "@/components/share/page-token";
import { ENGLISH_MESSAGES } from "@/lib/i18n/messages";
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
  | { state: "error"; code: string; message: string; words?: ApiError["words"]; problems?: InputProblem[] };

type FailureWords = keyof (typeof ENGLISH_MESSAGES)["import"]["mcp"]["errors"];
const isFailureWords = (what: string | undefined): what is FailureWords =>
  what !== undefined && Object.hasOwn(ENGLISH_MESSAGES.import.mcp.errors, what);
/** The URL policy's refusals (lib/mcp-import/url-policy.ts) are worded in the `problems` namespace. */
const isUrlWords = (what: string | undefined): boolean =>
  what !== undefined && Object.hasOwn(ENGLISH_MESSAGES.problems.mcpUrl, what);

/** Failures with a one-line hint above the server's explanation (messages `import.mcp.hints.<code>`). */
const HINTED = new Set([
  "unreachable",
  "timeout",
  "protocol_error",
  "no_tools",
  "unauthorized",
  "url_not_allowed",
  "stdio_disabled",
  "stdio_secret_required",
  "stdio_busy",
] as const);
type HintedCode = typeof HINTED extends Set<infer Code> ? Code : never;
const isHinted = (code: string): code is HintedCode => (HINTED as Set<string>).has(code);

/** Wire text, the same in every language. */
const EXAMPLE_URL = "https://mcp.example.com/mcp";
const EXAMPLE_COMMAND = "npx";
const EXAMPLE_ARGS = "-y\n@modelcontextprotocol/server-everything";

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
  const t = useTranslations("import");
  const problemWords = useTranslations("problems") as unknown as (
    key: string,
    values: Record<string, string | number>,
  ) => string;

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
        setPhase({ state: "error", code: error.code, message: error.message, words: error.words });
        return;
      }
      setPhase({ state: "done", result: (await response.json()) as McpImportSuccess });
    } catch (error) {
      setPhase({
        state: "error",
        code: "network",
        message: t("mcp.network", { detail: error instanceof Error ? error.message : String(error) }),
      });
    }
  }

  const inputClass = "h-9 w-full rounded-lg border border-line bg-panel px-3 text-sm";
  return (
    <div className="space-y-3" data-testid="mcp-import">
      <div role="radiogroup" aria-label={t("mcp.connection")} className="flex gap-2">
        <Button size="sm" pressed={transport === "http"} onClick={() => setTransport("http")}>
          {t("mcp.http")}
        </Button>
        <Button size="sm" pressed={transport === "stdio"} onClick={() => setTransport("stdio")}>
          {t("mcp.stdio")}
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
              placeholder={EXAMPLE_URL}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-label={t("mcp.urlLabel")}
              data-testid="mcp-url"
            />
            <input
              className={inputClass}
              type="password"
              autoComplete="off"
              placeholder={t("mcp.authPlaceholder")}
              value={authorization}
              onChange={(event) => setAuthorization(event.target.value)}
              aria-label={t("mcp.authLabel")}
            />
            <p className="text-xs text-muted">{t("mcp.authNote")}</p>
          </>
        ) : (
          <>
            <input
              className={inputClass}
              required
              placeholder={EXAMPLE_COMMAND}
              value={command}
              onChange={(event) => setCommand(event.target.value)}
              aria-label={t("mcp.commandLabel")}
              data-testid="mcp-command"
            />
            <textarea
              className="w-full rounded-lg border border-line bg-panel px-3 py-2 font-mono text-sm"
              rows={3}
              placeholder={`${t("mcp.argsPlaceholder")}\n${EXAMPLE_ARGS}`}
              value={args}
              onChange={(event) => setArgs(event.target.value)}
              aria-label={t("mcp.argsLabel")}
            />
            <input
              className={inputClass}
              type="password"
              autoComplete="off"
              placeholder={t("mcp.secretPlaceholder")}
              value={stdioSecret}
              onChange={(event) => setStdioSecret(event.target.value)}
              aria-label={t("mcp.secretLabel")}
              data-testid="mcp-stdio-secret"
            />
            <p className="text-xs text-muted">{t("mcp.stdioNote")}</p>
          </>
        )}
        <Button type="submit" variant="primary" disabled={phase.state === "connecting"} data-testid="mcp-connect">
          {phase.state === "connecting" ? t("mcp.connecting") : t("mcp.list")}
        </Button>
      </form>
      {phase.state === "error" ? (
        <div
          role="alert"
          className="rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm"
          data-testid="mcp-error"
        >
          {isHinted(phase.code) ? <p className="font-semibold text-danger">{t(`mcp.hints.${phase.code}`)}</p> : null}
          <p className="whitespace-pre-wrap break-words text-ink">
            {phase.words && isFailureWords(phase.words.what)
              ? // The values are the safe facts the server chose to quote (lib/mcp-import/mcp-errors.ts).
                (t as unknown as (key: string, values: Record<string, string | number>) => string)(
                  `mcp.errors.${phase.words.what}`,
                  phase.words.values,
                )
              : phase.words && isUrlWords(phase.words.what)
                ? problemWords(`mcpUrl.${phase.words.what}`, phase.words.values)
                : phase.message}
          </p>
        </div>
      ) : null}
      {phase.state === "done" ? <McpResult result={phase.result} onImport={onImport} /> : null}
    </div>
  );
}
