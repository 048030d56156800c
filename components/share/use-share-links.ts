"use client";
/**
 * React glue for links: opens the workspace the page starts with (link, short link or autosave) once, and
 * opens links pasted into the address bar of an open tab (hashchange). The page decides what "open" means
 * (load into the store and the engine worker); on failure it only shows the message and keeps its work.
 */
import { useEffect, useRef } from "react";
import { useLocale } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { InputProblem } from "@/lib/core/catalog";
import type { SharedWorkspace } from "@/lib/share";
import { startupReadsLocalStore } from "@/lib/share/storage-keys";
import { browserStorage, loadBrowserLocalStore } from "./browser-storage";
import { decodeOffThePage } from "@/workers/share-encode-client";
import {
  clearShareFragment,
  openShareFragment,
  resolveStartupWorkspace,
  type StartupWorkspace,
} from "./startup-workspace";

export type ShareLinkHandlers = {
  /** Called once with what to open first; `source: "none"` means: show the default example. */
  onStartup(startup: StartupWorkspace): void;
  /** A link opened while the page was already showing work. */
  onLinkOpened(workspace: SharedWorkspace, problems: InputProblem[]): void;
  onLinkError(message: string, problems?: InputProblem[]): void;
};

export function useShareLinks(handlers: ShareLinkHandlers): void {
  const handlersRef = useRef(handlers);
  // The reader's language, never the link's: a link carries no locale (lib/share/share-link.test.ts).
  const locale = useLocale() as Locale;
  const localeRef = useRef(locale);
  useEffect(() => {
    handlersRef.current = handlers;
    localeRef.current = locale;
  });

  useEffect(() => {
    let cancelled = false;
    const hash = window.location.hash;
    // A first visit (no link, no autosave) opens the example at once: the store's code would only find nothing.
    const resolved: Promise<StartupWorkspace> = startupReadsLocalStore(hash, browserStorage())
      ? loadBrowserLocalStore().then((store) =>
          resolveStartupWorkspace({ hash, store, decode: decodeOffThePage, locale: localeRef.current }),
        )
      : Promise.resolve({ source: "none", problems: [] });
    void resolved.then((startup) => {
      if (cancelled) return;
      if (startup.source === "link" || startup.source === "short-link") clearShareFragment();
      handlersRef.current.onStartup(startup);
    });

    const onHashChange = () => {
      void openShareFragment(window.location.hash, undefined, decodeOffThePage, localeRef.current).then((opening) => {
        if (!opening) return;
        if (opening.ok) {
          clearShareFragment();
          handlersRef.current.onLinkOpened(opening.workspace, opening.problems);
        } else handlersRef.current.onLinkError(opening.message, opening.problems);
      });
    };
    window.addEventListener("hashchange", onHashChange);
    return () => {
      cancelled = true;
      window.removeEventListener("hashchange", onHashChange);
    };
  }, []);
}
