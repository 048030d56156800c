/**
 * `/api/experiment`: GET `?tasks=<example id>` answers a shipped task set's text; POST runs an experiment and
 * streams NDJSON — one `estimate` line (the simulator's predicted cost), `progress` lines (task-runs done, cost
 * spent, time left), then `done` with every task-run's result (measured and simulated) or `error`. A measured run
 * spends the key pasted on the page (`x-provider-key`, used for this run and forgotten) or the server's own key,
 * by live mode's rules (an environment key only ever goes to its own provider), keeps each
 * finished task-run in the SQLite store so the same request resumes, and stops at the budget or when the page goes
 * away. Node-only.
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
import { estimateExperiment, runExperiment, simulateTaskRun, type RunExperimentOptions } from "../experiment/runner";
import { CLIENT_SEARCH_KINDS, type ClientSearchKind } from "../search/embeddings/client-search-choice";
import { EMBEDDINGS_ENV, serverEmbeddings } from "./embeddings-handler";
import type { TaskRunResult } from "../experiment/types";
import { getModel } from "../models";
import { providerFacts } from "../providers";
import { getStore } from "./store";
import { createDirectTransport } from "./experiment-transport";
import { readLiveConfig } from "./live-config";
import { serverKeysUsable } from "./live-request";
import { errorResponse, guardApiRequest } from "./request-guard";

export const EXPERIMENT_PATH = "/api/experiment";
const MAX_TASKS_CHARACTERS = 500_000;
const MAX_TASK_RUNS = 2_000;

const bodySchema = z.object({
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

export type ExperimentRequestBody = z.infer<typeof bodySchema>;

export type ExperimentLine =
  | { type: "estimate"; totalUsd: number; taskRuns: number; id: string }
  | { type: "progress"; done: number; total: number; spentUsd: number; remainingMs: number | null }
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

export async function handleExperimentRun(
  request: Request,
  env: Record<string, string | undefined> = process.env,
): Promise<Response> {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  let body: ExperimentRequestBody;
  try {
    const parsed = bodySchema.safeParse(await request.json());
    if (!parsed.success) return errorResponse(400, "invalid_request", `experiment: ${parsed.error.issues[0]?.message}`);
    body = parsed.data;
  } catch {
    return errorResponse(400, "invalid_request", "experiment: the request body is not JSON.");
  }
  if (!EXAMPLES.some((example) => example.id === body.example))
    return errorResponse(400, "invalid_request", `experiment: no example "${body.example}".`);
  const catalog = (await loadExample(body.example)).catalog;
  if (!getModel(body.provider, body.model))
    return errorResponse(400, "invalid_request", `experiment: unknown model "${body.model}" for ${body.provider}.`);
  const built = designFromChoice(body, catalog);
  if ("problem" in built) return errorResponse(400, "invalid_request", built.problem);
  const { design } = built;
  const { cells, id } = design;
  if (cells.length * design.tasks.length * body.repetitions > MAX_TASK_RUNS)
    return errorResponse(400, "invalid_request", `experiment: more than ${MAX_TASK_RUNS} task-runs.`);
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
  const engine = createEngine();
  const encoder = new TextEncoder();
  const stop = new AbortController();
  request.signal?.addEventListener("abort", () => stop.abort(), { once: true });
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (line: ExperimentLine) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
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
        controller.close();
      }
    },
    cancel() {
      stop.abort();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store, no-transform" },
  });
}
