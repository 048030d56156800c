"use client";
/**
 * Import by paste, file or drag-and-drop (MCP tools/list, OpenAI/Anthropic tool arrays, BFCL, or a whole scenario
 * file), or from a live MCP server. Problems are listed with their paths; nothing reaches the page until the
 * import succeeded and the person confirmed it, so a failed import never touches the current work. A tool list with
 * errors imports only its usable tools, and says so on the button; with none usable the button stays disabled, with
 * the reason beside it. The page keeps the catalog it replaced for Undo (apply-catalog-import).
 */
import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { Button } from "@/components/ui/button";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { FileDropArea } from "@/components/ui/file-drop-area";
import type { Catalog, InputProblem } from "@/lib/core/catalog";
import { MAX_TEXT_CHARACTERS } from "@/lib/catalog/json-text";
import { importVerdict, selectUsableTools } from "@/lib/catalog/import-selection";
import type { Scenario } from "@/lib/scenario/types";
import { type CatalogParser, type ImportOutcome, importText } from "./import-text";
import { McpImportForm } from "./mcp-import-form";
import { ImportVerdictText } from "./import-verdict-text";
import { ProblemList } from "./problem-list";

export type CatalogImportMode = "replace" | "add";

export type ImportDialogProps = {
  open: boolean;
  onClose(): void;
  onImportCatalog(
    catalog: Catalog,
    details: { mode: CatalogImportMode; sourceName?: string; format?: string; problems: InputProblem[] },
  ): void;
  onImportScenario(scenario: Scenario, problems: InputProblem[]): void;
  /** Parses tool lists; the page may pass its worker-backed parser. Defaults to parseCatalogText on this thread. */
  parseCatalog?: CatalogParser;
};

type Tab = "paste" | "mcp";

export function ImportDialog({ open, onClose, onImportCatalog, onImportScenario, parseCatalog }: ImportDialogProps) {
  const [tab, setTab] = useState<Tab>("paste");
  const [text, setText] = useState("");
  const [sourceName, setSourceName] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<CatalogImportMode>("replace");
  const t = useTranslations("import");
  const locale = useLocale() as Locale;
  // Only the tools that can be used go in; the dialog says which are skipped, and refuses when none is left.
  const selection = useMemo(
    () => (outcome?.kind === "catalog" ? selectUsableTools(outcome.catalog, outcome.problems) : null),
    [outcome],
  );
  const verdict = selection ? importVerdict(selection, mode, locale) : null;

  async function check(input: string, name?: string) {
    setBusy(true);
    setOutcome(null);
    setOutcome(await importText(input, name, parseCatalog));
    setBusy(false);
  }

  async function readFile(file: File) {
    if (file.size > MAX_TEXT_CHARACTERS) {
      setOutcome({
        kind: "failed",
        problems: [
          {
            severity: "error",
            path: "$",
            message: `import: ${file.name} is larger than ${MAX_TEXT_CHARACTERS / 1024 / 1024} MB`,
            code: "tooLarge",
            values: { source: file.name, megabytes: MAX_TEXT_CHARACTERS / 1024 / 1024 },
          },
        ],
      });
      return;
    }
    const content = await file.text();
    setSourceName(file.name);
    setText(content.length <= 500_000 ? content : "");
    await check(content, file.name);
  }

  function confirm() {
    if (outcome?.kind === "scenario") onImportScenario(outcome.scenario, outcome.problems);
    else if (outcome?.kind === "catalog" && selection && verdict?.allowed)
      onImportCatalog(selection.usable, { mode, sourceName, format: outcome.format, problems: outcome.problems });
    else return;
    setOutcome(null);
    setText("");
    onClose();
  }

  return (
    <DialogFrame open={open} onClose={onClose} title={t("dialog.title")} testId="import-dialog" width="max-w-3xl">
      <div className="mb-4 flex gap-2" role="tablist">
        <Button
          size="sm"
          role="tab"
          aria-selected={tab === "paste"}
          pressed={tab === "paste"}
          onClick={() => setTab("paste")}
        >
          {t("dialog.tabPaste")}
        </Button>
        <Button
          size="sm"
          role="tab"
          aria-selected={tab === "mcp"}
          pressed={tab === "mcp"}
          onClick={() => setTab("mcp")}
          data-testid="import-tab-mcp"
        >
          {t("dialog.tabMcp")}
        </Button>
      </div>

      {tab === "paste" ? (
        <div className="space-y-3">
          <FileDropArea
            onFile={(file) => void readFile(file)}
            className="rounded-lg p-1"
            data-testid="import-drop-zone"
          >
            <textarea
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setSourceName(undefined);
                setOutcome(null);
              }}
              rows={10}
              spellCheck={false}
              placeholder={t("dialog.placeholder")}
              aria-label={t("dialog.textLabel")}
              className="w-full resize-y rounded-md bg-panel px-3 py-2 font-mono text-xs text-ink"
              data-testid="import-text"
            />
          </FileDropArea>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="primary"
              disabled={busy || text.trim() === ""}
              onClick={() => void check(text, sourceName)}
              data-testid="import-check"
            >
              {busy ? t("dialog.reading") : t("dialog.check")}
            </Button>
            <label className="inline-flex h-9 cursor-pointer items-center rounded-lg border border-line px-3 text-sm hover:bg-panel-muted">
              {t("dialog.chooseFile")}
              <input
                type="file"
                accept=".json,.jsonl,application/json"
                className="sr-only"
                data-testid="import-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void readFile(file);
                  event.target.value = "";
                }}
              />
            </label>
            {sourceName ? <span className="text-xs text-muted">{sourceName}</span> : null}
          </div>
          {outcome?.kind === "failed" ? (
            <div role="alert" data-testid="import-failed">
              <p className="mb-1 text-sm font-semibold text-danger">{t("dialog.nothingImported")}</p>
              <ProblemList problems={outcome.problems} />
            </div>
          ) : null}
          {outcome?.kind === "scenario" ? (
            <div className="space-y-2" data-testid="import-ready">
              <p className="text-sm">
                {t.rich("dialog.scenarioReady", {
                  title: outcome.scenario.title,
                  tools: outcome.scenario.catalog.tools.length,
                  turns: outcome.scenario.turns.length,
                  strong: (chunks) => <strong>{chunks}</strong>,
                })}
              </p>
              <ProblemList problems={outcome.problems} />
              <Button variant="primary" onClick={confirm} data-testid="import-confirm">
                {t("dialog.openScenario")}
              </Button>
            </div>
          ) : null}
          {outcome?.kind === "catalog" && verdict ? (
            <div className="space-y-2" data-testid="import-ready">
              <p className="text-sm">
                {t("dialog.toolsRead", { count: outcome.catalog.tools.length, format: outcome.format ?? "none" })}
              </p>
              <ProblemList problems={outcome.problems} />
              <ImportVerdictText id="import-verdict" verdict={verdict} />
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  size="sm"
                  pressed={mode === "replace"}
                  onClick={() => setMode("replace")}
                  data-testid="import-mode-replace"
                >
                  {t("dialog.replace")}
                </Button>
                <Button size="sm" pressed={mode === "add"} onClick={() => setMode("add")} data-testid="import-mode-add">
                  {t("dialog.add")}
                </Button>
                <Button
                  variant="primary"
                  onClick={confirm}
                  disabled={!verdict.allowed}
                  aria-describedby="import-verdict"
                  data-testid="import-confirm"
                >
                  {verdict.buttonLabel}
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      ) : (
        <McpImportForm
          onImport={(result) => {
            onImportCatalog(result.catalog, {
              mode: "add",
              sourceName: result.serverName,
              format: "mcp",
              problems: result.problems,
            });
            onClose();
          }}
        />
      )}
    </DialogFrame>
  );
}
