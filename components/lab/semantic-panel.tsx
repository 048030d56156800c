"use client";
/**
 * Lexical, semantic and hybrid search side by side, with vectors from the server owner's embedding endpoint
 * (`/api/embeddings`). The page embeds each text once per browser (IndexedDB) and shows a bar while it does; the
 * ranking itself is lib/lab/semantic-comparison.ts. Without an endpoint, or when it fails, the lab's lexical searches
 * carry on and this tab says why there is no semantic column.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import type { CatalogTool } from "@/lib/core/catalog";
import { compareSearches, COMPARED_SEARCHES, textsToEmbed, type ComparedSearch } from "@/lib/lab/semantic-comparison";
import type { LabQuery } from "@/lib/lab/query-set";
import { indexedDbEmbeddingCache } from "@/lib/persistence/indexed-db-embedding-cache";
import type { ClientSearchOptions } from "@/lib/search/client-search";
import { embedTexts, type EmbedProgress } from "@/lib/search/embeddings/embed-texts";
import { embeddingCostUsd } from "@/lib/search/embeddings/prices";
import { createRouteEmbeddings } from "@/lib/search/embeddings/route-backend";
import { DEFAULT_HYBRID_SEMANTIC_WEIGHT } from "@/lib/search/embeddings/semantic-search";
import { apiFetch } from "@/components/share/page-token";
import { Button } from "@/components/ui/button";
import { formatShare } from "./format";
import { selectClass } from "./lab-styles";
import { RankBadge } from "./rank-badge";

type Status =
  | { state: "checking" }
  | { state: "unconfigured"; variables: Record<string, string>; problem?: string }
  | {
      state: "configured";
      baseUrl: string;
      model: string;
      spaceKey: string;
      price: { usdPerMillionTokens: number; source: string } | null;
    }
  | { state: "unreachable"; message: string };

type Vectors = { key: string; tools: Float32Array[]; queries: Map<string, Float32Array> };

export type SemanticPanelProps = {
  tools: readonly CatalogTool[];
  queries: readonly LabQuery[];
  clientOptions: ClientSearchOptions;
  k: number;
};

const WEIGHTS = [0.25, 0.5, 0.75] as const;

export function SemanticPanel({ tools, queries, clientOptions, k }: SemanticPanelProps) {
  const t = useTranslations("lab.semantic");
  const [status, setStatus] = useState<Status>({ state: "checking" });
  const [wanted, setWanted] = useState(false);
  const [progress, setProgress] = useState<EmbedProgress | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [vectors, setVectors] = useState<Vectors | undefined>(undefined);
  const [spent, setSpent] = useState<{ tokens: number | undefined; sent: number } | undefined>(undefined);
  const [weight, setWeight] = useState<number>(DEFAULT_HYBRID_SEMANTIC_WEIGHT);
  const running = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    apiFetch("/api/embeddings")
      .then(async (response) => {
        const answer = await response.json();
        if (cancelled) return;
        if (!response.ok)
          setStatus({ state: "unreachable", message: answer?.error?.message ?? String(response.status) });
        else if (answer.configured) setStatus({ state: "configured", ...answer });
        else setStatus({ state: "unconfigured", variables: answer.variables, problem: answer.problem });
      })
      .catch((reason: unknown) => {
        if (!cancelled) setStatus({ state: "unreachable", message: String(reason) });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const texts = useMemo(() => textsToEmbed(tools, queries), [tools, queries]);
  const textsKey = useMemo(() => JSON.stringify([texts.toolTexts, texts.queryTexts]), [texts]);
  const characters = useMemo(
    () => [...texts.toolTexts, ...texts.queryTexts].reduce((sum, text) => sum + text.length, 0),
    [texts],
  );

  // Once asked, the vectors follow the catalog and the queries: a changed text is embedded, the rest come cached.
  useEffect(() => {
    if (!wanted || status.state !== "configured" || vectors?.key === textsKey) return;
    const controller = new AbortController();
    running.current?.abort();
    running.current = controller;
    setError(undefined);
    const backend = createRouteEmbeddings({
      spaceKey: status.spaceKey,
      fetchImplementation: (url, init) => apiFetch(String(url), init),
    });
    const all = [...texts.toolTexts, ...texts.queryTexts];
    embedTexts(backend, indexedDbEmbeddingCache(globalThis.indexedDB), all, {
      signal: controller.signal,
      onProgress: setProgress,
    })
      .then((embedded) => {
        if (controller.signal.aborted) return;
        const toolVectors = embedded.vectors.slice(0, texts.toolTexts.length);
        const queryVectors = new Map(
          texts.queryTexts.map((text, index) => [text, embedded.vectors[texts.toolTexts.length + index]] as const),
        );
        setVectors({ key: textsKey, tools: toolVectors, queries: queryVectors });
        setSpent({ tokens: embedded.promptTokens, sent: embedded.sent });
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(reason instanceof Error ? reason.message : String(reason));
      });
    return () => controller.abort();
  }, [wanted, status, texts, textsKey, vectors?.key]);

  const comparison = useMemo(
    () =>
      vectors === undefined || vectors.key !== textsKey
        ? undefined
        : compareSearches({
            tools,
            queries,
            toolVectors: vectors.tools,
            queryVectors: vectors.queries,
            clientOptions,
            semanticWeight: weight,
            k,
          }),
    [vectors, textsKey, tools, queries, clientOptions, weight, k],
  );

  const searchName = (id: ComparedSearch) => t(`searches.${id}`);
  const cost =
    status.state === "configured" && spent
      ? embeddingCostUsd(status.model, spent.tokens, status.price?.usdPerMillionTokens)
      : undefined;

  return (
    <div className="flex flex-col gap-4 p-4" data-testid="semantic-panel">
      <p className="text-sm text-ink-soft">{t("intro")}</p>
      {status.state === "checking" ? <p className="text-sm text-muted">{t("checking")}</p> : null}
      {status.state === "unreachable" ? (
        <p className="rounded-lg bg-danger-soft p-3 text-sm text-danger" role="alert">
          {t("unreachable", { message: status.message })}
        </p>
      ) : null}
      {status.state === "unconfigured" ? (
        <div className="rounded-lg border border-line p-3 text-sm" data-testid="semantic-unconfigured">
          <p>{t("unconfigured")}</p>
          {/* A variable set to a value the server cannot use, in the server's words (they name the variable). */}
          {status.problem ? (
            <p className="mt-2 text-danger" role="alert" data-testid="semantic-problem">
              {status.problem}
            </p>
          ) : null}
          <pre className="mt-2 overflow-x-auto rounded bg-panel-muted p-2 font-mono text-xs">
            {`${status.variables.baseUrl}=http://127.0.0.1:11434/v1\n${status.variables.model}=nomic-embed-text\n${status.variables.apiKey}=…`}
          </pre>
        </div>
      ) : null}
      {status.state === "configured" ? (
        <div className="flex flex-wrap items-center gap-3" data-testid="semantic-endpoint">
          <p className="text-sm">
            {t("endpoint", { model: status.model, baseUrl: status.baseUrl })}{" "}
            <span className="text-muted">
              {status.price
                ? t("price", { price: status.price.usdPerMillionTokens, source: status.price.source })
                : t("priceUnknown")}
            </span>
          </p>
          {!wanted ? (
            <Button variant="primary" onClick={() => setWanted(true)} data-testid="semantic-embed">
              {t("embed", { count: texts.toolTexts.length + texts.queryTexts.length, characters })}
            </Button>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <span>{t("weight")}</span>
            <select
              className={selectClass}
              value={weight}
              onChange={(event) => setWeight(Number(event.target.value))}
              data-testid="semantic-weight"
            >
              {WEIGHTS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      {wanted && progress && progress.done < progress.total && !error ? (
        <div data-testid="semantic-progress">
          <p className="text-sm text-muted">{t("progress", { done: progress.done, total: progress.total })}</p>
          <progress className="h-2 w-full" max={progress.total} value={progress.done} />
        </div>
      ) : null}
      {error ? (
        <p className="rounded-lg bg-danger-soft p-3 text-sm text-danger" role="alert" data-testid="semantic-error">
          {t("failed", { message: error })}
        </p>
      ) : null}
      {comparison ? (
        <>
          <p className="text-xs text-muted" data-testid="semantic-spent">
            {spent && spent.sent === 0
              ? t("allCached")
              : t("spent", {
                  sent: spent?.sent ?? 0,
                  tokens: spent?.tokens ?? -1,
                  cost: cost === undefined ? "?" : `$${cost.toFixed(6)}`,
                })}
          </p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="semantic-summaries">
            {COMPARED_SEARCHES.map((id) => (
              <div key={id} className="rounded-xl border border-line p-3" data-testid={`semantic-summary-${id}`}>
                <p className="text-xs font-semibold uppercase tracking-wide text-muted">{searchName(id)}</p>
                <p className="tabular text-2xl font-bold" data-value={comparison.summaries[id].recallAtK}>
                  {formatShare(comparison.summaries[id].recallAtK)}
                </p>
                <p className="tabular text-xs text-muted">
                  {t("summary", { k, mrr: comparison.summaries[id].mrr.toFixed(2) })}
                </p>
              </div>
            ))}
          </div>
          <p className="text-xs text-muted">{t("hybridFormula", { weight })}</p>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[560px] border-collapse text-left text-sm" data-testid="semantic-table">
              <thead className="text-xs font-semibold uppercase tracking-wide text-muted">
                <tr>
                  <th className="py-2 pr-3">{t("columnQuery")}</th>
                  {COMPARED_SEARCHES.map((id) => (
                    <th key={id} className="px-2 py-2 text-center">
                      {searchName(id)}
                    </th>
                  ))}
                  <th className="py-2 pl-2">{t("columnWinner")}</th>
                </tr>
              </thead>
              <tbody>
                {comparison.queries.map((row, index) => (
                  <tr key={index} className="border-t border-line align-top" data-testid="semantic-row">
                    <td className="py-2 pr-3">
                      <p className="font-medium" translate="no">
                        {row.q}
                      </p>
                      <p className="text-xs text-muted">
                        {row.similarity.expected === null
                          ? t("whyUnknown")
                          : t("why", {
                              expected: row.similarity.expected.toFixed(2),
                              top: row.similarity.top?.name ?? "—",
                              topValue: (row.similarity.top?.value ?? 0).toFixed(2),
                            })}
                      </p>
                    </td>
                    {COMPARED_SEARCHES.map((id) => (
                      <td key={id} className="px-2 py-2 text-center">
                        <RankBadge rank={row.ranks[id]} searchTitle={searchName(id)} testId={`semantic-rank-${id}`} />
                      </td>
                    ))}
                    <td className="py-2 pl-2" data-testid="semantic-winner" data-winner={row.winner ?? "tie"}>
                      {row.winner === null
                        ? t("tie")
                        : t("wins", { search: searchName(row.winner), margin: row.margin })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
