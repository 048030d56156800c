import type { ExpectedToolExplanation, ExplainedHit, FieldHighlights, QueryExplanation } from "@/lib/lab/explain";
import { LAB_SEARCH_IDS, SEARCH_DESCRIPTIONS } from "@/lib/lab/search-labels";
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

const FIELD_LABELS = {
  name: "name",
  description: "description",
  parameterName: "argument names",
  parameterDescription: "argument descriptions",
} as const;

function Fields({ fields, compact }: { fields: FieldHighlights; compact?: boolean }) {
  const matchedParameters = fields.parameterNames.filter((segments) => segments.some((segment) => segment.hit));
  return (
    <div className="flex flex-col gap-1 text-[13.5px] leading-snug">
      {fields.description.length > 0 && fields.description.some((segment) => segment.text !== "") ? (
        <p className={`text-ink-soft ${compact ? "line-clamp-3" : "line-clamp-6"}`}>
          <HighlightedText segments={fields.description} />
        </p>
      ) : (
        <p className="italic text-muted">no description</p>
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
  if (hit.matches.length === 0) return null;
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
      {hit.matches.map((match) => (
        <span key={match.field}>
          {FIELD_LABELS[match.field]}:{" "}
          <span className="font-mono text-ink-soft">{match.terms.slice(0, 6).join(", ")}</span>
        </span>
      ))}
    </p>
  );
}

function Hit({ hit, onSelectTool }: { hit: ExplainedHit; onSelectTool: (name: string) => void }) {
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
          title={`Edit ${hit.name}'s description`}
        >
          <HighlightedText segments={hit.fields.name} />
        </button>
        {hit.expected ? <span className="text-xs font-bold text-success">✓ expected</span> : null}
        <span className="tabular ml-auto shrink-0 text-xs text-muted" title="score">
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
  if (!expected.inCatalog) {
    return <p className="text-sm text-danger">{expected.name} is not in this catalog: the query can never be found.</p>;
  }
  const where =
    expected.rank === null ? "not returned at all: no field matched" : `rank ${expected.rank} of ${toolCount}`;
  return (
    <div
      className="flex flex-col gap-1.5 rounded-lg border border-dashed border-danger/50 bg-danger-soft/40 p-2.5"
      data-testid="explain-expected"
      data-tool={expected.name}
      data-rank={expected.rank ?? "none"}
    >
      <p className="text-sm">
        <span className="font-semibold">Why not </span>
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
          <span className="text-muted">adding one of these to its description would move it up:</span>
        ) : (
          <span className="text-muted" data-testid="explain-no-advice">
            {expected.rank === 1
              ? "nothing to add: it is first"
              : expected.ineffectiveMissingCount > 0
                ? `no single query word it lacks would move it up (${expected.ineffectiveMissingCount} tried); others score higher`
                : "it has every content word of the query; others score higher"}
          </span>
        )}
        {expected.missingWords.map((word) => (
          <span
            key={word}
            className="rounded-md bg-danger-soft px-1.5 py-0.5 font-mono text-[12.5px] font-semibold text-danger"
            data-testid="explain-missing-word"
            data-word={word}
            title={`With "${word}" added, it would rank ${expected.rankIfAdded[word]}`}
          >
            {word} <span className="font-sans font-normal">→ rank {expected.rankIfAdded[word]}</span>
          </span>
        ))}
        {expected.presentWords.length > 0 ? <span className="ml-2 text-muted">has</span> : null}
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
  return (
    <section className="flex min-w-0 flex-col gap-2" data-testid={`explain-search-${id}`}>
      <header className="flex flex-col gap-0.5">
        <h4 className="flex items-center gap-2 text-sm font-semibold">
          <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: SEARCH_COLORS[id] }} />
          {SEARCH_DESCRIPTIONS[id].title}
        </h4>
        <p className="truncate font-mono text-xs text-muted" title={search.input}>
          {id === "anthropic-regex" ? "pattern " : "query "}
          <span className="text-ink-soft">{search.input}</span>
        </p>
      </header>
      {search.errorMessage ? (
        <p className="rounded-lg bg-danger-soft p-2 text-sm text-danger">invalid_tool_input: {search.errorMessage}</p>
      ) : null}
      {search.hits.length === 0 && !search.errorMessage ? <p className="text-sm text-muted">No tool matched.</p> : null}
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
  if (explanation === undefined) {
    return (
      <p className="p-4 text-sm text-muted" data-testid="query-explanation" data-state="pending">
        {pending ? "Explaining…" : ""}
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
