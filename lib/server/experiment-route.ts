/**
 * `/api/experiment`: GET `?tasks=<example id>` answers a shipped task set's text; POST runs an experiment and
 * streams NDJSON — one `estimate` line (the simulator's predicted cost), `progress` lines (task-runs done, cost
 * spent, time left), then `done` with every task-run's result (measured and simulated) or `error`. A measured run
 * spends the key pasted on the page (`x-provider-key`, used for this run and forgotten) or the server's own key,
 * by live mode's rules (an environment key only ever goes to its own provider), keeps each
 * finished task-run in the store so the same request resumes, and stops at the budget or when the page goes
 * away. With a database (DATABASE_URL) a run on the server's keys is queued as jobs instead (experiment-jobs.ts):
 * it outlives the page and its process, any page follows it by sending the same request, GET `?id=` reads its
 * progress and DELETE `?id=` cancels it. Node-only.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PROVIDER_KEY_HEADER } from "../live/paths";
import { normaliseKey } from "../live/key-storage";
import { PROVIDER_IDS, STRATEGY_IDS, type ProviderId, type StrategyId } from "../core/ids";
import { createEngine } from "../engine";
import { EXAMPLES, loadExample } from "../examples";
import { DESIGN_IDS } from "../experiment/designs";
import { designFromChoice } from "../experiment/page-design";
import {
  estimateExperiment,
  plannedTaskRuns,
  runExperiment,
  simulateTaskRun,
  type ExperimentDesign,
  type RunExperimentOptions,
} from "../experiment/runner";
import { CLIENT_SEARCH_KINDS, type ClientSearchKind } from "../search/embeddings/client-search-choice";
import { EMBEDDINGS_ENV, serverEmbeddings } from "./embeddings-handler";
import type { TaskRunResult } from "../experiment/types";
import { getModel } from "../models";
import { providerFacts } from "../providers";
import { getStore, type ExperimentJobs, type ExperimentJobState } from "./store";
import { createDirectTransport } from "./experiment-transport";
import { readLiveConfig } from "./live-config";
import { serverKeysUsable } from "./live-request";
import { errorResponse, guardApiRequest } from "./request-guard";

export const EXPERIMENT_PATH = "/api/experiment";
const MAX_TASKS_CHARACTERS = 500_000;
const MAX_TASK_RUNS = 2_000;

export const experimentRequestSchema = z.object({
  example: z.string(),
  tasks: z.string().max(MAX_TASKS_CHARACTERS),
  provider: z.enum(PROVIDER_IDS as [ProviderId, ...ProviderId[]]),
  model: z.string().min(1).max(200),
  strategies: z.array(z.enum(STRATEGY_IDS as [StrategyId, ...StrategyId[]])),
  /** A built-in design picks the strategies itself. */
  design: z.enum(DESIGN_IDS).optional(),
  repetitions: z.number().int().min(1).max(20),
  budgetUsd: z.number().positive().optional(),
  simulated: z.boolean(),
  /** Which search the client-searching strategies use in the measured run (the server's embedding endpoint). */
  search: z
    .object({
      kind: z.enum(CLIENT_SEARCH_KINDS as [ClientSearchKind, ...ClientSearchKind[]]),
      semanticWeight: z.number().min(0).max(1).optional(),
    })
    .optional(),
  /** Only the estimate: the page shows it before anything runs. */
  estimateOnly: z.boolean().optional(),
});

export type ExperimentRequestBody = z.infer<typeof experimentRequestSchema>;

export type ExperimentLine =
  | { type: "estimate"; totalUsd: number; taskRuns: number; id: string }
  | { type: "progress"; done: number; total: number; spentUsd: number; remainingMs: number | null }
  /**
   * With a database the run is queued as jobs ("queued": it goes on without this page, any page may follow or cancel
   * it); a key given in the request is never stored, so such a run stays in this process ("this-process").
   */
  | { type: "job"; mode: "queued" | "this-process"; id: string }
  | { type: "done"; status: string; results: TaskRunResult[]; spentUsd: number; skipped: number }
  | { type: "error"; message: string };

function tasksDirectory(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "examples", "tasks");
}

export function handleExperimentTasks(request: Request): Response {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const id = new URL(request.url).searchParams.get("tasks") ?? "";
  if (!EXAMPLES.some((example) => example.id === id))
    return errorResponse(404, "not_found", `experiment: no example "${id}".`);
  try {
    const text = fs.readFileSync(path.join(tasksDirectory(), `${id}.jsonl`), "utf8");
    return new Response(JSON.stringify({ example: id, tasks: text }), {
      headers: { "content-type": "application/json", "cache-control": "no-store" },
    });
  } catch {
    return errorResponse(404, "not_found", `experiment: no task set ships for "${id}".`);
  }
}

/**
 * The design a request names and the client search its measured run uses, or the error response. The job handler
 * (experiment-jobs.ts) builds the same from the request it finds in the store.
 */
export async function prepareExperiment(
  body: ExperimentRequestBody,
  env: Record<string, string | undefined>,
): Promise<{ design: ExperimentDesign; clientSearch: RunExperimentOptions["clientSearch"] } | Response> {
  if (!EXAMPLES.some((example) => example.id === body.example))
    return errorResponse(400, "invalid_request", `experiment: no example "${body.example}".`);
  const catalog = (await loadExample(body.example)).catalog;
  if (!getModel(body.provider, body.model))
    return errorResponse(400, "invalid_request", `experiment: unknown model "${body.model}" for ${body.provider}.`);
  const built = designFromChoice(body, catalog);
  if ("problem" in built) return errorResponse(400, "invalid_request", built.problem);
  const { design } = built;
  if (design.cells.length * design.tasks.length * body.repetitions > MAX_TASK_RUNS)
    return errorResponse(400, "invalid_request", `experiment: more than ${MAX_TASK_RUNS} task-runs.`);
  const searchSetting = body.search;
  let clientSearch: RunExperimentOptions["clientSearch"];
  if (!body.simulated && searchSetting && searchSetting.kind !== "lexical") {
    const embeddings = serverEmbeddings(env);
    if (!embeddings)
      return errorResponse(
        400,
        "invalid_request",
        `experiment: ${searchSetting.kind} search needs an embedding endpoint on the server (${EMBEDDINGS_ENV.baseUrl} and ${EMBEDDINGS_ENV.model}).`,
      );
    clientSearch = { ...embeddings, setting: { ...searchSetting, kind: searchSetting.kind } };
  }
  return { design, clientSearch };
}

export async function handleExperimentRun(
  request: Request,
  env: Record<string, string | undefined> = process.env,
): Promise<Response> {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  let body: ExperimentRequestBody;
  try {
    const parsed = experimentRequestSchema.safeParse(await request.json());
    if (!parsed.success) return errorResponse(400, "invalid_request", `experiment: ${parsed.error.issues[0]?.message}`);
    body = parsed.data;
  } catch {
    return errorResponse(400, "invalid_request", "experiment: the request body is not JSON.");
  }
  const prepared = await prepareExperiment(body, env);
  if (prepared instanceof Response) return prepared;
  const { design, clientSearch } = prepared;
  const { cells, id } = design;
  const pasted = request.headers.get(PROVIDER_KEY_HEADER);
  const pastedKey = pasted ? normaliseKey(pasted) : undefined;
  if (
    pastedKey !== undefined &&
    (pastedKey.length === 0 || pastedKey.length > 512 || !/^[\x21-\x7e]+$/.test(pastedKey))
  )
    return errorResponse(
      400,
      "invalid_request",
      `experiment: the ${PROVIDER_KEY_HEADER} header does not look like an API key.`,
    );
  if (!body.simulated && !body.estimateOnly) {
    const config = readLiveConfig(env);
    if (!config.enabled)
      return errorResponse(403, "live_disabled", "experiment: live mode is turned off on this server.");
    if (!pastedKey) {
      const variable = providerFacts(body.provider).keyVariable;
      if (!config.keys[providerFacts(body.provider).account])
        return errorResponse(400, "missing_key", `experiment: no key: paste one, or set ${variable} on the server.`);
      if (!serverKeysUsable(env))
        return errorResponse(
          403,
          "server_keys_disabled",
          "experiment: this server does not lend its keys to visitors; paste your own key.",
        );
    }
  }
  const jobs = body.simulated || body.estimateOnly ? null : getStore(env).experimentJobs();
  const engine = createEngine();
  const encoder = new TextEncoder();
  const stop = new AbortController();
  request.signal?.addEventListener("abort", () => stop.abort(), { once: true });
  let streamCancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      // A page that went away cancelled the stream: what is left to say goes nowhere.
      const write = (line: ExperimentLine) => {
        if (streamCancelled) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          streamCancelled = true;
        }
      };
      try {
        const estimate = estimateExperiment(design, engine);
        write({ type: "estimate", totalUsd: estimate.totalUsd, taskRuns: estimate.taskRuns, id });
        if (body.estimateOnly) return;
        const simulated: TaskRunResult[] = [];
        for (let repetition = 0; repetition < design.repetitions; repetition += 1)
          for (const task of design.tasks)
            for (const cell of cells) simulated.push(simulateTaskRun(engine, design, task, cell, repetition).result);
        if (body.simulated) {
          write({ type: "done", status: "finished", results: simulated, spentUsd: 0, skipped: 0 });
          return;
        }
        const store = getStore(env).experiments();
        if (jobs && !pastedKey) {
          const spec: ExperimentRequestBody = { ...body, estimateOnly: false };
          await followJobs(jobs, design, spec, {
            write,
            signal: stop.signal,
            simulated,
            results: (experiment) => store.results(experiment),
          });
          return;
        }
        if (jobs) write({ type: "job", mode: "this-process", id });
        {
          const outcome = await runExperiment({
            design,
            store,
            transport: createDirectTransport(env, pastedKey),
            ...(clientSearch ? { clientSearch } : {}),
            ...(body.budgetUsd !== undefined ? { budgetUsd: body.budgetUsd } : {}),
            signal: stop.signal,
            engine,
            onProgress: (progress) =>
              write({
                type: "progress",
                done: progress.done,
                total: progress.total,
                spentUsd: progress.spentUsd,
                remainingMs: progress.remainingMs,
              }),
          });
          write({
            type: "done",
            status: outcome.status,
            results: [...outcome.results, ...simulated],
            spentUsd: outcome.spentUsd,
            skipped: outcome.skipped,
          });
        }
      } catch (error) {
        write({ type: "error", message: error instanceof Error ? error.message : String(error) });
      } finally {
        if (!streamCancelled) controller.close();
      }
    },
    cancel() {
      streamCancelled = true;
      stop.abort();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store, no-transform" },
  });
}

/** How often a page following a queued experiment reads its progress from the database. */
const FOLLOW_INTERVAL_MS = 500;

const pause = (milliseconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Queues the experiment's task-runs (or joins the run already queued) and streams its progress as the database
 * holds it, whichever process runs the jobs. The page going away stops the stream, not the experiment.
 */
async function followJobs(
  jobs: ExperimentJobs,
  design: ExperimentDesign,
  spec: ExperimentRequestBody,
  context: {
    write: (line: ExperimentLine) => void;
    signal: AbortSignal;
    simulated: TaskRunResult[];
    results: (experiment: string) => Promise<TaskRunResult[]>;
  },
): Promise<void> {
  const { write, signal } = context;
  const keys = plannedTaskRuns(design).map((entry) => entry.key);
  const started = await jobs.start(design.id, spec, keys);
  if (!started.ok) {
    write({
      type: "error",
      message: `experiment: these tasks already run with other strategies or repetitions (${started.state.done} of ${started.state.total} done); cancel that run first.`,
    });
    return;
  }
  write({ type: "job", mode: "queued", id: design.id });
  const skipped = started.state.done;
  const began = Date.now();
  let state: ExperimentJobState = started.state;
  let shown = -1;
  for (;;) {
    if (state.done !== shown) {
      shown = state.done;
      const ranHere = state.done - skipped;
      const elapsed = Date.now() - began;
      write({
        type: "progress",
        done: state.done,
        total: state.total,
        spentUsd: state.spentUsd,
        remainingMs: ranHere > 0 ? (elapsed / ranHere) * (state.total - state.done) : null,
      });
    }
    if (state.status !== "running") break;
    await pause(FOLLOW_INTERVAL_MS, signal);
    if (signal.aborted) return;
    state = (await jobs.state(design.id)) ?? state;
  }
  const planned = new Set(keys);
  const results = (await context.results(design.id)).filter((result) => planned.has(result.key));
  write({
    type: "done",
    status: state.status,
    results: [...results, ...context.simulated],
    spentUsd: state.spentUsd,
    skipped,
  });
}

function jobsOrRefusal(request: Request, env: Record<string, string | undefined>) {
  const refused = guardApiRequest(request);
  if (refused) return { refused };
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const jobs = getStore(env).experimentJobs();
  if (!jobs)
    return {
      refused: errorResponse(
        404,
        "not_found",
        "experiment: this server runs each experiment in the request that started it; stop it on that page.",
      ),
    };
  return { jobs, id };
}

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { "content-type": "application/json", "cache-control": "no-store" } });

/** GET `/api/experiment?id=<experiment>`: a queued experiment's progress, as the database holds it. */
export async function handleExperimentState(
  request: Request,
  env: Record<string, string | undefined> = process.env,
): Promise<Response> {
  const found = jobsOrRefusal(request, env);
  if (found.refused) return found.refused;
  const state = await found.jobs.state(found.id);
  return state ? json(state) : errorResponse(404, "not_found", `experiment: no queued experiment "${found.id}".`);
}

/** DELETE `/api/experiment?id=<experiment>`: cancels a queued experiment from any page of any process. */
export async function handleExperimentCancel(
  request: Request,
  env: Record<string, string | undefined> = process.env,
): Promise<Response> {
  const found = jobsOrRefusal(request, env);
  if (found.refused) return found.refused;
  const state = await found.jobs.stop(found.id, "cancelled");
  return state ? json(state) : errorResponse(404, "not_found", `experiment: no queued experiment "${found.id}".`);
}
