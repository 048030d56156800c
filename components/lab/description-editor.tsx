"use client";
import { useId, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { CatalogTool } from "@/lib/core/catalog";
import type { LabEvaluation } from "@/lib/lab/evaluate-catalog";
import type { EvaluateAnswer } from "@/lib/lab/lab-protocol";
import type { LabQueryEntry } from "@/lib/lab/lab-state";
import { LAB_SEARCH_IDS, searchDescription, searchShortTitle } from "@/lib/lab/search-labels";
import { Button } from "@/components/ui/button";
import { DeltaChip } from "./delta-chip";
import { EditDeltaSummary } from "./edit-delta-summary";
import { formatCount, formatShare } from "./format";
import { SEARCH_COLORS, inputClass, textAreaClass } from "./lab-styles";
import { RankBadge } from "./rank-badge";
import { ToolFindings } from "./tool-findings";

export type DescriptionEditorProps = {
  tool: CatalogTool | undefined;
  /** The description as loaded, to offer a revert after edits were applied. */
  originalDescription: string | undefined;
  draft: string | undefined;
  toolNames: readonly string[];
  baseline: LabEvaluation | undefined;
  /** The evaluation of the draft, when one is being measured. */
  measured: EvaluateAnswer | undefined;
  pending: boolean;
  editedCount: number;
  queries: readonly LabQueryEntry[];
  onSelectTool: (name: string | undefined) => void;
  onDraft: (description: string) => void;
  onApply: () => void;
  onDiscard: () => void;
  onResetAll: () => void;
  onSuggest: (name: string) => void;
};

function ToolPicker({
  toolNames,
  selected,
  onSelectTool,
}: {
  toolNames: readonly string[];
  selected: string | undefined;
  onSelectTool: (name: string) => void;
}) {
  const listId = useId();
  const [text, setText] = useState("");
  const t = useTranslations("lab.editor");
  return (
    <>
      <input
        className={`${inputClass} font-mono text-[13px]`}
        list={listId}
        value={text}
        placeholder={selected ?? t("pickTool")}
        aria-label={t("toolToEdit")}
        data-testid="description-tool-picker"
        onChange={(event) => {
          setText(event.target.value);
          if (toolNames.includes(event.target.value)) {
            onSelectTool(event.target.value);
            setText("");
          }
        }}
      />
      <datalist id={listId}>
        {toolNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

/** Edit one tool's description and see every number move, before → after, while typing. */
export function DescriptionEditor(props: DescriptionEditorProps) {
  const {
    tool,
    originalDescription,
    draft,
    toolNames,
    baseline,
    measured,
    pending,
    editedCount,
    queries,
    onSelectTool,
    onDraft,
    onApply,
    onDiscard,
    onResetAll,
    onSuggest,
  } = props;
  const textId = useId();
  const locale = useLocale();
  const t = useTranslations("lab.editor");
  const value = draft ?? tool?.description ?? "";
  const dirty = tool !== undefined && draft !== undefined && draft !== tool.description;
  const report = baseline?.tools.find((candidate) => candidate.name === tool?.name);
  const after = measured?.edited?.tools.find((candidate) => candidate.name === tool?.name);
  const delta = measured?.delta;
  const ownQueries = tool === undefined ? [] : queries.filter((query) => query.expect.includes(tool.name));
  const ownFindings = (evaluation: LabEvaluation | undefined) =>
    evaluation?.findings.filter((finding) => finding.tool === tool?.name) ?? [];
  const findings = ownFindings(dirty ? (measured?.edited ?? baseline) : baseline);
  // New and fixed by kind of finding: a message that only changed its details is neither.
  const beforeCodes = ownFindings(baseline).map((finding) => finding.code);
  const afterCodes = findings.map((finding) => finding.code);
  const newCodes = dirty && measured?.edited ? afterCodes.filter((code) => !beforeCodes.includes(code)) : [];
  const fixedCodes =
    dirty && measured?.edited ? [...new Set(beforeCodes.filter((code) => !afterCodes.includes(code)))] : [];

  return (
    <section
      className="flex flex-col rounded-2xl border border-line bg-panel shadow-sm"
      data-testid="description-editor"
      aria-busy={pending}
    >
      <header className="flex items-center justify-between gap-3 border-b border-line px-5 py-3">
        <h2 className="text-base font-semibold">{t("title")}</h2>
        {editedCount > 0 ? (
          <Button size="sm" variant="ghost" onClick={onResetAll} data-testid="edits-reset" title={t("resetHint")}>
            {t("reset", { count: editedCount })}
          </Button>
        ) : null}
      </header>
      <div className="flex flex-col gap-4 p-5">
        <ToolPicker toolNames={toolNames} selected={tool?.name} onSelectTool={onSelectTool} />
        {tool === undefined ? (
          <p className="text-sm text-muted">{t("empty")}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h3 className="font-mono text-[15px] font-semibold" data-testid="description-tool-name">
                {tool.name}
              </h3>
              {tool.namespace ? <span className="text-xs text-muted">{tool.namespace}</span> : null}
              {originalDescription !== undefined && originalDescription !== tool.description ? (
                <span className="rounded bg-accent-soft px-1.5 py-0.5 text-[11px] font-semibold text-accent">
                  {t("edited")}
                </span>
              ) : null}
            </div>
            <label htmlFor={textId} className="sr-only">
              {t("descriptionOf", { name: tool.name })}
            </label>
            <textarea
              id={textId}
              value={value}
              onChange={(event) => onDraft(event.target.value)}
              rows={6}
              spellCheck
              className={`${textAreaClass} resize-y ${dirty ? "border-accent ring-2 ring-accent/20" : ""}`}
              data-testid="description-textarea"
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="primary"
                size="sm"
                disabled={!dirty}
                onClick={onApply}
                data-testid="description-apply"
                title={t("applyHint")}
              >
                {t("apply")}
              </Button>
              <Button size="sm" disabled={!dirty} onClick={onDiscard} data-testid="description-discard">
                {t("discard")}
              </Button>
              {originalDescription !== undefined && originalDescription !== value ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onDraft(originalDescription)}
                  data-testid="description-revert"
                >
                  {t("revert")}
                </Button>
              ) : null}
              <span className="tabular ml-auto text-xs text-muted">{t("characters", { count: value.length })}</span>
            </div>

            <dl className="grid grid-cols-4 gap-2 rounded-xl bg-panel-muted p-3" data-testid="edit-tool-stats">
              <div data-testid="edit-tokens" data-value={after?.tokens ?? report?.tokens ?? ""}>
                <dt className="text-[11px] font-semibold uppercase tracking-wide text-muted">{t("tokens")}</dt>
                <dd className="tabular text-lg font-bold">
                  {report ? formatCount(after?.tokens ?? report.tokens) : "…"}
                </dd>
                {report && after ? (
                  <DeltaChip
                    before={report.tokens}
                    after={after.tokens}
                    kind="count"
                    lowerIsBetter
                    unit="tokens"
                    testId="edit-tokens-delta"
                  />
                ) : null}
              </div>
              {LAB_SEARCH_IDS.map((id) => {
                const before = report?.findability[id];
                const now = after?.findability[id];
                const shown = now ?? before;
                return (
                  <div key={id} data-testid={`edit-findability-${id}`}>
                    <dt className="flex items-center gap-1 text-[11px] font-semibold uppercase tracking-wide text-muted">
                      <span aria-hidden className="h-2 w-2 rounded-full" style={{ background: SEARCH_COLORS[id] }} />
                      {searchShortTitle(id, locale)}
                    </dt>
                    <dd className="tabular text-lg font-bold">
                      {shown === undefined ? "…" : shown === null ? "–" : formatShare(shown)}
                    </dd>
                    {before !== undefined && before !== null && now !== undefined && now !== null ? (
                      <DeltaChip before={before} after={now} kind="share" />
                    ) : null}
                  </div>
                );
              })}
            </dl>

            <div className="flex flex-col gap-2" data-testid="edit-queries">
              <div className="flex items-center justify-between gap-2">
                <h4 className="text-sm font-semibold">{t("ownQueries", { count: ownQueries.length })}</h4>
                <Button
                  size="sm"
                  onClick={() => onSuggest(tool.name)}
                  data-testid="suggest-tool-queries"
                  title={t("suggestHint")}
                >
                  {t("suggest")}
                </Button>
              </div>
              {ownQueries.length === 0 ? <p className="text-sm text-muted">{t("noQueries")}</p> : null}
              <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
                {ownQueries.map((query) => {
                  const index = baseline?.queryTexts.indexOf(query.q) ?? -1;
                  return (
                    <li key={query.id} className="flex flex-col gap-1 px-3 py-2" data-testid="edit-query">
                      <span className="text-sm" translate="no">
                        “{query.q}”
                      </span>
                      {baseline && index >= 0 ? (
                        <span className="flex flex-wrap gap-3">
                          {LAB_SEARCH_IDS.map((id) => {
                            const before = baseline.searches[id].perQuery[index]?.rank ?? null;
                            const now = measured?.edited?.searches[id].perQuery[index]?.rank;
                            return (
                              <span key={id} className="flex items-center gap-1.5">
                                <span className="text-xs text-muted">{searchShortTitle(id, locale)}</span>
                                <RankBadge
                                  rank={now === undefined ? before : now}
                                  before={now === undefined ? undefined : before}
                                  searchTitle={searchDescription(id, locale).title}
                                  testId={`edit-query-rank-${id}`}
                                />
                              </span>
                            );
                          })}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </div>

            {delta && dirty ? (
              <EditDeltaSummary
                delta={delta}
                k={baseline?.k ?? 5}
                queryCount={baseline?.queryCount ?? 0}
                pending={pending}
                ownQueryTexts={ownQueries.map((query) => query.q)}
              />
            ) : null}

            <ToolFindings findings={findings} newCodes={newCodes} fixedCodes={fixedCodes} />
          </>
        )}
      </div>
    </section>
  );
}
