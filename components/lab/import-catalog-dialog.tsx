"use client";
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslations } from "use-intl";
import type { InputProblem } from "@/lib/core/catalog";
import { useProblemText } from "@/components/catalog/problem-text";
import { Button } from "@/components/ui/button";
import { textAreaClass } from "./lab-styles";

export type CatalogImportResult = { ok: boolean; problems: InputProblem[] };

export type ImportCatalogDialogProps = {
  onImport: (text: string, name: string) => CatalogImportResult;
  onClose: () => void;
};

const PLACEHOLDER =
  '{ "tools": [ { "name": "get_weather", "description": "Get the current weather for a city.", "inputSchema": { "type": "object", "properties": { "city": { "type": "string" } } } } ] }';

/**
 * Paste or open a catalog in any format the playground reads (MCP tools/list, Anthropic, OpenAI, BFCL…). A modal:
 * focus starts in the text area, Escape closes, and problems are listed with their line numbers.
 */
export function ImportCatalogDialog({ onImport, onClose }: ImportCatalogDialogProps) {
  const titleId = useId();
  const t = useTranslations("lab.importDialog");
  const problemText = useProblemText();
  const [text, setText] = useState("");
  const [name, setName] = useState(() => t("defaultName"));
  const [problems, setProblems] = useState<InputProblem[]>([]);
  const textArea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => textArea.current?.focus(), []);

  const submit = () => {
    const result = onImport(text, name);
    if (result.ok && result.problems.every((problem) => problem.severity !== "error")) onClose();
    else setProblems(result.problems);
  };

  // In <body>: the sticky header's backdrop blur would otherwise be the containing block of this fixed overlay.
  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-6"
      onKeyDown={(event) => event.key === "Escape" && onClose()}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="flex max-h-[90vh] w-full max-w-3xl flex-col gap-4 rounded-2xl border border-line bg-panel p-6 shadow-2xl"
        data-testid="catalog-import-dialog"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold">
              {t("title")}
            </h2>
            <p className="text-sm text-muted">{t.rich("intro", { code: (chunks) => <code>{chunks}</code> })}</p>
          </div>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label={t("close")}>
            ✕
          </Button>
        </div>
        <label className="flex items-center gap-3 text-sm">
          <span className="shrink-0 text-muted">{t("openFile")}</span>
          <input
            type="file"
            accept=".json,.jsonl,application/json"
            data-testid="catalog-import-file"
            className="text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-panel-muted file:px-3 file:py-1.5 file:text-ink"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file === undefined) return;
              setName(file.name);
              setText(await file.text());
            }}
          />
        </label>
        <textarea
          ref={textArea}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={PLACEHOLDER}
          spellCheck={false}
          aria-label={t("catalogJson")}
          data-testid="catalog-import-text"
          className={`${textAreaClass} h-72 resize-y font-mono text-[13px]`}
        />
        {problems.length > 0 ? (
          <ul
            className="max-h-40 overflow-auto rounded-lg border border-line bg-panel-muted p-3 text-sm"
            data-testid="catalog-import-problems"
          >
            {problems.slice(0, 20).map((problem, index) => (
              <li key={index} className={problem.severity === "error" ? "text-danger" : "text-warning"}>
                {problem.line !== undefined ? t("line", { line: problem.line }) : ""}
                {problemText(problem)}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button variant="primary" onClick={submit} disabled={text.trim() === ""} data-testid="catalog-import-submit">
            {t("submit")}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
