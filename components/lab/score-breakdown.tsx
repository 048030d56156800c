"use client";
import { useTranslations } from "use-intl";
import type { TieExplanation } from "@/lib/lab/explain";
import type { ClientScoreBreakdown, ClientTermOrigin } from "@/lib/search/client-search";
import { formatScore, formatShare } from "./format";

type Translate = ReturnType<typeof useTranslations<"lab.score">>;

const ORIGIN_KEYS: Record<Exclude<ClientTermOrigin, "shape" | "verb" | "word">, string> = {
  split: "origin.split",
  joined: "origin.joined",
  synonym: "origin.synonym",
  address: "origin.address",
  character: "origin.character",
};

/**
 * How the matched index term relates to the query term, in words ("prefix → repositori", "typo → chanel",
 * "remember ≈ memory 0.71, by word vectors").
 */
function matchWords(term: ClientScoreBreakdown["terms"][number], t: Translate): string {
  const someWord = t("aQueryWord");
  const via = [
    term.origin === "shape"
      ? t("origin.shape", { text: term.shapeOf ?? someWord, kind: term.queryTerm })
      : term.origin === "verb"
        ? t(term.verbOf?.relation === "kind" ? "origin.verbKind" : "origin.verbSame", {
            text: term.verbOf?.text ?? someWord,
            verb: term.verbOf?.verb ?? term.queryTerm,
          })
        : term.origin === "word"
          ? ""
          : t(ORIGIN_KEYS[term.origin] as "origin.split"),
    term.match === "prefix"
      ? t("match.prefix", { term: term.matchedTerm ?? "" })
      : term.match === "typo"
        ? t("match.typo", { term: term.matchedTerm ?? "" })
        : term.match === "similar"
          ? t("match.similar", {
              request: term.similar?.requestWord ?? term.queryTerm,
              catalog: term.similar?.catalogWord ?? term.matchedTerm ?? "",
              similarity: (term.similar?.similarity ?? 0).toFixed(2),
            })
          : "",
  ].filter((part) => part !== "");
  return via.length === 0 ? "" : ` (${via.join(t("separator"))})`;
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
  const t = useTranslations("lab.score");
  const factors = [
    breakdown.coverage.factor !== 1 ? `× ${t("coverage")} ${short(breakdown.coverage.factor)}` : "",
    breakdown.serverPrior ? `× ${t("server")} ${short(breakdown.serverPrior.factor)}` : "",
    breakdown.entityPrior ? `× ${t("entity")} ${short(breakdown.entityPrior.factor)}` : "",
    breakdown.exactWords && breakdown.exactWords.bonus > 0
      ? `+ ${t("exactWords")} ${formatScore(breakdown.exactWords.bonus)}`
      : "",
  ].filter((part) => part !== "");
  const sum = [
    `${t("terms")} ${formatScore(breakdown.termScore)}`,
    breakdown.proximityScore > 0 ? `${t("proximity")} ${formatScore(breakdown.proximityScore)}` : "",
    breakdown.nameAction ? `${t("nameAction")} ${formatScore(breakdown.nameAction.bonus)}` : "",
    breakdown.plainBm25.bonus > 0 ? `${t("plainBm25")} ${formatScore(breakdown.plainBm25.bonus)}` : "",
  ]
    .filter((part) => part !== "")
    .join(" + ");
  return (
    <details className="text-xs text-muted" data-testid="score-breakdown" data-score={breakdown.score}>
      <summary className="cursor-pointer select-none">
        {t("score")} {formatScore(breakdown.score)} = {sum}
        {factors.length > 0 ? ` ${factors.join(" ")}` : ""}
        {tie ? (
          <span data-testid="score-tie" data-rule={tie.rule}>
            {" "}
            · {t(tie.rule === "shorter-name" ? "tieLongerName" : "tieCatalogOrder", { name: tie.above })}
          </span>
        ) : null}
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5 pl-3">
        {breakdown.terms.map((term) => (
          <li key={term.queryTerm} data-testid="score-term" data-term={term.queryTerm} data-match={term.match}>
            <span className="font-mono text-ink-soft">{term.queryTerm}</span>
            {matchWords(term, t)}: {t("weight")} {short(term.weight)} × IDF {short(term.idf)} × {t("saturated")} (
            {term.fields
              .map(
                (field) =>
                  `${t(`fields.${field.field}`)} ${short(field.fieldWeight)}×${field.count}/${short(field.lengthNormalisation)}`,
              )
              .join(" + ")}{" "}
            = {short(term.weightedFrequency)} → {short(term.saturated)}) = {formatScore(term.score)}
          </li>
        ))}
        {breakdown.terms.length === 0 ? <li>{t("noTerms")}</li> : null}
        {breakdown.dropped.length > 0 ? (
          <li data-testid="score-dropped">
            {t("notSearched")}{" "}
            {breakdown.dropped.map((dropped, index) => (
              <span key={dropped.word}>
                {index > 0 ? t("separator") : ""}
                <span className="font-mono text-ink-soft">{dropped.word}</span> (
                {t(dropped.reason === "stop word" ? "stopWord" : "requestFiller")})
              </span>
            ))}
          </li>
        ) : null}
        {breakdown.proximity.map((pair) => (
          <li key={`${pair.left} ${pair.right}`} data-testid="score-proximity">
            {t("proximity")}: <span className="font-mono text-ink-soft">{pair.left}</span>{" "}
            <span className="font-mono text-ink-soft">{pair.right}</span>{" "}
            {t("sideBySide", { field: t(`fields.${pair.field}`) })}: +{formatScore(pair.bonus)}
          </li>
        ))}
        {breakdown.nameAction ? (
          <li data-testid="score-name-action">
            {t("nameAction")}:{" "}
            {t("nameActionLine", { action: breakdown.nameAction.action, object: breakdown.nameAction.object })}: +
            {formatScore(breakdown.nameAction.bonus)}
          </li>
        ) : null}
        {breakdown.plainBm25.bonus > 0 ? (
          <li data-testid="score-plain-bm25">
            {t("plainBm25")}: {t("plainBm25Line")} {formatScore(breakdown.plainBm25.score)} ×{" "}
            {short(breakdown.plainBm25.bonus / breakdown.plainBm25.score)}: +{formatScore(breakdown.plainBm25.bonus)}
          </li>
        ) : null}
        {breakdown.exactWords ? (
          <li data-testid="score-exact-words">
            {t("exactWordsLine")} {formatScore(breakdown.exactWords.score)} × {short(breakdown.exactWords.scale)}: +
            {formatScore(breakdown.exactWords.bonus)}
          </li>
        ) : null}
        {breakdown.coverage.factor !== 1 ? (
          <li data-testid="score-coverage">
            {t("coverage")}: {t("coverageLine", { share: formatShare(breakdown.coverage.share) })}: ×
            {short(breakdown.coverage.factor)}
          </li>
        ) : null}
        {breakdown.serverPrior ? (
          <li data-testid="score-server-prior">
            {t("serverPriorLine", { server: breakdown.serverPrior.server })} (
            <span className="font-mono">{breakdown.serverPrior.words.join(", ")}</span>): ×
            {short(breakdown.serverPrior.factor)}
          </li>
        ) : null}
        {breakdown.entityPrior ? (
          <li data-testid="score-entity-prior">
            {t("entityPriorLine", {
              text: breakdown.entityPrior.text,
              kind: t(`entities.${breakdown.entityPrior.kind}`),
              parameter: breakdown.entityPrior.parameter,
            })}
            : ×{short(breakdown.entityPrior.factor)}
          </li>
        ) : null}
      </ul>
    </details>
  );
}
