import type { TieExplanation } from "@/lib/lab/explain";
import type { ClientScoreBreakdown, ClientTermOrigin } from "@/lib/search/client-search";
import type { EntityKind } from "@/lib/search/request-entities";
import { formatScore, formatShare } from "./format";

const FIELD_SHORT = {
  name: "name",
  description: "description",
  parameterName: "arg name",
  parameterDescription: "arg text",
} as const;

const ORIGIN_WORDS: Record<Exclude<ClientTermOrigin, "shape" | "verb">, string> = {
  word: "",
  split: "part of a run-together word",
  joined: "two query words written together",
  synonym: "synonym",
  address: "inside a web address or path, at a discount",
  character: "a character of a Chinese or Japanese word, at a discount",
};

/** What each kind of value is called in the "why" view. */
const ENTITY_WORDS: Record<EntityKind, string> = {
  url: "web address",
  email: "email address",
  file: "file path",
  repository: "repository (owner/name)",
  date: "date or time",
  amount: "sum of money",
  number: "number (#12)",
};

/** "erase means delete, by WordNet" or "clean is a way to remove, by WordNet". */
function verbWords(text: string, relation: "same" | "kind" | undefined, verb: string): string {
  return relation === "kind" ? `${text} is a way to ${verb}, by WordNet` : `${text} means ${verb}, by WordNet`;
}

/**
 * How the matched index term relates to the query term, in words ("prefix → repositori", "typo → chanel",
 * "remember ≈ memory 0.71, by word vectors").
 */
function matchWords(term: ClientScoreBreakdown["terms"][number]): string {
  const via = [
    term.origin === "shape"
      ? `${term.shapeOf ?? "a query word"} reads as a ${term.queryTerm}`
      : term.origin === "verb"
        ? verbWords(term.verbOf?.text ?? "a query word", term.verbOf?.relation, term.verbOf?.verb ?? term.queryTerm)
        : ORIGIN_WORDS[term.origin],
    term.match === "prefix"
      ? `prefix → ${term.matchedTerm}`
      : term.match === "typo"
        ? `typo → ${term.matchedTerm}`
        : term.match === "similar"
          ? `${term.similar?.requestWord ?? term.queryTerm} ≈ ${term.similar?.catalogWord ?? term.matchedTerm} ${(term.similar?.similarity ?? 0).toFixed(2)}, by word vectors`
          : "",
  ].filter((part) => part !== "");
  return via.length === 0 ? "" : ` (${via.join(", ")})`;
}

/** A number with at most two decimals, trailing zeros dropped: 1.5, 0.4, 3. */
function short(value: number): string {
  return String(Number(value.toFixed(2)));
}

/**
 * Every contribution to one client-search score, in the order the search applies them:
 * `(Σ terms + Σ proximity + name action + plain BM25) × coverage × server prior + exact words`. The figures are the search's own (`explain`), so the
 * sentence and the rank can never disagree.
 */
export function ScoreBreakdown({ breakdown, tie }: { breakdown: ClientScoreBreakdown; tie?: TieExplanation }) {
  const factors = [
    breakdown.coverage.factor !== 1 ? `× coverage ${short(breakdown.coverage.factor)}` : "",
    breakdown.serverPrior ? `× server ${short(breakdown.serverPrior.factor)}` : "",
    breakdown.entityPrior ? `× entity ${short(breakdown.entityPrior.factor)}` : "",
    breakdown.exactWords && breakdown.exactWords.bonus > 0
      ? `+ exact words ${formatScore(breakdown.exactWords.bonus)}`
      : "",
  ].filter((part) => part !== "");
  const sum = [
    `terms ${formatScore(breakdown.termScore)}`,
    breakdown.proximityScore > 0 ? `proximity ${formatScore(breakdown.proximityScore)}` : "",
    breakdown.nameAction ? `name action ${formatScore(breakdown.nameAction.bonus)}` : "",
    breakdown.plainBm25.bonus > 0 ? `plain BM25 ${formatScore(breakdown.plainBm25.bonus)}` : "",
  ]
    .filter((part) => part !== "")
    .join(" + ");
  return (
    <details className="text-xs text-muted" data-testid="score-breakdown" data-score={breakdown.score}>
      <summary className="cursor-pointer select-none">
        score {formatScore(breakdown.score)} = {sum}
        {factors.length > 0 ? ` ${factors.join(" ")}` : ""}
        {tie ? (
          <span data-testid="score-tie" data-rule={tie.rule}>
            {" "}
            · tied with {tie.above}, below it by {tie.rule === "shorter-name" ? "its longer name" : "catalog order"}
          </span>
        ) : null}
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5 pl-3">
        {breakdown.terms.map((term) => (
          <li key={term.queryTerm} data-testid="score-term" data-term={term.queryTerm} data-match={term.match}>
            <span className="font-mono text-ink-soft">{term.queryTerm}</span>
            {matchWords(term)}: weight {short(term.weight)} × IDF {short(term.idf)} × saturated (
            {term.fields
              .map(
                (field) =>
                  `${FIELD_SHORT[field.field]} ${short(field.fieldWeight)}×${field.count}/${short(field.lengthNormalisation)}`,
              )
              .join(" + ")}{" "}
            = {short(term.weightedFrequency)} → {short(term.saturated)}) = {formatScore(term.score)}
          </li>
        ))}
        {breakdown.terms.length === 0 ? <li>no query word matched this tool</li> : null}
        {breakdown.dropped.length > 0 ? (
          <li data-testid="score-dropped">
            not searched:{" "}
            {breakdown.dropped.map((dropped, index) => (
              <span key={dropped.word}>
                {index > 0 ? ", " : ""}
                <span className="font-mono text-ink-soft">{dropped.word}</span> ({dropped.reason})
              </span>
            ))}
          </li>
        ) : null}
        {breakdown.proximity.map((pair) => (
          <li key={`${pair.left} ${pair.right}`} data-testid="score-proximity">
            proximity: <span className="font-mono text-ink-soft">{pair.left}</span>{" "}
            <span className="font-mono text-ink-soft">{pair.right}</span> side by side in the {pair.field}: +
            {formatScore(pair.bonus)}
          </li>
        ))}
        {breakdown.nameAction ? (
          <li data-testid="score-name-action">
            name action: the query matches{" "}
            <span className="font-mono text-ink-soft">{breakdown.nameAction.action}</span> and{" "}
            <span className="font-mono text-ink-soft">{breakdown.nameAction.object}</span> in the name: +
            {formatScore(breakdown.nameAction.bonus)}
          </li>
        ) : null}
        {breakdown.plainBm25.bonus > 0 ? (
          <li data-testid="score-plain-bm25">
            plain BM25: the query&apos;s own words over the whole tool, fields unweighted,{" "}
            {formatScore(breakdown.plainBm25.score)} × {short(breakdown.plainBm25.bonus / breakdown.plainBm25.score)}: +
            {formatScore(breakdown.plainBm25.bonus)}
          </li>
        ) : null}
        {breakdown.exactWords ? (
          <li data-testid="score-exact-words">
            exact words (a first hit, re-ranked): the query&apos;s words as written, unstemmed, over the whole tool,{" "}
            {formatScore(breakdown.exactWords.score)} × {short(breakdown.exactWords.scale)}: +
            {formatScore(breakdown.exactWords.bonus)}
          </li>
        ) : null}
        {breakdown.coverage.factor !== 1 ? (
          <li data-testid="score-coverage">
            coverage: it has {formatShare(breakdown.coverage.share)} of the query&apos;s words (by IDF): ×
            {short(breakdown.coverage.factor)}
          </li>
        ) : null}
        {breakdown.serverPrior ? (
          <li data-testid="score-server-prior">
            server prior: the query names {breakdown.serverPrior.server} (
            <span className="font-mono">{breakdown.serverPrior.words.join(", ")}</span>): ×
            {short(breakdown.serverPrior.factor)}
          </li>
        ) : null}
        {breakdown.entityPrior ? (
          <li data-testid="score-entity-prior">
            entity prior: <span className="font-mono">{breakdown.entityPrior.text}</span> reads as a{" "}
            {ENTITY_WORDS[breakdown.entityPrior.kind]}, and its required argument{" "}
            <span className="font-mono text-ink-soft">{breakdown.entityPrior.parameter}</span> takes one: ×
            {short(breakdown.entityPrior.factor)}
          </li>
        ) : null}
      </ul>
    </details>
  );
}
