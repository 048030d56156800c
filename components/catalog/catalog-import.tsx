"use client";
/** Import a tool list from a file, from pasted text, or by dropping a file anywhere on the catalog panel. */
import { useRef, useState, type DragEvent, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { buttonClass, primaryButtonClass, textAreaClass } from "@/components/playground/control-styles";

/** Wire text, the same in every language. */
const PASTE_EXAMPLE = '{"tools": [{"name": "get_weather", "description": "…", "inputSchema": {"type": "object"}}]}';
/** YAML too: OpenAPI documents are often kept as YAML. */
const ACCEPTED_FILES = ".json,.jsonl,.ndjson,.yaml,.yml,application/json,text/plain";

type FileImport = {
  /** Pasted text, or a chosen or dropped file unread: the engine worker reads it, off the page's thread. */
  onImport(text: string | File, sourceName?: string): void;
  /** A file was chosen: its size, before its text is read (a large one lets the engine get ready meanwhile). */
  onFileChosen?(bytes: number): void;
  /** The person is reaching for a file ("Open file" pressed, a file dragged in): the engine may get ready while they pick. */
  onImportIntended?(): void;
};

export function ImportButtons({ onImport, onFileChosen, onImportIntended }: FileImport) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasted, setPasted] = useState("");
  const t = useTranslations("catalog");
  return (
    <>
      <button
        type="button"
        className={buttonClass}
        onClick={() => {
          onImportIntended?.();
          fileRef.current?.click();
        }}
        data-testid="catalog-import-file"
        title={t("import.openFileTitle", { formats: t("import.formats") })}
      >
        {t("import.openFile")}
      </button>
      <input
        ref={fileRef}
        type="file"
        accept={ACCEPTED_FILES}
        className="hidden"
        data-testid="catalog-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          onFileChosen?.(file.size);
          onImport(file, file.name);
          event.target.value = "";
        }}
      />
      <button
        type="button"
        className={buttonClass}
        onClick={() => setPasteOpen(true)}
        data-testid="catalog-import-paste"
      >
        {t("import.paste")}
      </button>
      {pasteOpen ? (
        <div
          className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-6"
          role="dialog"
          aria-modal="true"
          aria-labelledby="paste-title"
          onKeyDown={(event) => event.key === "Escape" && setPasteOpen(false)}
        >
          <div className="w-full max-w-2xl rounded-2xl border border-line bg-panel p-6 shadow-xl">
            <h2 id="paste-title" className="text-lg font-semibold">
              {t("import.pasteTitle")}
            </h2>
            <p className="mt-1 text-sm text-muted">{t("import.anyOf", { formats: t("import.formats") })}</p>
            <textarea
              autoFocus
              className={`${textAreaClass} mt-4 h-72 font-mono text-xs`}
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              data-testid="catalog-paste-text"
              placeholder={PASTE_EXAMPLE}
            />
            <div className="mt-4 flex justify-end gap-2">
              <button type="button" className={buttonClass} onClick={() => setPasteOpen(false)}>
                {t("import.cancel")}
              </button>
              <button
                type="button"
                className={primaryButtonClass}
                disabled={!pasted.trim()}
                data-testid="catalog-paste-import"
                onClick={() => {
                  onImport(pasted, t("import.pastedText"));
                  setPasted("");
                  setPasteOpen(false);
                }}
              >
                {t("import.import")}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** Wraps the catalog panel: a dropped file is imported, and the panel shows where it would land while dragging. */
export function DropZone({ onImport, onFileChosen, onImportIntended, children }: FileImport & { children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  const t = useTranslations("catalog");
  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");
  return (
    <div
      className="relative flex h-full min-h-0 flex-col"
      data-testid="catalog-drop-zone"
      onDragEnter={(event) => {
        if (hasFiles(event)) onImportIntended?.();
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (!file) return;
        onFileChosen?.(file.size);
        onImport(file, file.name);
      }}
    >
      {children}
      {dragging ? (
        <div className="pointer-events-none absolute inset-2 z-20 flex items-center justify-center rounded-xl border-2 border-dashed border-accent bg-accent-soft/90 text-sm font-semibold text-accent">
          {t("import.drop")}
        </div>
      ) : null}
    </div>
  );
}
