"use client";
/** The Catalog panel: the tool list with its filter, the editor, and the problems of what is in the editor. */
import { useDeferredValue, useMemo, useRef, useState, type ComponentProps, type RefObject } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { Button } from "@/components/ui/button";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { providerNameProblems, wireNamesLine } from "@/lib/view/tool-name-problems";
import { looksLikeOpenApiYaml } from "@/lib/catalog/openapi-yaml";
import { parseToolEdit, toolToText } from "@/lib/workbench/catalog-text";
import { getModel } from "@/lib/models/model-table";
import { catalogTotalWords, correctionFactorOf } from "@/lib/view/catalog-total-words";
import { inputClass } from "@/components/playground/control-styles";
import { applyCatalogTextImport } from "@/components/import/apply-catalog-import";
import { usePlayground, usePlaygroundController, usePlaygroundStore } from "@/state/playground-provider";
import {
  filterTools,
  selectCatalogProblems,
  selectEditorMode,
  selectToolCount,
  selectToolTokens,
  WHOLE_CATALOG_EDITOR_LIMIT,
} from "@/state/selectors";
import { CatalogEditor, type CatalogEditorHandle, type EditorMarker } from "./catalog-editor";
import { DropZone, ImportButtons } from "./catalog-import";
import { CatalogProblems, mergeProblems } from "./catalog-problems";
import { ToolList } from "./tool-list";
import { useCatalogParser } from "./use-catalog-parser";

export function CatalogPanel() {
  const t = useTranslations("catalog");
  const locale = useLocale() as Locale;
  const controller = usePlaygroundController();
  const store = usePlaygroundStore();
  const tools = usePlayground((state) => state.lastValidCatalog.tools);
  const toolCount = usePlayground(selectToolCount);
  // A big example's first screen comes before its tools (lib/workbench/opening.ts): the list keeps its place.
  const arriving = usePlayground((state) => state.catalogArriving !== null);
  const filter = usePlayground((state) => state.catalogFilter);
  const setFilter = usePlayground((state) => state.setCatalogFilter);
  const selectedTool = usePlayground((state) => state.selectedTool);
  const selectTool = usePlayground((state) => state.selectTool);
  const tokens = usePlayground(selectToolTokens);
  const mode = usePlayground(selectEditorMode);
  const catalogText = usePlayground((state) => state.catalogText);
  const editCatalogText = usePlayground((state) => state.editCatalogText);
  const toolDraft = usePlayground((state) => state.toolDraft);
  const running = usePlayground((state) => state.running);
  const wholeProblems = usePlayground(selectCatalogProblems);
  const provider = usePlayground((state) => state.settings.provider);
  const model = usePlayground((state) => state.settings.model);
  const limitOverrides = usePlayground((state) => state.settings.limitOverrides);
  const toolNameMapping = usePlayground((state) => state.settings.toolNameMapping);
  const updateSettings = usePlayground((state) => state.updateSettings);
  const format = usePlayground((state) => state.catalogCheck?.format);
  // The format's name in the page's language; an id the messages do not name is shown as it is.
  const formatKey = `panel.formats.${format}` as Parameters<typeof t.has>[0];
  const formatText = format ? t("panel.format", { format: t.has(formatKey) ? t(formatKey) : format }) : undefined;
  const theme = usePlayground((state) => state.theme);

  const deferredFilter = useDeferredValue(filter);
  const indexes = useMemo(() => filterTools(tools, deferredFilter), [tools, deferredFilter]);
  const [markers, setMarkers] = useState<EditorMarker[]>([]);
  const editorHandle = useRef<CatalogEditorHandle | null>(null);
  const expandedHandle = useRef<CatalogEditorHandle | null>(null);
  // The large editor replaces the inline one while it is open: one Monaco model per path, and the text lives in the
  // store, so closing it (button or Escape) keeps every keystroke.
  const [expanded, setExpanded] = useState(false);

  const tool = mode === "tool" ? (tools.find((candidate) => candidate.name === selectedTool) ?? tools[0]) : undefined;
  const toolText = tool ? (toolDraft && toolDraft.toolName === tool.name ? toolDraft.text : toolToText(tool)) : "";
  // One tool parses in milliseconds, so its problems are derived right here (the parser loads with the per-tool
  // editor: small catalogs are checked by the worker). A tool as imported is checked once the run is over: a large
  // import's run is seconds of both cores, and the parser's code and first schema compiles would take the page's
  // thread from it. A tool the person edits is checked at once.
  const edited = toolDraft !== null && toolDraft.toolName === tool?.name;
  const checkTool = mode === "tool" && (edited || !running);
  const parseCatalogText = useCatalogParser(checkTool);
  const toolProblems = useMemo(
    () =>
      checkTool && toolText && parseCatalogText
        ? parseToolEdit(toolText, tool?.name ?? "", tools, (text) => parseCatalogText(text)).problems
        : [],
    [checkTool, toolText, tool, tools, parseCatalogText],
  );
  // A name the chosen provider refuses is an error for that provider, not a warning (lib/view/tool-name-problems.ts).
  const parserProblems = useMemo(
    () =>
      mode === "whole"
        ? wholeProblems
          ? providerNameProblems(wholeProblems, tools, { provider, model, limitOverrides, toolNameMapping })
          : []
        : providerNameProblems(toolProblems, [], { provider, model, limitOverrides, toolNameMapping }),
    [mode, wholeProblems, toolProblems, tools, provider, model, limitOverrides, toolNameMapping],
  );
  // The same mapping the engine sends on the chosen model (lib/models/wire-names-on-model.ts).
  const wireNames = useMemo(
    () => wireNamesLine(tools, { provider, model, limitOverrides, toolNameMapping }),
    [tools, provider, model, limitOverrides, toolNameMapping],
  );
  // "As written" is the absence of the setting, as a link made before the setting reads.
  const setToolNameMapping = (mapping: "none" | "wire") =>
    updateSettings({ toolNameMapping: mapping === "wire" ? "wire" : undefined });
  const problems = mergeProblems(parserProblems, markers);
  const totalTokens = tokens ? tokens.reduce((sum, count) => sum + count, 0) : null;
  const factors = usePlayground((state) => state.settings.tokenCorrectionFactors);
  const modelInfo = getModel(provider, model);
  const totalWords =
    totalTokens === null || !modelInfo
      ? null
      : catalogTotalWords(totalTokens, modelInfo, correctionFactorOf(modelInfo.tokenizer, factors), locale);

  const editorText = mode === "whole" ? catalogText : toolText;
  // An OpenAPI document opened as YAML is shown as YAML (components/catalog/catalog-editor.tsx), and named so.
  const catalogHeading = looksLikeOpenApiYaml(catalogText) ? t("panel.catalogYaml") : t("panel.catalogJson");
  const onEditorChange = (text: string) =>
    mode === "whole" ? editCatalogText(text) : tool && controller?.editTool(tool.name, text);

  // What the inline and the large editor share: the same text, checks and problem list, each with its own handle.
  const editing = {
    mode,
    value: editorText,
    onChange: onEditorChange,
    parserProblems,
    problems,
    onMarkers: setMarkers,
    // A tool not checked yet (its check waits for the run, or for the parser's code) says so, not "none".
    checking: mode === "whole" ? wholeProblems === null : !checkTool || parseCatalogText === null,
    theme,
    wireNames,
    onToolNameMapping: setToolNameMapping,
  };

  const fileChosen = (bytes: number) => controller?.prepareImport(bytes);
  const importIntended = () => controller?.prepareHelper();

  // A large file is read and parsed in the worker for a second or more: the panel says which file it is opening.
  const [opening, setOpening] = useState<string | null>(null);
  const importText = (text: string | File, sourceName?: string) => {
    if (!controller) return;
    const { turns, setWorkspaceNotice } = store.getState();
    setOpening(sourceName ?? t("import.pastedText"));
    void applyCatalogTextImport(text, sourceName, {
      controller,
      current: () => {
        const { lastValidCatalog, catalogVersion } = store.getState();
        return { catalog: lastValidCatalog, catalogVersion };
      },
      turns,
      setTurns: (generated) => store.setState({ turns: generated }),
      setNotice: setWorkspaceNotice,
      locale,
    }).finally(() => setOpening(null));
  };

  return (
    <DropZone onImport={importText} onFileChosen={fileChosen} onImportIntended={importIntended}>
      <div className="flex items-center gap-2 border-b border-line px-4 py-3">
        <input
          type="search"
          className={inputClass}
          placeholder={t("panel.filterPlaceholder", { count: toolCount })}
          title={t("panel.filterTitle")}
          aria-label={t("panel.filterLabel")}
          data-testid="catalog-filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <ImportButtons onImport={importText} onFileChosen={fileChosen} onImportIntended={importIntended} />
      </div>
      <div className="flex items-center justify-between px-4 py-1.5 text-xs text-muted">
        <span className="tabular" data-testid="catalog-count">
          {arriving || indexes.length === tools.length
            ? t("panel.count", { count: toolCount })
            : t("panel.countFiltered", { shown: indexes.length, count: tools.length })}
        </span>
        {/* Named on screen: these are o200k counts of each definition, while the run's figures count for the
            scenario's model (for Claude an estimate, o200k × its factor): the line below says so with that factor. */}
        <span className="tabular" title={t("panel.totalTitle")} data-testid="catalog-total-o200k">
          {totalTokens === null
            ? t("panel.counting")
            : (totalWords?.total ?? t("panel.totalO200k", { count: totalTokens }))}
        </span>
      </div>
      {opening ? (
        <p className="truncate px-4 pb-1.5 text-xs text-accent" role="status" data-testid="catalog-opening">
          {t("panel.opening", { name: opening })}
        </p>
      ) : null}
      {totalWords?.model ? (
        <p className="px-4 pb-1.5 text-right text-xs text-muted" data-testid="catalog-total-model">
          {totalWords.model}
        </p>
      ) : null}
      <div className="h-[30%] min-h-40 border-y border-line">
        {arriving ? (
          <p className="px-4 py-3 text-xs text-muted" role="status" data-testid="catalog-arriving">
            {t("panel.arriving", { count: toolCount })}
          </p>
        ) : null}
        <ToolList
          tools={tools}
          indexes={indexes}
          tokens={tokens}
          selectedTool={selectedTool}
          onSelect={(name) => {
            selectTool(name);
            // In the whole-catalog editor, show where the tool is defined (without taking focus from the list).
            const line = mode === "whole" ? lineOfToolName(catalogText, name) : null;
            if (line !== null) editorHandle.current?.reveal(line, 1, false);
          }}
        />
      </div>
      <div className="flex items-center justify-between gap-2 px-4 pt-2 pb-1 text-xs">
        {/* The heading alone never shrinks (the format line beside it truncates instead); with a tool's name it may. */}
        <span className={`flex items-baseline gap-1.5 ${mode === "whole" ? "shrink-0" : "min-w-0"}`}>
          <span
            className="shrink-0 font-semibold uppercase tracking-wide text-muted"
            data-testid="catalog-editor-heading"
          >
            {mode === "whole" ? catalogHeading : t("panel.tool")}
          </span>
          {mode === "tool" ? (
            <span className="truncate font-mono font-semibold text-ink">{tool?.name ?? selectedTool}</span>
          ) : null}
        </span>
        {/* Both sides give way in a narrow panel (1280 px, a phone): the hint truncates, so "Tool" and the tool's name
            are never overlapped. */}
        <span className="ml-auto flex min-w-0 items-center gap-2">
          <span
            className="truncate text-muted"
            // The whole text on hover: a format's name is cut short in a narrow panel.
            title={mode === "tool" ? t("panel.oneAtATimeTitle", { count: WHOLE_CATALOG_EDITOR_LIMIT }) : formatText}
          >
            {mode === "whole" ? formatText : t("panel.oneAtATime", { count: WHOLE_CATALOG_EDITOR_LIMIT })}
          </span>
          <Button
            size="sm"
            variant="ghost"
            className="h-6 shrink-0 px-1.5 text-xs"
            onClick={() => setExpanded(true)}
            aria-haspopup="dialog"
            data-testid="catalog-editor-expand"
          >
            ⤢ {t("panel.expand")}
          </Button>
        </span>
      </div>
      <EditorWithProblems
        {...editing}
        testId="catalog-editor"
        frameClassName="border-y"
        problemsClassName="h-32"
        handleRef={editorHandle}
        stepsAside={expanded}
      />
      <DialogFrame
        open={expanded}
        onClose={() => setExpanded(false)}
        title={mode === "whole" ? catalogHeading : t("panel.toolNamed", { name: tool?.name ?? "" })}
        testId="catalog-editor-dialog"
        width="max-w-6xl"
        bodyClassName="flex min-h-0 flex-col p-0"
      >
        <div className="flex h-[calc(85vh-4.5rem)] min-h-0 flex-col">
          <EditorWithProblems
            {...editing}
            testId="catalog-editor-expanded"
            frameClassName="border-b"
            problemsClassName="h-36"
            handleRef={expandedHandle}
          />
        </div>
      </DialogFrame>
    </DropZone>
  );
}

/** The 1-based line of the first `"name": "<name>"` in the text, or null. */
function lineOfToolName(text: string, name: string): number | null {
  const match = new RegExp(`"name"\\s*:\\s*${JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).exec(text);
  if (!match) return null;
  let line = 1;
  for (let index = 0; index < match.index; index += 1) if (text.charCodeAt(index) === 10) line += 1;
  return line;
}

/** An editor over its problem list; a problem's link reveals its line in this editor. */
function EditorWithProblems({
  mode,
  value,
  onChange,
  parserProblems,
  problems,
  onMarkers,
  checking,
  theme,
  testId,
  frameClassName,
  problemsClassName,
  handleRef,
  stepsAside = false,
  wireNames,
  onToolNameMapping,
}: {
  mode: ComponentProps<typeof CatalogEditor>["mode"];
  value: string;
  onChange: (text: string) => void;
  parserProblems: ComponentProps<typeof CatalogEditor>["problems"];
  problems: ComponentProps<typeof CatalogProblems>["problems"];
  onMarkers: (markers: EditorMarker[]) => void;
  checking: boolean;
  theme: ComponentProps<typeof CatalogEditor>["theme"];
  testId: string;
  frameClassName: string;
  problemsClassName: string;
  handleRef: RefObject<CatalogEditorHandle | null>;
  /** The inline editor steps aside while the large one is open: one Monaco model per path. */
  stepsAside?: boolean;
  wireNames: ComponentProps<typeof CatalogProblems>["wireNames"];
  onToolNameMapping: ComponentProps<typeof CatalogProblems>["onToolNameMapping"];
}) {
  const t = useTranslations("catalog");
  return (
    <>
      <div className={`min-h-0 flex-1 border-line ${frameClassName}`} data-testid={testId}>
        {stepsAside ? (
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-muted">
            {t("panel.editingInLarge")}
          </p>
        ) : (
          <CatalogEditor
            mode={mode}
            value={value}
            onChange={onChange}
            problems={parserProblems}
            onMarkers={onMarkers}
            handleRef={handleRef}
            theme={theme}
          />
        )}
      </div>
      <div className={`shrink-0 ${problemsClassName}`}>
        <CatalogProblems
          problems={problems}
          checking={checking}
          onReveal={(line, column) => handleRef.current?.reveal(line, column)}
          wireNames={wireNames}
          onToolNameMapping={onToolNameMapping}
        />
      </div>
    </>
  );
}
