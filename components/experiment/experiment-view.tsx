"use client";
/**
 * The Experiment view: a task set over a bundled catalog (edited in Monaco, checked as it is typed), the cells to
 * run (chosen strategies or a built-in design), the simulator's cost estimate, then the run — a simulated one in
 * the experiment worker (workers/experiment-client.ts), a measured one on the server (`/api/experiment`, keys kept
 * server-side as in live mode), both streaming progress — and the results beside the simulated prediction. A
 * `#results=` link opens shared results.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { apiFetch, readApiError } from "@/components/share/page-token";
import { Button } from "@/components/ui/button";
import { PROVIDER_IDS, STRATEGY_IDS, type ProviderId, type StrategyId } from "@/lib/core/ids";
import type { Catalog } from "@/lib/core/catalog";
import { EXAMPLES, loadExample } from "@/lib/examples";
import { decodeResults, encodeResults } from "@/lib/experiment/share-results";
import type { DesignId } from "@/lib/experiment/designs";
import type { ExperimentResponse } from "@/lib/experiment/experiment-messages";
import type { ExperimentChoice } from "@/lib/experiment/page-design";
import type { ClientSearchKind } from "@/lib/search/embeddings/client-search-choice";
import { DEFAULT_HYBRID_SEMANTIC_WEIGHT } from "@/lib/search/embeddings/semantic-search";
import { parseTaskSet } from "@/lib/experiment/tasks";
import type { TaskRunResult } from "@/lib/experiment/types";
import { defaultModel, MODELS } from "@/lib/models";
import { PROVIDER_KEY_HEADER } from "@/lib/live/paths";
import { startExperimentClient, type ExperimentClient } from "@/workers/experiment-client";
import { ExperimentResults } from "./experiment-results";
import { TaskEditor } from "./task-editor";
import { useProblemText } from "@/components/catalog/problem-text";
import type { Locale } from "@/lib/i18n/locales";
import { routeSentenceIn } from "@/lib/live/describe-error";

const TASK_EXAMPLES = ["weather", "learning-agent", "github-mcp", "mixed-mcp", "office-assistant-zh"];
const API = "/api/experiment";

type Line =
  | { type: "estimate"; totalUsd: number; taskRuns: number }
  | { type: "progress"; done: number; total: number; spentUsd: number; remainingMs: number | null }
  | { type: "job"; mode: "queued" | "this-process"; id: string }
  | { type: "done"; status: string; results: TaskRunResult[]; spentUsd: number; skipped: number }
  | { type: "error"; message: string };

async function* readLines(response: Response): AsyncGenerator<Line> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) yield JSON.parse(line) as Line;
      newline = buffer.indexOf("\n");
    }
  }
}

const usd = (value: number) => `$${value.toFixed(4)}`;

export function ExperimentView() {
  const t = useTranslations("experiment");
  const problemText = useProblemText();
  const locale = useLocale() as Locale;
  const [example, setExample] = useState(TASK_EXAMPLES[0]);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [tasks, setTasks] = useState("");
  const [provider, setProvider] = useState<ProviderId>("anthropic");
  const [model, setModel] = useState(defaultModel("anthropic").id);
  const [strategies, setStrategies] = useState<StrategyId[]>([...STRATEGY_IDS]);
  const [repetitions, setRepetitions] = useState(1);
  const [budget, setBudget] = useState("");
  const [simulated, setSimulated] = useState(true);
  const [design, setDesign] = useState<DesignId | "">("");
  // The strategies the worker found the choice runs (a design picks its own).
  const [cellStrategies, setCellStrategies] = useState<StrategyId[]>([]);
  const [runDesign, setRunDesign] = useState<{ design: DesignId | ""; baseline: StrategyId | undefined }>({
    design: "",
    baseline: undefined,
  });
  const worker = useRef<ExperimentClient | null>(null);
  const [search, setSearch] = useState<ClientSearchKind>("lexical");
  const [semanticWeight, setSemanticWeight] = useState(DEFAULT_HYBRID_SEMANTIC_WEIGHT);
  // Whether the server has an embedding endpoint (`/api/embeddings`), else the variables that would set one.
  const [embeddings, setEmbeddings] = useState<{ configured: boolean; variables?: Record<string, string> } | null>(
    null,
  );
  // Sent with the run only, never stored: the server uses it for this run as live mode does.
  const [key, setKey] = useState("");
  const [estimate, setEstimate] = useState<{ totalUsd: number; taskRuns: number } | null>(null);
  const [progress, setProgress] = useState<Extract<Line, { type: "progress" }> | null>(null);
  const [outcome, setOutcome] = useState<Extract<Line, { type: "done" }> | null>(null);
  const [shared, setShared] = useState<{ title: string; results: TaskRunResult[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [shareState, setShareState] = useState<"idle" | "copied">("idle");
  const stop = useRef<AbortController | null>(null);
  // With a database the server queues a run on its own keys as jobs; one on a pasted key stays in its process.
  const [job, setJob] = useState<Extract<Line, { type: "job" }> | null>(null);

  useEffect(() => {
    let current = true;
    void apiFetch("/api/embeddings")
      .then(async (response) => (response.ok ? ((await response.json()) as { configured: boolean }) : null))
      .then((answer) => current && setEmbeddings(answer))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const client = startExperimentClient();
    worker.current = client;
    return () => {
      worker.current = null;
      client.dispose();
    };
  }, []);

  useEffect(() => {
    const fromLink = decodeResults(window.location.hash);
    if (fromLink) setShared(fromLink);
  }, []);

  useEffect(() => {
    let current = true;
    setCatalog(null);
    void loadExample(example).then((scenario) => current && setCatalog(scenario.catalog));
    void apiFetch(`${API}?tasks=${encodeURIComponent(example)}`).then(async (response) => {
      if (!current) return;
      if (response.ok) setTasks(((await response.json()) as { tasks: string }).tasks);
      else setError((await readApiError(response)).message);
    });
    return () => {
      current = false;
    };
  }, [example]);

  const parsed = useMemo(() => (catalog ? parseTaskSet(tasks, catalog) : null), [tasks, catalog]);
  const models = MODELS.filter((entry) => entry.provider === provider);
  const choice = useMemo<ExperimentChoice>(
    () => ({ example, tasks, provider, model, strategies, repetitions, ...(design ? { design } : {}) }),
    [example, tasks, provider, model, strategies, repetitions, design],
  );

  // The estimate follows the choices: the worker runs the simulator over the same tasks.
  useEffect(() => {
    if (!parsed?.value || (strategies.length === 0 && !design)) {
      setEstimate(null);
      setCellStrategies([]);
      return;
    }
    const timer = setTimeout(() => {
      void worker.current?.send({ kind: "estimate", choice }).outcome.then((answer) => {
        if (answer.ok && answer.value.kind === "estimate") {
          setEstimate(answer.value);
          setCellStrategies(answer.value.strategies);
        } else if (!answer.ok && !answer.stale) {
          setEstimate(null);
          setCellStrategies([]);
        }
      });
    }, 300);
    return () => clearTimeout(timer);
  }, [parsed, strategies, design, choice]);

  const simulate = async () => {
    const client = worker.current;
    if (!client) return;
    const answer = await client.send(
      { kind: "simulate", choice },
      {
        onInterim: (response: ExperimentResponse) => {
          if (response.kind !== "progress") return;
          const remainingMs =
            response.done > 0 ? (response.elapsedMs / response.done) * (response.total - response.done) : null;
          setProgress({ type: "progress", done: response.done, total: response.total, spentUsd: 0, remainingMs });
        },
      },
    ).outcome;
    if (answer.ok && answer.value.kind === "done") {
      const total = answer.value.results.length;
      setProgress({ type: "progress", done: total, total, spentUsd: 0, remainingMs: 0 });
      setOutcome({ type: "done", status: answer.value.status, results: answer.value.results, spentUsd: 0, skipped: 0 });
    } else if (!answer.ok && !answer.stale) setError(answer.message);
  };

  const run = async () => {
    setRunning(true);
    setError(null);
    setOutcome(null);
    setProgress(null);
    setShared(null);
    setJob(null);
    setRunDesign({ design, baseline: design ? cellStrategies[0] : undefined });
    if (simulated) {
      try {
        await simulate();
      } finally {
        setRunning(false);
      }
      return;
    }
    const controller = new AbortController();
    stop.current = controller;
    try {
      const response = await apiFetch(API, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(key.trim() && !simulated ? { [PROVIDER_KEY_HEADER]: key.trim() } : {}),
        },
        body: JSON.stringify({
          ...choice,
          ...(Number(budget) > 0 ? { budgetUsd: Number(budget) } : {}),
          simulated: false,
          search: { kind: search, ...(search === "hybrid" ? { semanticWeight } : {}) },
        }),
        signal: controller.signal,
      });
      if (!response.ok) throw new Error((await readApiError(response)).message);
      for await (const line of readLines(response)) {
        if (line.type === "estimate") setEstimate(line);
        else if (line.type === "progress") setProgress(line);
        else if (line.type === "job") setJob(line);
        else if (line.type === "done") setOutcome(line);
        else if (line.type === "error") setError(line.message);
      }
    } catch (caught) {
      if (!controller.signal.aborted) setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setRunning(false);
      stop.current = null;
    }
  };

  const results = shared?.results ?? outcome?.results ?? null;
  const title = shared?.title ?? `${example} · ${provider} · ${model}`;
  const share = async () => {
    if (!results) return;
    const link = `${window.location.origin}${window.location.pathname}#${encodeResults({ title, results })}`;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    window.history.replaceState(null, "", link);
    setShareState("copied");
  };
  const errors = parsed?.problems.filter((problem) => problem.severity === "error") ?? [];
  const taskCount = parsed?.value?.length ?? 0;

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-muted">{t("intro")}</p>
      </header>
      {shared ? (
        <p className="text-sm font-medium" data-testid="experiment-shared">
          {t("sharedResults")}: {shared.title}
        </p>
      ) : (
        <>
          <section className="flex flex-col gap-2" aria-label={t("taskSet")}>
            <div className="flex flex-wrap items-end gap-3">
              <label className="flex flex-col text-sm">
                {t("example")}
                <select
                  className="rounded-md border border-line bg-panel px-2 py-1"
                  value={example}
                  onChange={(event) => setExample(event.target.value)}
                >
                  {EXAMPLES.filter((entry) => TASK_EXAMPLES.includes(entry.id)).map((entry) => (
                    <option key={entry.id} value={entry.id}>
                      {entry.id}
                    </option>
                  ))}
                </select>
              </label>
              <p className="text-xs text-muted">{t("taskHelp")}</p>
            </div>
            <div className="h-64 rounded-md border border-line">
              <TaskEditor
                value={tasks}
                onChange={setTasks}
                problems={parsed?.problems ?? []}
                ariaLabel={t("taskSet")}
              />
            </div>
            <div className="text-sm" data-testid="experiment-task-problems">
              {errors.length === 0 ? (
                t("noProblems", { count: taskCount })
              ) : (
                <>
                  {t("problems", { count: errors.length })}
                  <ul className="list-disc pl-5 text-red-700">
                    {errors.slice(0, 10).map((problem) => (
                      <li key={`${problem.line}-${problem.message}`}>{problemText(problem)}</li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          </section>
          <section className="flex flex-col gap-2" aria-label={t("cells")}>
            <h2 className="text-lg font-semibold">{t("cells")}</h2>
            <div className="flex flex-wrap items-end gap-3 text-sm">
              <label className="flex flex-col">
                {t("provider")}
                <select
                  className="rounded-md border border-line bg-panel px-2 py-1"
                  value={provider}
                  onChange={(event) => {
                    const next = event.target.value as ProviderId;
                    setProvider(next);
                    setModel(defaultModel(next).id);
                  }}
                >
                  {PROVIDER_IDS.map((id) => (
                    <option key={id} value={id}>
                      {id}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col">
                {t("model")}
                <select
                  className="rounded-md border border-line bg-panel px-2 py-1"
                  value={model}
                  onChange={(event) => setModel(event.target.value)}
                >
                  {models.map((entry) => (
                    <option key={entry.id} value={entry.id}>
                      {entry.id}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col">
                {t("repetitions")}
                <input
                  type="number"
                  min={1}
                  max={20}
                  className="w-20 rounded-md border border-line bg-panel px-2 py-1"
                  value={repetitions}
                  onChange={(event) => setRepetitions(Math.max(1, Math.min(20, Number(event.target.value) || 1)))}
                />
              </label>
              <label className="flex flex-col">
                {t("budget")}
                <input
                  type="number"
                  min={0}
                  step="0.01"
                  className="w-28 rounded-md border border-line bg-panel px-2 py-1"
                  value={budget}
                  onChange={(event) => setBudget(event.target.value)}
                />
              </label>
              {!simulated && (
                <label className="flex flex-col">
                  {t("key")}
                  <input
                    type="password"
                    autoComplete="off"
                    className="w-64 rounded-md border border-line bg-panel px-2 py-1"
                    value={key}
                    placeholder={t("keyPlaceholder")}
                    onChange={(event) => setKey(event.target.value)}
                  />
                </label>
              )}
              {!simulated && (
                <label className="flex flex-col">
                  {t("search")}
                  <select
                    className="rounded-md border border-line bg-panel px-2 py-1"
                    value={search}
                    onChange={(event) => setSearch(event.target.value as ClientSearchKind)}
                  >
                    <option value="lexical">{t("searchLexical")}</option>
                    <option value="semantic" disabled={!embeddings?.configured}>
                      {t("searchSemantic")}
                    </option>
                    <option value="hybrid" disabled={!embeddings?.configured}>
                      {t("searchHybrid")}
                    </option>
                  </select>
                </label>
              )}
              {!simulated && search === "hybrid" && (
                <label className="flex flex-col">
                  {t("semanticWeight")}
                  <input
                    type="number"
                    min={0}
                    max={1}
                    step={0.1}
                    className="w-20 rounded-md border border-line bg-panel px-2 py-1"
                    value={semanticWeight}
                    onChange={(event) => setSemanticWeight(Math.max(0, Math.min(1, Number(event.target.value) || 0)))}
                  />
                </label>
              )}
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={simulated} onChange={(event) => setSimulated(event.target.checked)} />
                {t("simulated")}
              </label>
            </div>
            <label className="flex flex-col text-sm">
              {t("design")}
              <select
                className="w-fit max-w-full rounded-md border border-line bg-panel px-2 py-1"
                value={design}
                onChange={(event) => setDesign(event.target.value as DesignId | "")}
              >
                <option value="">{t("designChosen")}</option>
                <option value="position">{t("designPosition")}</option>
              </select>
            </label>
            {design && (
              <p className="text-sm" data-testid="experiment-design-strategies">
                {cellStrategies.length > 1
                  ? t("designRuns", { baseline: cellStrategies[0], appended: cellStrategies.slice(1).join(", ") })
                  : t("designNoAppended", { model })}
              </p>
            )}
            <p className="text-xs text-muted" data-testid="experiment-search-note">
              {simulated
                ? t("searchSimulated")
                : embeddings && !embeddings.configured
                  ? t("searchUnavailable", {
                      variables: Object.values(embeddings.variables ?? {})
                        .slice(0, 2)
                        .join(", "),
                    })
                  : null}
            </p>
            <fieldset className="flex flex-wrap gap-3 text-sm" disabled={Boolean(design)} hidden={Boolean(design)}>
              <legend className="mb-1">{t("strategies")}</legend>
              {STRATEGY_IDS.map((id) => (
                <label key={id} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={strategies.includes(id)}
                    onChange={(event) =>
                      setStrategies((current) =>
                        event.target.checked
                          ? STRATEGY_IDS.filter((entry) => entry === id || current.includes(entry))
                          : current.filter((entry) => entry !== id),
                      )
                    }
                  />
                  <code>{id}</code>
                </label>
              ))}
            </fieldset>
            <p className="text-sm" data-testid="experiment-estimate">
              {estimate ? t("estimate", { usd: usd(estimate.totalUsd), runs: estimate.taskRuns }) : t("none")}
            </p>
            <div className="flex gap-2">
              <Button
                variant="primary"
                onClick={() => void run()}
                disabled={running || errors.length > 0 || !parsed?.value || cellStrategies.length === 0}
              >
                {t("run")}
              </Button>
              {running && (
                <Button
                  onClick={() =>
                    simulated
                      ? void worker.current?.send({ kind: "cancel" })
                      : job?.mode === "queued"
                        ? // Recorded in the database: every process stops its task-runs; the stream then ends.
                          void apiFetch(`${API}?id=${encodeURIComponent(job.id)}`, { method: "DELETE" }).catch(
                            (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
                          )
                        : stop.current?.abort()
                  }
                >
                  {t("cancel")}
                </Button>
              )}
            </div>
            {job && (
              <p className="text-sm" data-testid="experiment-job">
                {job.mode === "queued" ? t("jobQueued") : t("jobThisProcess")}
              </p>
            )}
            {progress && (
              <div className="flex flex-col gap-1" data-testid="experiment-progress">
                <progress className="w-full" value={progress.done} max={progress.total} />
                <span className="text-sm">
                  {t("progress", {
                    done: progress.done,
                    total: progress.total,
                    spent: usd(progress.spentUsd),
                    left:
                      progress.remainingMs === null
                        ? t("timeUnknown")
                        : t("timeLeft", { seconds: Math.round(progress.remainingMs / 1000) }),
                  })}
                </span>
              </div>
            )}
            {outcome?.status === "budget" && <p className="text-sm">{t("stoppedBudget")}</p>}
            {outcome?.status === "cancelled" && <p className="text-sm">{t("stoppedCancelled")}</p>}
            {outcome && outcome.skipped > 0 && <p className="text-sm">{t("resumed", { count: outcome.skipped })}</p>}
            {error && (
              <p className="text-sm text-red-700" role="alert">
                {t("error", { message: routeSentenceIn(error, locale) })}
              </p>
            )}
          </section>
        </>
      )}
      {results && results.length > 0 && (
        <ExperimentResults
          results={results}
          title={title}
          onShare={() => void share()}
          shareState={shareState}
          {...(!shared && runDesign.baseline ? { baseline: runDesign.baseline } : {})}
        />
      )}
    </main>
  );
}
