"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocale } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { apiFetch } from "@/components/share/page-token";
import { describeLiveError, type LiveErrorView } from "@/lib/live/describe-error";
import type { LiveRun, LiveRunSnapshot } from "@/lib/live/live-run";
import {
  LiveRequestError,
  type ExactCount,
  type LiveCall,
  type LiveEndpoint,
  type LiveTransport,
} from "@/lib/live/types";
import type { StrategyRun } from "@/lib/engine/types";
import type { Scenario } from "@/lib/scenario/types";
import type { ProviderId, StrategyId } from "@/lib/core/ids";
import type { ClientSearchKind, PreparedSearcher } from "@/lib/search/embeddings/client-search-choice";

export type UseLiveRunOptions = {
  /** The scenario to run (the page's current one, catalog included); null disables Run. */
  scenario: Scenario | null;
  strategyId: StrategyId;
  /** The placement the simulated run used (RunSummary.provider/model), so live runs the same thing. */
  provider?: ProviderId;
  model?: string;
  endpoint?: LiveEndpoint;
  wireModel?: string;
  /** From useLiveKeys().keyFor. */
  providerKey: (call: LiveCall) => string | undefined;
  /** The page's fetch to its own API (adds the page token); apiFetch by default. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Provider name for error titles ("Anthropic rejected the request (400)"). */
  providerLabel?: string;
  /** The semantic or hybrid search the client side uses instead of the lexical one (the server's endpoint). */
  clientSearch?: { kind: "semantic" | "hybrid"; semanticWeight?: number; spaceKey: string };
};

export type LiveRunHandle = {
  snapshot: LiveRunSnapshot | null;
  /** The run as the stepper knows runs (completed requests), for summariseRun/stepDetail. */
  strategyRun: StrategyRun | null;
  error: LiveErrorView | null;
  /** When the current error arrived (ms), for the retry-after countdown. */
  failedAt: number | null;
  exactCounts: ReadonlyMap<number, ExactCount>;
  countingStep: number | null;
  countError: LiveErrorView | null;
  run: () => void;
  stop: () => void;
  retry: () => void;
  reset: () => void;
  countExactly: (stepIndex: number) => void;
  /** Which search the last run's client side used (and why it fell back), once it has searched. */
  searchRan: { kind: ClientSearchKind; fallback: string | null; searches: number } | null;
};

/**
 * Drives a LiveRun from a component. lib/live (and the tokenizer it needs for predictions) is imported on the first
 * Run, so live mode costs nothing on first load. Snapshots are applied once per animation frame while streaming.
 */
export function useLiveRun(options: UseLiveRunOptions): LiveRunHandle {
  const [snapshot, setSnapshot] = useState<LiveRunSnapshot | null>(null);
  const [strategyRun, setStrategyRun] = useState<StrategyRun | null>(null);
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const [exactCounts, setExactCounts] = useState<ReadonlyMap<number, ExactCount>>(new Map());
  const [countingStep, setCountingStep] = useState<number | null>(null);
  const [countError, setCountError] = useState<LiveErrorView | null>(null);
  const [searchRan, setSearchRan] = useState<LiveRunHandle["searchRan"]>(null);
  const instance = useRef<{ run: LiveRun; transport: LiveTransport } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const frame = useRef<number | null>(null);
  const pending = useRef<LiveRunSnapshot | null>(null);
  const locale = useLocale() as Locale;
  const latestOptions = useRef(options);
  latestOptions.current = options;
  const latestLocale = useRef(locale);
  latestLocale.current = locale;

  useEffect(
    () => () => {
      controller.current?.abort();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const publish = useCallback((next: LiveRunSnapshot) => {
    pending.current = next;
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (pending.current) setSnapshot(pending.current);
    });
  }, []);

  const drive = useCallback(async () => {
    const current = instance.current;
    if (!current) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setFailedAt(null);
    const final = await current.run.run({ signal: abort.signal, onUpdate: publish });
    if (frame.current !== null) {
      cancelAnimationFrame(frame.current);
      frame.current = null;
    }
    if (instance.current !== current) return;
    setSnapshot(final);
    setStrategyRun(current.run.toStrategyRun());
    setSearchRan(current.run.clientSearchRan);
    setFailedAt(final.status === "failed" ? Date.now() : null);
  }, [publish]);

  const run = useCallback(() => {
    const { scenario, strategyId, provider, model, endpoint, wireModel } = latestOptions.current;
    if (!scenario) return;
    controller.current?.abort();
    setExactCounts(new Map());
    setCountError(null);
    setStrategyRun(null);
    void (async () => {
      const [{ createLiveRun }, { createHttpTransport }] = await Promise.all([
        import("@/lib/live/live-run"),
        import("@/lib/live/http-transport"),
      ]);
      const transport = createHttpTransport({
        fetch: latestOptions.current.fetch ?? apiFetch,
        providerKey: (call) => latestOptions.current.providerKey(call),
      });
      const search = latestOptions.current.clientSearch;
      let clientSearch: PreparedSearcher | undefined;
      if (search) {
        const [{ createPreparedSearcher }, { createRouteEmbeddings }, { indexedDbEmbeddingCache }, { createEngine }] =
          await Promise.all([
            import("@/lib/search/embeddings/client-search-choice"),
            import("@/lib/search/embeddings/route-backend"),
            import("@/lib/persistence/indexed-db-embedding-cache"),
            import("@/lib/engine"),
          ]);
        const pageFetch = latestOptions.current.fetch ?? apiFetch;
        clientSearch = createPreparedSearcher({
          tools: scenario.catalog.tools,
          backend: createRouteEmbeddings({
            spaceKey: search.spaceKey,
            fetchImplementation: (url, init) => pageFetch(String(url), init ?? {}),
          }),
          cache: indexedDbEmbeddingCache(globalThis.indexedDB),
          lexical: createEngine().searchers(scenario.catalog.tools).client,
          setting: {
            kind: search.kind,
            ...(search.semanticWeight !== undefined ? { semanticWeight: search.semanticWeight } : {}),
          },
        });
      }
      const live = createLiveRun({
        ...(clientSearch ? { clientSearch } : {}),
        scenario,
        strategyId,
        transport,
        ...(provider ? { provider } : {}),
        ...(model ? { model } : {}),
        ...(endpoint ? { endpoint } : {}),
        ...(wireModel ? { wireModel } : {}),
      });
      instance.current = { run: live, transport };
      setSnapshot(live.snapshot());
      await drive();
    })();
  }, [drive]);

  const stop = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => void drive(), [drive]);
  const reset = useCallback(() => {
    controller.current?.abort();
    instance.current = null;
    setSnapshot(null);
    setStrategyRun(null);
    setExactCounts(new Map());
    setFailedAt(null);
  }, []);

  const countExactly = useCallback((stepIndex: number) => {
    const current = instance.current;
    const step = current?.run.snapshot().steps[stepIndex];
    if (!current || !step) return;
    const snap = current.run.snapshot();
    const betas = (step.request.headers["anthropic-beta"] ?? "")
      .split(",")
      .map((beta) => beta.trim())
      .filter(Boolean);
    setCountingStep(stepIndex);
    setCountError(null);
    current.transport
      .count({
        provider: snap.provider,
        endpoint: latestOptions.current.endpoint ?? { kind: "official" },
        body: step.request.body,
        betas,
      })
      .then((count) => setExactCounts((previous) => new Map(previous).set(stepIndex, count)))
      .catch((error: unknown) => {
        const live =
          error instanceof LiveRequestError ? error.error : { code: "count_failed", message: String(error), status: 0 };
        setCountError(describeLiveError(live, latestOptions.current.providerLabel, latestLocale.current));
      })
      .finally(() => setCountingStep(null));
  }, []);

  const error = snapshot?.error ? describeLiveError(snapshot.error, options.providerLabel, locale) : null;
  return {
    snapshot,
    strategyRun,
    error,
    failedAt,
    exactCounts,
    countingStep,
    countError,
    run,
    stop,
    retry,
    reset,
    countExactly,
    searchRan,
  };
}
