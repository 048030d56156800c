"use client";
/** The scenarios saved in this browser: save the current one, open, rename, duplicate and delete. */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { InputProblem } from "@/lib/core/catalog";
import type { LocalStore, SavedScenarioEntry } from "@/lib/share/local-store";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { formatBytes, type SharedWorkspace } from "@/lib/share";
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

  function refresh(result: { ok: boolean; error?: { message: string } }, success?: string) {
    setEntries(store.list());
    setMessage(
      result.ok
        ? success
          ? { kind: "info", text: success }
          : null
        : { kind: "error", text: result.error?.message ?? "local-store: failed" },
    );
  }

  function save() {
    if (!current?.scenario) return;
    const result = store.saveAs(name || current.scenario.title, current);
    refresh(result, result.ok ? `Saved "${result.value.name}".` : undefined);
    if (result.ok) setName("");
  }

  function open(entry: SavedScenarioEntry) {
    const result = store.open(entry.id);
    if (result.ok) {
      onOpen(result.value.workspace, result.value.problems);
      setMessage({ kind: "info", text: `Opened "${entry.name}".` });
    } else setMessage({ kind: "error", text: result.error.message });
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
          placeholder={current?.scenario?.title ?? "Name"}
          aria-label="Name of the saved scenario"
          maxLength={120}
          className="h-9 min-w-0 flex-1 rounded-lg border border-line bg-panel px-3 text-sm"
          data-testid="saved-name"
        />
        <Button type="submit" disabled={!current?.scenario} data-testid="saved-save">
          Save
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
      {entries.length === 0 ? <p className="text-sm text-muted">No saved scenarios in this browser yet.</p> : null}
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
                  aria-label="New name"
                  onChange={(event) => setRenaming({ id: entry.id, name: event.target.value })}
                  className="h-8 min-w-0 flex-1 rounded-md border border-line bg-panel px-2 text-sm"
                />
                <Button size="sm" type="submit">
                  OK
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                  Cancel
                </Button>
              </form>
            ) : (
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={entry.name}>
                  {entry.name}
                </p>
                <p className="text-xs text-muted">
                  {entry.toolCount} tools · {entry.turnCount} turns · {formatBytes(entry.bytes)} ·{" "}
                  {new Date(entry.savedAt).toLocaleString()}
                </p>
              </div>
            )}
            {renaming?.id === entry.id ? null : (
              <div className="flex gap-1">
                <Button size="sm" onClick={() => open(entry)}>
                  Open
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRenaming({ id: entry.id, name: entry.name })}>
                  Rename
                </Button>
                <Button size="sm" variant="ghost" onClick={() => refresh(store.duplicate(entry.id))}>
                  Duplicate
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => window.confirm(`Delete "${entry.name}"?`) && refresh(store.remove(entry.id))}
                >
                  Delete
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
