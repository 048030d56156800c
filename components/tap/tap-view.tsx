"use client";
/**
 * The Tap view: how to connect, then the recorded session explained live. The page asks /api/tap every
 * POLL_MS for the sessions; when the one on screen has grown it fetches the session's JSONL export and hands it to
 * trace import (the trace worker), so each request arrives with the explanation a file import gives — the same code,
 * the same words — and `npm run tap -- export` run through `npm run trace` reads the same text.
 */
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, readApiError } from "@/components/share/page-token";
import { TraceResult } from "@/components/trace/trace-result";
import { useTraceImport } from "@/components/trace/use-trace-import";
import { Button } from "@/components/ui/button";
import { encodeWorkspace } from "@/lib/share";
import { connectionLines } from "@/lib/tap/connection-lines";
import { providerLabel } from "@/lib/view/provider-labels";
import type { TapSessionSummary } from "@/lib/server/store/sqlite-tap-store";
import { TapConnect } from "./tap-connect";
import { TapSettings, type TapHealthView } from "./tap-settings";

const POLL_MS = 1_500;

type TapSession = TapSessionSummary;

type TapStatus = {
  on: boolean;
  reason: string | null;
  store: TapHealthView;
  settings: { retentionDays: number } | null;
  sessions: TapSession[];
};

function incompleteLines(jsonl: string): Array<{ line: number; reason: string }> {
  return jsonl.split("\n").flatMap((line, index) => {
    if (!line.includes('"incomplete"')) return [];
    try {
      const reason = (JSON.parse(line) as { incomplete?: unknown }).incomplete;
      return typeof reason === "string" ? [{ line: index + 1, reason }] : [];
    } catch {
      return [];
    }
  });
}

function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function TapView() {
  const t = useTranslations("tap");
  const locale = useLocale() as Locale;
  const [origin, setOrigin] = useState("http://127.0.0.1:3000");
  const [status, setStatus] = useState<TapStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The session on screen; null follows the newest. */
  const [chosen, setChosen] = useState<string | null>(null);
  const [theme, setTheme] = useState<"light" | "dark">("light");
  const trace = useTraceImport({ show: "last", keepViewWhileReading: true });
  const { importText, reset } = trace;
  const shown = useRef<string>("");
  /** Requests of the session on screen whose stream one side abandoned, by the export's line (trace's "line N"). */
  const [incomplete, setIncomplete] = useState<Array<{ line: number; reason: string }>>([]);

  useEffect(() => {
    setOrigin(window.location.origin);
    setTheme(document.documentElement.classList.contains("dark") ? "dark" : "light");
  }, []);

  const refresh = useCallback(async () => {
    const response = await apiFetch("/api/tap").catch(() => null);
    if (!response) return setError(t("view.noAnswer"));
    if (!response.ok) return setError((await readApiError(response)).message);
    setError(null);
    setStatus((await response.json()) as TapStatus);
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const session = status?.sessions.find((candidate) => candidate.id === chosen) ?? status?.sessions[0] ?? null;

  // A session that has grown (or another one chosen) is read again through trace import.
  useEffect(() => {
    if (!session) {
      if (shown.current !== "") reset();
      shown.current = "";
      return;
    }
    const version = `${session.id}:${session.requests}:${session.lastAtMs}`;
    if (version === shown.current) return;
    shown.current = version;
    void apiFetch(`/api/tap/export?session=${encodeURIComponent(session.id)}&format=jsonl`).then(async (response) => {
      if (!response.ok) return setError((await readApiError(response)).message);
      const text = await response.text();
      setIncomplete(incompleteLines(text));
      importText(text, `Session ${session.id}`);
    });
  }, [session, importText, reset]);

  const post = async (body: unknown) => {
    const response = await apiFetch("/api/tap", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) setError((await readApiError(response)).message);
    await refresh();
  };

  const exportAs = async (format: "jsonl" | "har") => {
    if (!session) return;
    const response = await apiFetch(`/api/tap/export?session=${encodeURIComponent(session.id)}&format=${format}`);
    if (!response.ok) return setError((await readApiError(response)).message);
    download(
      await response.text(),
      `tap-${session.id}.${format}`,
      format === "har" ? "application/json" : "application/x-ndjson",
    );
  };

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-6" data-testid="tap-view">
      <header className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-xl font-semibold">{t("view.title")}</h1>
        <a href="/" className="text-sm text-accent underline">
          {t("view.back")}
        </a>
      </header>
      {status && !status.on ? (
        <p role="alert" className="rounded border border-danger/40 bg-danger-soft px-3 py-2 text-sm">
          {status.reason}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded border border-danger/40 bg-danger-soft px-3 py-2 text-sm">
          {error}
        </p>
      ) : null}
      <TapConnect lines={connectionLines(origin)} />
      <TapSettings
        retentionDays={status?.settings?.retentionDays ?? null}
        health={status?.store ?? null}
        sessionId={session?.id ?? null}
        onRetention={(days) => void post({ retentionDays: days })}
        onDelete={(target) => {
          if (target === chosen) setChosen(null);
          void post({ delete: target });
        }}
      />
      {status && status.sessions.length > 0 ? (
        <section className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor="tap-session">{t("view.session")}</label>
          <select
            id="tap-session"
            className="rounded border border-line bg-panel px-2 py-1"
            value={chosen ?? ""}
            onChange={(event) => setChosen(event.target.value || null)}
          >
            <option value="">{t("view.newest")}</option>
            {status.sessions.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {t("view.sessionOption", {
                  id: candidate.id,
                  requests: candidate.requests,
                  provider: providerLabel(candidate.provider, locale),
                  incomplete: candidate.incomplete,
                })}
              </option>
            ))}
          </select>
        </section>
      ) : null}
      {status && status.sessions.length === 0 ? (
        <p className="text-sm text-muted" data-testid="tap-waiting">
          {t("view.waiting")}
        </p>
      ) : null}
      {session && incomplete.length > 0 ? (
        <ul className="space-y-0.5 text-xs text-ink-soft" data-testid="tap-incomplete">
          {incomplete.map((entry) => (
            <li key={entry.line}>{t("view.incomplete", { line: entry.line, reason: entry.reason })}</li>
          ))}
        </ul>
      ) : null}
      {trace.state.status === "failed" ? (
        <p role="alert" className="text-sm">
          {trace.state.error.replace(/^trace: /, "")}
        </p>
      ) : null}
      {trace.state.status === "reading" ? <p className="text-sm text-muted">{t("view.reading")}</p> : null}
      {session && trace.state.status === "ready" ? (
        <TraceResult
          view={trace.state.view}
          heading={t("view.heading", { id: session.id })}
          detail={trace.detail}
          selectedIndex={trace.selectedIndex}
          onSelect={trace.select}
          theme={theme}
          onOpenReplay={() => {
            if (trace.state.status !== "ready") return;
            const { payload } = encodeWorkspace({ scenario: trace.state.view.scenario });
            window.open(`/#s=${payload}`, "_blank", "noopener");
          }}
          actions={
            <>
              <Button size="sm" variant="ghost" onClick={() => void exportAs("jsonl")}>
                {t("view.exportJsonl")}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void exportAs("har")}>
                {t("view.exportHar")}
              </Button>
            </>
          }
        />
      ) : null}
    </main>
  );
}
