"use client";
/**
 * Which search the strategies that search on the client use in this live run: the lexical client search (the
 * default, and always the simulation's), or the semantic or hybrid search over the server's embedding endpoint
 * (`/api/embeddings`), offered only when the server has one. After a run it says which search ran.
 */
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { apiFetch } from "@/components/share/page-token";
import type { ClientSearchKind } from "@/lib/search/embeddings/client-search-choice";
import { DEFAULT_HYBRID_SEMANTIC_WEIGHT } from "@/lib/search/embeddings/semantic-search";

/** The server's embedding endpoint, read once per mount (it does not change while the server runs). */
const embeddingsStatus = () => apiFetch("/api/embeddings");

export type LiveSearchSetting = { kind: "semantic" | "hybrid"; semanticWeight?: number; spaceKey: string };

export function LiveSearchPicker({
  onChange,
  ran,
  disabled,
  fetchStatus = embeddingsStatus,
}: {
  onChange(setting: LiveSearchSetting | undefined): void;
  /** The search the last run's client side used, and why it fell back, when it searched at all. */
  ran: { kind: ClientSearchKind; fallback: string | null; searches: number } | null;
  disabled?: boolean;
  fetchStatus?: () => Promise<Response>;
}) {
  const t = useTranslations("experiment");
  const [spaceKey, setSpaceKey] = useState<string | null>(null);
  const [kind, setKind] = useState<ClientSearchKind>("lexical");
  const [weight, setWeight] = useState(DEFAULT_HYBRID_SEMANTIC_WEIGHT);

  useEffect(() => {
    let current = true;
    void fetchStatus()
      .then(async (response) =>
        response.ok ? ((await response.json()) as { configured: boolean; spaceKey?: string }) : null,
      )
      .then((status) => current && setSpaceKey(status?.configured && status.spaceKey ? status.spaceKey : null))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [fetchStatus]);

  useEffect(() => {
    onChange(
      spaceKey && kind !== "lexical"
        ? { kind, spaceKey, ...(kind === "hybrid" ? { semanticWeight: weight } : {}) }
        : undefined,
    );
  }, [spaceKey, kind, weight, onChange]);

  if (!spaceKey && !ran?.searches) return null;
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm" data-testid="live-search">
      {spaceKey && (
        <label className="flex flex-col">
          {t("search")}
          <select
            className="rounded-md border border-line bg-panel px-2 py-1"
            value={kind}
            disabled={disabled}
            onChange={(event) => setKind(event.target.value as ClientSearchKind)}
          >
            <option value="lexical">{t("searchLexical")}</option>
            <option value="semantic">{t("searchSemantic")}</option>
            <option value="hybrid">{t("searchHybrid")}</option>
          </select>
        </label>
      )}
      {spaceKey && kind === "hybrid" && (
        <label className="flex flex-col">
          {t("semanticWeight")}
          <input
            type="number"
            min={0}
            max={1}
            step={0.1}
            disabled={disabled}
            className="w-20 rounded-md border border-line bg-panel px-2 py-1"
            value={weight}
            onChange={(event) => setWeight(Math.max(0, Math.min(1, Number(event.target.value) || 0)))}
          />
        </label>
      )}
      {ran && ran.searches > 0 && (
        <p data-testid="live-search-ran">
          {t("searchRan", { searches: t(`searchKind.${ran.kind}`) })}
          {ran.fallback ? ` ${t("searchFellBackLive", { message: ran.fallback })}` : ""}
        </p>
      )}
    </div>
  );
}
