"use client";
import { useLocale, useTranslations } from "use-intl";
import type { ExpectedToolExplanation, ExplainedHit, FieldHighlights, QueryExplanation } from "@/lib/lab/explain";
import { LAB_SEARCH_IDS, searchDescription } from "@/lib/lab/search-labels";
import type { SearchId } from "@/lib/search/types";
import { formatScore } from "./format";
import { HighlightedText } from "./highlighted-text";
import { ScoreBreakdown } from "./score-breakdown";
import { SEARCH_COLORS, chipClass, linkButtonClass } from "./lab-styles";

export type QueryExplanationViewProps = {
  explanation: QueryExplanation | undefined;
  pending: boolean;
  toolCount: number;
  onSelectTool: (name: string) => void;
};

function Fields({ fields, compact }: { fields: FieldHighlights; compact?: boolean }) {
  const matchedParameters = fields.parameterNames.filter((segments) => segments.some((segment) => segment.hit));
  const t = useTranslations("lab.why");
  return (
    <div className="flex flex-col gap-1 text-[13.5px] leading-snug">
      {fields.description.length > 0 && fields.description.some((segment) => segment.text !== "") ? (
        <p className={`text-ink-soft ${compact ? "line-clamp-3" : "line-clamp-6"}`}>
          <HighlightedText segments={fields.description} />
        </p>
      ) : (
        <p className="italic text-muted">{t("noDescription")}</p>
      )}
      {matchedParameters.length > 0 ? (
        <p className="flex flex-wrap gap-1">
          {matchedParameters.map((segments, index) => (
            <span key={index} className={chipClass}>
              <HighlightedText segments={segments} />
            </span>
          ))}
        </p>
      ) : null}
      {fields.parameterDescriptions.map((segments, index) => (
        <p key={index} className="line-clamp-2 text-xs text-muted">
          ↳ <HighlightedText segments={segments} />
        </p>
      ))}
    </div>
  );
}

function MatchedTerms({ hit }: { hit: Pick<ExplainedHit, "matches"> }) {
  const t = useTranslations("lab.why");
  if (hit.matches.length === 0) return null;
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
      {hit.matches.map((match) => (
        <span key={match.field}>
          {t(`fields.${match.field}`)}:{" "}
          <span className="font-mono text-ink-soft">{match.terms.slice(0, 6).join(", ")}</span>
        </span>
      ))}
    </p>
  );
}

function Hit({ hit, onSelectTool }: { hit: ExplainedHit; onSelectTool: (name: string) => void }) {
  const t = useTranslations("lab.why");
  return (
    <li
      className={`flex flex-col gap-1 rounded-lg border p-2.5 ${hit.expected ? "border-success/60 bg-success/5" : "border-line"}`}
      data-testid="explain-hit"
      data-tool={hit.name}
      data-expected={hit.expected}
    >
      <div className="flex items-baseline gap-2">
        <span className="tabular w-5 shrink-0 text-sm font-bold text-muted">{hit.rank}</span>
        <button
          type="button"
          className={`${linkButtonClass} min-w-0 text-sm font-semibold [overflow-wrap:anywhere]`}
          onClick={() => onSelectTool(hit.name)}
          title={t("editDescription", { name: hit.name })}
        >
          <HighlightedText segments={hit.fields.name} />
        </button>
        {hit.expected ? <span className="text-xs font-bold text-success">{t("expected")}</span> : null}
        <span className="tabular ml-auto shrink-0 text-xs text-muted" title={t("score")}>
          {formatScore(hit.score)}
        </span>
      </div>
      <MatchedTerms hit={hit} />
      {hit.breakdown ? <ScoreBreakdown breakdown={hit.breakdown} tie={hit.tie} /> : null}
      <Fields fields={hit.fields} compact />
    </li>
  );
}

function Expected({
  expected,
  toolCount,
  onSelectTool,
}: {
  expected: ExpectedToolExplanation;
  toolCount: number;
  onSelectTool: (name: string) => void;
}) {
  const t = useTranslations("lab.why");
  if (!expected.inCatalog) {
    return <p className="text-sm text-danger">{t("notInCatalog", { name: expected.name })}</p>;
  }
  const where = expected.rank === null ? t("notReturned") : t("rankOf", { rank: expected.rank, total: toolCount });
  return (
    <div
      className="flex flex-col gap-1.5 rounded-lg border border-dashed border-danger/50 bg-danger-soft/40 p-2.5"
      data-testid="explain-expected"
      data-tool={expected.name}
      data-rank={expected.rank ?? "none"}
    >
      <p className="text-sm">
        <span className="font-semibold">{t("whyNot")}</span>
        <button
          type="button"
          className={`${linkButtonClass} font-semibold`}
          onClick={() => onSelectTool(expected.name)}
        >
          {expected.name}
        </button>
        <span className="text-muted"> — {where}</span>
      </p>
      <p className="flex flex-wrap items-center gap-1 text-sm" data-testid="explain-missing">
        {expected.missingWords.length > 0 ? (
          <span className="text-muted">{t("addWords")}</span>
        ) : (
          <span className="text-muted" data-testid="explain-no-advice">
            {expected.rank === 1
              ? t("nothingToAdd")
              : expected.ineffectiveMissingCount > 0
                ? t("noSingleWord", { count: expected.ineffectiveMissingCount })
                : t("hasEveryWord")}
          </span>
        )}
        {expected.missingWords.map((word) => (
          <span
            key={word}
            className="rounded-md bg-danger-soft px-1.5 py-0.5 font-mono text-[12.5px] font-semibold text-danger"
            data-testid="explain-missing-word"
            data-word={word}
            title={t("withWord", { word, rank: expected.rankIfAdded[word] })}
          >
            {word} <span className="font-sans font-normal">{t("toRank", { rank: expected.rankIfAdded[word] })}</span>
          </span>
        ))}
        {expected.presentWords.length > 0 ? <span className="ml-2 text-muted">{t("has")}</span> : null}
        {expected.presentWords.map((word) => (
          <span key={word} className="rounded-md bg-success/15 px-1.5 py-0.5 font-mono text-[12.5px] text-success">
            {word}
          </span>
        ))}
      </p>
      {expected.breakdown && expected.breakdown.score > 0 ? <ScoreBreakdown breakdown={expected.breakdown} /> : null}
      {expected.fields ? <Fields fields={expected.fields} compact /> : null}
    </div>
  );
}

function SearchColumn({
  id,
  explanation,
  toolCount,
  onSelectTool,
}: {
  id: SearchId;
  explanation: QueryExplanation;
  toolCount: number;
  onSelectTool: (name: string) => void;
}) {
  const search = explanation.searches[id];
  const missed = search.expected.filter((expected) => expected.rank !== 1);
  const found = search.expected.some((expected) => expected.rank === 1);
  const locale = useLocale();
  const t = useTranslations("lab.why");
  return (
    <section className="flex min-w-0 flex-col gap-2" data-testid={`explain-search-${id}`}>
      <header className="flex flex-col gap-0.5">
        <h4 className="flex items-center gap-2 text-sm font-semibold">
          <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: SEARCH_COLORS[id] }} />
          {searchDescription(id, locale).title}
        </h4>
        <p className="truncate font-mono text-xs text-muted" title={search.input}>
          {id === "anthropic-regex" ? t("pattern") : t("query")} <span className="text-ink-soft">{search.input}</span>
        </p>
      </header>
      {search.errorMessage ? (
        <p className="rounded-lg bg-danger-soft p-2 text-sm text-danger">
          <code>invalid_tool_input</code>: {search.errorMessage}
        </p>
      ) : null}
      {search.hits.length === 0 && !search.errorMessage ? <p className="text-sm text-muted">{t("noMatch")}</p> : null}
      <ol className="flex flex-col gap-1.5">
        {search.hits.map((hit) => (
          <Hit key={hit.name} hit={hit} onSelectTool={onSelectTool} />
        ))}
      </ol>
      {!found
        ? missed.map((expected) => (
            <Expected key={expected.name} expected={expected} toolCount={toolCount} onSelectTool={onSelectTool} />
          ))
        : null}
    </section>
  );
}

/** "Why this tool ranked here", and "why the expected one did not", under each of the three searches. */
export function QueryExplanationView({ explanation, pending, toolCount, onSelectTool }: QueryExplanationViewProps) {
  const t = useTranslations("lab.why");
  if (explanation === undefined) {
    return (
      <p className="p-4 text-sm text-muted" data-testid="query-explanation" data-state="pending">
        {pending ? t("explaining") : ""}
      </p>
    );
  }
  return (
    <div
      className={`grid grid-cols-1 gap-4 p-4 lg:grid-cols-3 ${pending ? "opacity-60" : ""}`}
      data-testid="query-explanation"
      data-state="ready"
    >
      {LAB_SEARCH_IDS.map((id) => (
        <SearchColumn key={id} id={id} explanation={explanation} toolCount={toolCount} onSelectTool={onSelectTool} />
      ))}
    </div>
  );
}
