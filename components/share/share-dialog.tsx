"use client";
/**
 * The share dialog: the link with its size, a short link stored by this server when the link is too long for
 * chats, and the scenario file. Everything shown is text (React escapes it); nothing from a scenario becomes HTML.
 */
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { shortLinkErrorText } from "@/lib/share/share-error-text";
import { Button } from "@/components/ui/button";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { serializeScenario } from "@/lib/scenario/serialize-scenario";
import {
  byteSize,
  encodeWorkspace,
  inlineShareUrl,
  linkSizeVerdict,
  SHARE_LINK_COMFORTABLE_CHARS,
  SHARE_LINK_MAX_CHARS,
  shortShareUrl,
} from "@/lib/share";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { copyText, downloadText, fileNameFor } from "./download";
import { apiFetch, readApiError } from "./page-token";

export type ShareDialogProps = {
  open: boolean;
  onClose(): void;
  /** The workspace to share; only the keys the persistence table marks shareable go into the link. */
  workspace: Partial<WorkspaceState> | null;
  /** The page URL without fragment; defaults to the current page. */
  baseUrl?: string;
};

type Encoded = { url: string; payload: string } | { error: string };
type ShortLink =
  { state: "idle" } | { state: "creating" } | { state: "done"; url: string } | { state: "error"; message: string };

export function ShareDialog({ open, onClose, workspace, baseUrl }: ShareDialogProps) {
  const [encoded, setEncoded] = useState<Encoded | null>(null);
  const [shortLink, setShortLink] = useState<ShortLink>({ state: "idle" });
  const [copied, setCopied] = useState<string | null>(null);
  const t = useTranslations("share");
  const locale = useLocale() as Locale;

  useEffect(() => {
    if (!open || !workspace?.scenario) return;
    // Encoding a 10,000-tool scenario takes about a second: let the dialog paint first.
    const timer = setTimeout(() => {
      try {
        const { payload } = encodeWorkspace(workspace);
        const base = baseUrl ?? window.location.origin + window.location.pathname;
        setEncoded({ url: inlineShareUrl(base, payload), payload });
      } catch (error) {
        setEncoded({
          error: t("dialog.encodeFailed", { detail: error instanceof Error ? error.message : String(error) }),
        });
      }
      setShortLink({ state: "idle" });
      setCopied(null);
    }, 0);
    return () => {
      clearTimeout(timer);
      setEncoded(null);
    };
  }, [open, workspace, baseUrl]);

  async function copy(label: string, text: string) {
    setCopied((await copyText(text)) ? label : `${label}-failed`);
  }

  async function createShortLink(payload: string) {
    setShortLink({ state: "creating" });
    try {
      const response = await apiFetch("/api/share", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ payload }),
      });
      if (!response.ok) {
        const error = await readApiError(response);
        const words = locale === "en" ? null : shortLinkErrorText(error.code, locale);
        setShortLink({ state: "error", message: words ?? error.message });
        return;
      }
      const { id } = (await response.json()) as { id: string };
      setShortLink({
        state: "done",
        url: shortShareUrl(baseUrl ?? window.location.origin + window.location.pathname, id),
      });
    } catch (error) {
      setShortLink({
        state: "error",
        message: t("dialog.serverUnreachable", { detail: error instanceof Error ? error.message : String(error) }),
      });
    }
  }

  const scenario = workspace?.scenario;
  const verdict = encoded && "url" in encoded ? linkSizeVerdict(encoded.url.length) : null;

  return (
    <DialogFrame open={open} onClose={onClose} title={t("dialog.title")} testId="share-dialog">
      {!scenario ? <p className="text-sm text-muted">{t("dialog.nothing")}</p> : null}
      {scenario && !encoded ? <p className="text-sm text-muted">{t("dialog.preparing")}</p> : null}
      {encoded && "error" in encoded ? (
        <p role="alert" className="text-sm text-danger">
          {encoded.error}
        </p>
      ) : null}
      {encoded && "url" in encoded && verdict ? (
        <div className="space-y-5">
          <section>
            <label htmlFor="share-link-text" className="text-sm font-semibold">
              {t("dialog.link")}
            </label>
            <p className="mt-1 text-xs text-muted">
              {t.rich("dialog.linkNote", { code: (chunks) => <code>{chunks}</code> })}
            </p>
            <textarea
              id="share-link-text"
              readOnly
              rows={3}
              value={encoded.url}
              data-testid="share-link"
              onFocus={(event) => event.currentTarget.select()}
              className="mt-2 w-full resize-none rounded-lg border border-line bg-panel-muted px-3 py-2 font-mono text-xs text-ink"
            />
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <Button
                onClick={() => void copy("link", encoded.url)}
                data-testid="share-copy-link"
                variant={verdict === "too-long" ? "secondary" : "primary"}
              >
                {copied === "link" ? t("dialog.copied") : t("dialog.copyLink")}
              </Button>
              <span
                data-testid="share-link-size"
                data-verdict={verdict}
                className={`text-sm ${verdict === "comfortable" ? "text-muted" : "text-warning"}`}
              >
                {t("dialog.size", { count: encoded.url.length, ...byteSize(encoded.url.length) })}
              </span>
            </div>
            <p
              className={`mt-2 text-sm ${verdict === "comfortable" ? "text-muted" : "text-warning"}`}
              data-testid="share-verdict"
            >
              {t(`dialog.verdict.${verdict}`, {
                comfortable: SHARE_LINK_COMFORTABLE_CHARS,
                max: SHARE_LINK_MAX_CHARS,
              })}
            </p>
            {copied?.endsWith("-failed") ? <p className="mt-1 text-sm text-danger">{t("dialog.copyFailed")}</p> : null}
          </section>

          <section>
            <h3 className="text-sm font-semibold">{t("dialog.shortLink")}</h3>
            <p className="mt-1 text-xs text-muted">{t("dialog.shortLinkNote")}</p>
            {shortLink.state === "done" ? (
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <input
                  readOnly
                  value={shortLink.url}
                  data-testid="share-short-link"
                  onFocus={(event) => event.currentTarget.select()}
                  className="h-9 min-w-0 flex-1 rounded-lg border border-line bg-panel-muted px-3 font-mono text-xs"
                />
                <Button onClick={() => void copy("short", shortLink.url)}>
                  {copied === "short" ? t("dialog.copied") : t("dialog.copy")}
                </Button>
              </div>
            ) : (
              <Button
                className="mt-2"
                onClick={() => void createShortLink(encoded.payload)}
                disabled={shortLink.state === "creating"}
                data-testid="share-create-short-link"
                variant={verdict === "too-long" ? "primary" : "secondary"}
              >
                {shortLink.state === "creating" ? t("dialog.storing") : t("dialog.createShortLink")}
              </Button>
            )}
            {shortLink.state === "error" ? (
              <p role="alert" className="mt-2 text-sm text-danger" data-testid="share-short-link-error">
                {shortLink.message}
              </p>
            ) : null}
          </section>

          <section>
            <h3 className="text-sm font-semibold">{t("dialog.file")}</h3>
            <p className="mt-1 text-xs text-muted">{t("dialog.fileNote")}</p>
            <Button
              className="mt-2"
              data-testid="share-download-file"
              onClick={() => downloadText(fileNameFor(scenario!.title, "json"), serializeScenario(scenario!))}
            >
              {t("dialog.download")}
            </Button>
          </section>
        </div>
      ) : null}
    </DialogFrame>
  );
}
