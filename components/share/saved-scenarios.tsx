"use client";
/** The scenarios saved in this browser: save the current one, open, rename, duplicate and delete. */
import { useState } from "react";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { InputProblem } from "@/lib/core/catalog";
import type { Locale } from "@/lib/i18n/locales";
import type { LocalStore, LocalStoreError, SavedScenarioEntry } from "@/lib/share/local-store";
import { storeErrorText } from "@/lib/share/store-error-text";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { byteSize, type SharedWorkspace } from "@/lib/share";
import { browserLocalStore } from "./browser-local-store";

export type SavedScenariosProps = {
  /** The current work, for "Save". */
  current: Partial<WorkspaceState> | null;
  onOpen(workspace: SharedWorkspace, problems: InputProblem[]): void;
  store?: LocalStore;
};

export function SavedScenarios({ current, onOpen, store: injected }: SavedScenariosProps) {
  const store = injected ?? browserLocalStore();
  const [entries, setEntries] = useState<SavedScenarioEntry[]>(() => store.list());
  const [name, setName] = useState("");
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "info"; text: string } | null>(null);
  const t = useTranslations("share");
  const locale = useLocale() as Locale;
  const format = useFormatter();

  function refresh(result: { ok: boolean; error?: LocalStoreError }, success?: string) {
    setEntries(store.list());
    setMessage(
      result.ok
        ? success
          ? { kind: "info", text: success }
          : null
        : { kind: "error", text: result.error ? storeErrorText(result.error, locale) : t("store.failed") },
    );
  }

  function save() {
    if (!current?.scenario) return;
    const result = store.saveAs(name || current.scenario.title, current);
    refresh(result, result.ok ? t("saved.saved", { name: result.value.name }) : undefined);
    if (result.ok) setName("");
  }

  function open(entry: SavedScenarioEntry) {
    const result = store.open(entry.id);
    if (result.ok) {
      onOpen(result.value.workspace, result.value.problems);
      setMessage({ kind: "info", text: t("saved.opened", { name: entry.name }) });
    } else setMessage({ kind: "error", text: storeErrorText(result.error, locale) });
  }

  return (
    <div className="space-y-3" data-testid="saved-scenarios">
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={current?.scenario?.title ?? t("saved.name")}
          aria-label={t("saved.nameLabel")}
          maxLength={120}
          className="h-9 min-w-0 flex-1 rounded-lg border border-line bg-panel px-3 text-sm"
          data-testid="saved-name"
        />
        <Button type="submit" disabled={!current?.scenario} data-testid="saved-save">
          {t("saved.save")}
        </Button>
      </form>
      {message ? (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={`text-sm ${message.kind === "error" ? "text-danger" : "text-muted"}`}
          data-testid="saved-message"
        >
          {message.text}
        </p>
      ) : null}
      {entries.length === 0 ? <p className="text-sm text-muted">{t("saved.empty")}</p> : null}
      <ul className="divide-y divide-line rounded-lg border border-line">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="saved-entry">
            {renaming?.id === entry.id ? (
              <form
                className="flex min-w-0 flex-1 gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  refresh(store.rename(entry.id, renaming.name));
                  setRenaming(null);
                }}
              >
                <input
                  autoFocus
                  value={renaming.name}
                  maxLength={120}
                  aria-label={t("saved.newName")}
                  onChange={(event) => setRenaming({ id: entry.id, name: event.target.value })}
                  className="h-8 min-w-0 flex-1 rounded-md border border-line bg-panel px-2 text-sm"
                />
                <Button size="sm" type="submit">
                  {t("saved.ok")}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                  {t("saved.cancel")}
                </Button>
              </form>
            ) : (
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={entry.name}>
                  {entry.name}
                </p>
                <p className="text-xs text-muted">
                  {t("saved.entry", {
                    tools: entry.toolCount,
                    turns: entry.turnCount,
                    ...byteSize(entry.bytes),
                    savedAt: format.dateTime(new Date(entry.savedAt), { dateStyle: "medium", timeStyle: "short" }),
                  })}
                </p>
              </div>
            )}
            {renaming?.id === entry.id ? null : (
              <div className="flex gap-1">
                <Button size="sm" onClick={() => open(entry)}>
                  {t("saved.open")}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRenaming({ id: entry.id, name: entry.name })}>
                  {t("saved.rename")}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => refresh(store.duplicate(entry.id))}>
                  {t("saved.duplicate")}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    window.confirm(t("saved.confirmDelete", { name: entry.name })) && refresh(store.remove(entry.id))
                  }
                >
                  {t("saved.delete")}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
