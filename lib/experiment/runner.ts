/**
 * The experiment runner: every strategy × model × repetition runs each task through the one conversation loop —
 * `LiveRun` (lib/live/live-run.ts, the engine's ConversationSession with a remote model) for a measured run, the
 * engine's `runStrategy` (the scripted model) for a simulated one — and scores what the model did from the
 * provider's own replies (lib/experiment/score.ts). Around the loop: a concurrency limit, retry with backoff on
 * 429/529 (counted), a hard budget that refuses a request that could take the spend past it, cancel, and a store
 * that keeps each finished task-run so an interrupted experiment resumes without repeating or losing one.
 */
import type { EngineStep, StrategyRun } from "../core";
import type { Catalog, WireName } from "../core/catalog";
import type { TranscriptBlock } from "../core/transcript";
import type { MeasuredUsage } from "../core/live-reply";
import { createEngine, type Engine } from "../engine";
import { createLiveRun } from "../live/live-run";
import { REJECTED_TOOL_CALL_CODE, rejectedToolName } from "../live/tool-call-rejection";
import { LiveRequestError, type LiveEndpoint, type LiveStep, type LiveTransport } from "../live/types";
import { computeCost, getModel } from "../models";
import { providerAdapter } from "../providers";
import type { ScenarioSettings } from "../scenario/types";
import { strategyDefinition } from "../strategies";
import { INVOKE_TOOL_TOOL } from "../strategies/helper-tools";
import {
  createPreparedSearcher,
  type ClientSearchSetting,
  type PreparedSearcher,
} from "../search/embeddings/client-search-choice";
import type { EmbeddingBackend, EmbeddingCache } from "../search/embeddings/types";
import { scoreReplies } from "./score";
import { taskScenario } from "./task-scenario";
import { DEFAULT_MAX_TURNS, type ExperimentTask } from "./tasks";
import {
  taskRunKey,
  type ExperimentCell,
  type ExperimentStore,
  type StopReason,
  type TaskRunResult,
  type TokenFigures,
} from "./types";

export type ExperimentDesign = {
  /** Names the experiment in the store: the same id resumes, a new one starts afresh. */
  id: string;
  catalog: Catalog;
  tasks: readonly ExperimentTask[];
  cells: readonly ExperimentCell[];
  repetitions: number;
  settings?: Partial<ScenarioSettings>;
};

export type RetryPolicy = { maxRetries: number; baseDelayMs: number; maxDelayMs: number };
export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 2_000, maxDelayMs: 60_000 };

/**
 * A request may cost more than the simulator predicted (the model writes more, or reads a longer conversation):
 * before each request the runner sets aside this multiple of the largest request cost seen or predicted so far.
 */
export const BUDGET_RESERVE_FACTOR = 2;

export type ExperimentProgress = {
  done: number;
  total: number;
  spentUsd: number;
  elapsedMs: number;
  /** Linear extrapolation from the task-runs done in this session; null before the first. */
  remainingMs: number | null;
  last?: TaskRunResult;
};

export type RunExperimentOptions = {
  design: ExperimentDesign;
  store: ExperimentStore;
  /** Measured runs go through this transport; absent, the experiment runs on the simulated model. */
  transport?: LiveTransport;
  endpoint?: LiveEndpoint;
  concurrency?: number;
  /** Hard limit in US dollars on what this session may spend. */
  budgetUsd?: number;
  retry?: RetryPolicy;
  signal?: AbortSignal;
  onProgress?: (progress: ExperimentProgress) => void;
  /** Run only these task-runs of the design (a job runs one); absent, all of them. */
  only?: ReadonlySet<string>;
  now?: () => number;
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  engine?: Engine;
  /**
   * The semantic or hybrid search the client-searching strategies use in measured runs (absent: the lexical client
   * search; simulated runs always use it). The catalog is embedded once for the whole experiment.
   */
  clientSearch?: {
    setting: ClientSearchSetting & { kind: "semantic" | "hybrid" };
    backend: EmbeddingBackend;
    cache: EmbeddingCache;
  };
};

export type ExperimentOutcome = {
  /** Why the run ended: all done, cancelled, or the next request could have exceeded the budget. */
  status: "finished" | "cancelled" | "budget";
  results: TaskRunResult[];
  /** Task-runs finished in this session (the rest of `results` were in the store already). */
  ran: number;
  skipped: number;
  spentUsd: number;
};

export type CostEstimate = {
  /** Predicted cost of the whole experiment in US dollars, from the simulator. */
  totalUsd: number;
  taskRuns: number;
  perCell: Array<{ cell: ExperimentCell; usd: number; refused?: string }>;
  /** Per cell and task, the predicted cost of one run and of its largest request. */
  perTask: Map<string, { usd: number; largestRequestUsd: number }>;
};

function abortError(): Error {
  const error = new Error("experiment: cancelled");
  error.name = "AbortError";
  return error;
}

function defaultSleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const figures = (tokens: { input: number; cacheRead: number; cacheWrite: number; output: number }): TokenFigures => ({
  input: tokens.input,
  cacheRead: tokens.cacheRead,
  cacheWrite: tokens.cacheWrite,
  output: tokens.output,
});

function sumTokens(list: readonly TokenFigures[]): TokenFigures {
  return list.reduce(
    (sum, tokens) => ({
      input: sum.input + tokens.input,
      cacheRead: sum.cacheRead + tokens.cacheRead,
      cacheWrite: sum.cacheWrite + tokens.cacheWrite,
      output: sum.output + tokens.output,
    }),
    { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 },
  );
}

function score(
  task: ExperimentTask,
  catalog: Catalog,
  cell: ExperimentCell,
  steps: readonly EngineStep[],
  mode: TaskRunResult["mode"],
  rejected?: { tool: string | null },
  wireNames?: readonly WireName[],
) {
  const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]));
  const adapter = providerAdapter(cell.provider);
  const original = catalogNames(wireNames);
  const replies = steps
    .filter((step) => !step.rejected)
    .map((step) => adapter.readReply(step.response).blocks.map((block) => withCatalogName(block, original)));
  return scoreReplies(
    task,
    (name) => byName.get(name),
    replies,
    strategyDefinition(cell.strategy).client.calls === "wrapped",
    mode === "measured",
    rejected && { tool: rejected.tool === null ? null : original(rejected.tool) },
  );
}

/**
 * The catalog's own name of a name the run sent: under wire names (settings `toolNameMapping`) the model calls
 * `fs_read_file` for the catalog's `fs/read_file`, and the task expects the catalog's name.
 */
function catalogNames(wireNames: readonly WireName[] | undefined): (name: string) => string {
  if (!wireNames?.length) return (name) => name;
  const byWire = new Map(wireNames.map(({ original, wire }) => [wire, original]));
  return (name) => byWire.get(name) ?? name;
}

/** A call block named as the catalog names it: the tool called, or the tool a gateway's `invoke_tool` names. */
function withCatalogName(block: TranscriptBlock, original: (name: string) => string): TranscriptBlock {
  if (block.type !== "tool-call") return block;
  if (block.name === INVOKE_TOOL_TOOL.name && typeof block.input.name === "string")
    return { ...block, input: { ...block.input, name: original(block.input.name) } };
  const name = original(block.name);
  return name === block.name ? block : { ...block, name };
}

function resultOf(
  base: Pick<TaskRunResult, "key" | "cell" | "taskId" | "repetition" | "mode">,
  scored: ReturnType<typeof score>,
  rest: Omit<
    TaskRunResult,
    | "key"
    | "cell"
    | "taskId"
    | "repetition"
    | "mode"
    | "selected"
    | "completed"
    | "catalogCalls"
    | "invalidCalls"
    | "rejectedCalls"
    | "gatewayCalls"
    | "discoveryCalls"
    | "unknownCalls"
  >,
): TaskRunResult {
  return {
    ...base,
    selected: scored.selected,
    completed: scored.completed && rest.stop !== "error",
    catalogCalls: scored.calls.length,
    invalidCalls: scored.calls.filter((call) => !call.valid).length,
    rejectedCalls: scored.calls.filter((call) => call.rejected).length,
    gatewayCalls: scored.calls.filter((call) => call.viaGateway).length,
    discoveryCalls: scored.discoveryCalls,
    unknownCalls: scored.unknownCalls,
    ...rest,
  };
}

/** A task on the simulated model: the engine's scripted model, which calls what the task expects. */
export function simulateTaskRun(
  engine: Engine,
  design: Pick<ExperimentDesign, "catalog" | "settings">,
  task: ExperimentTask,
  cell: ExperimentCell,
  repetition: number,
): { result: TaskRunResult; run: StrategyRun } {
  const scenario = taskScenario(design.catalog, task, { ...cell, settings: design.settings });
  const run = engine.runStrategy(scenario, cell.strategy, { provider: cell.provider, model: cell.model });
  const steps = run.steps;
  const predicted = sumTokens(steps.map((step) => figures(step.tokens)));
  const cost = steps.reduce((sum, step) => sum + step.cost.totalUsd, 0);
  const rejected = steps.find((step) => step.rejected);
  const stop: StopReason = run.refused ? "refused" : rejected ? "error" : "completed";
  const error = run.refused?.reason ?? rejected?.rejected?.reason;
  return {
    run,
    result: resultOf(
      { key: taskRunKey(cell, task.id, repetition), cell, taskId: task.id, repetition, mode: "simulated" },
      score(task, design.catalog, cell, steps, "simulated", undefined, run.wireNames),
      {
        stop,
        ...(error ? { error } : {}),
        requests: steps.length,
        tokens: predicted,
        predictedTokens: predicted,
        costUsd: cost,
        predictedCostUsd: cost,
        ttftMs: null,
        latencyMs: null,
        retries: 0,
      },
    ),
  };
}

/** The cost estimate before starting: every cell's tasks on the simulated model, times the repetitions. */
export function estimateExperiment(design: ExperimentDesign, engine: Engine = createEngine()): CostEstimate {
  const perTask = new Map<string, { usd: number; largestRequestUsd: number }>();
  const perCell = design.cells.map((cell) => {
    let usd = 0;
    let refused: string | undefined;
    for (const task of design.tasks) {
      const { run } = simulateTaskRun(engine, design, task, cell, 0);
      if (run.refused) refused = run.refused.reason;
      const taskUsd = run.steps.reduce((sum, step) => sum + step.cost.totalUsd, 0);
      const largest = Math.max(0, ...run.steps.map((step) => step.cost.totalUsd));
      perTask.set(taskRunKey(cell, task.id, 0), { usd: taskUsd, largestRequestUsd: largest });
      usd += taskUsd * design.repetitions;
    }
    return { cell, usd, ...(refused ? { refused } : {}) };
  });
  return {
    totalUsd: perCell.reduce((sum, entry) => sum + entry.usd, 0),
    taskRuns: design.cells.length * design.tasks.length * design.repetitions,
    perCell,
    perTask,
  };
}

class BudgetExhausted extends LiveRequestError {
  constructor(limit: number) {
    super({
      code: "budget_exhausted",
      message: `the next request could take the spend past the budget of $${limit}`,
      status: 0,
    });
  }
}

/** What this session has spent and set aside; the budget refuses a request whose reserve would not fit. */
class Budget {
  spent = 0;
  private reserved = 0;
  largestRequest = 0;
  constructor(readonly limit: number) {}
  reserve(amount: number): boolean {
    if (this.spent + this.reserved + amount > this.limit + 1e-12) return false;
    this.reserved += amount;
    return true;
  }
  settle(reservedAmount: number, actual: number): void {
    this.reserved -= reservedAmount;
    this.spent += actual;
    this.largestRequest = Math.max(this.largestRequest, actual);
  }
}

function retryable(error: unknown): LiveRequestError | null {
  if (!(error instanceof LiveRequestError) || error instanceof BudgetExhausted) return null;
  const status = error.error.providerStatus ?? error.error.status;
  return status === 429 || status === 529 ? error : null;
}

function conservativeCost(usage: MeasuredUsage | null, cell: ExperimentCell): number {
  const model = getModel(cell.provider, cell.model);
  if (!usage || !model) return 0;
  // The dearer write price, so the running total never understates what a request may have cost.
  return computeCost(usage, model.prices, { ttl: "1h", writesBilled: true }).totalUsd;
}

type RunContext = {
  options: RunExperimentOptions;
  clientSearch: PreparedSearcher | undefined;
  budget: Budget | null;
  sleep: NonNullable<RunExperimentOptions["sleep"]>;
  now: () => number;
  estimate: CostEstimate | null;
};

async function measureTaskRun(
  context: RunContext,
  task: ExperimentTask,
  cell: ExperimentCell,
  repetition: number,
): Promise<TaskRunResult | "budget" | "cancelled"> {
  const { options, budget, sleep, now } = context;
  const design = options.design;
  const transport = options.transport!;
  const signal = options.signal;
  const predictedLargest = context.estimate?.perTask.get(taskRunKey(cell, task.id, 0))?.largestRequestUsd ?? 0;
  let retries = 0;
  let ttftMs: number | null = null;
  let provisional = 0;
  let budgetStopped = false;
  const metered: LiveTransport = {
    count: (call, countOptions) => transport.count(call, countOptions),
    async send(call, sendOptions) {
      const reserve = budget ? Math.max(budget.largestRequest, predictedLargest) * BUDGET_RESERVE_FACTOR : 0;
      if (budget && !budget.reserve(reserve)) {
        budgetStopped = true;
        throw new BudgetExhausted(budget.limit);
      }
      let reserved = reserve;
      try {
        for (let attempt = 0; ; attempt += 1) {
          const started = now();
          let first: number | null = null;
          try {
            const reply = await transport.send(call, {
              ...sendOptions,
              onPreview: (event) => {
                first ??= now() - started;
                sendOptions.onPreview?.(event);
              },
            });
            // The first request's first streamed part is the task's time to first token.
            ttftMs ??= first ?? reply.durationMs;
            const cost = conservativeCost(reply.usage, cell);
            provisional += cost;
            budget?.settle(reserved, cost);
            reserved = 0;
            return reply;
          } catch (error) {
            const limited = retryable(error);
            if (!limited || attempt >= (options.retry ?? DEFAULT_RETRY).maxRetries) throw error;
            const policy = options.retry ?? DEFAULT_RETRY;
            const after = limited.error.retryAfterSeconds;
            const delay = Math.min(
              policy.maxDelayMs,
              after !== undefined ? after * 1000 : policy.baseDelayMs * 2 ** attempt,
            );
            retries += 1;
            await sleep(delay, signal);
          }
        }
      } finally {
        if (reserved > 0) budget?.settle(reserved, 0);
      }
    },
  };
  const scenario = taskScenario(design.catalog, task, { ...cell, settings: design.settings });
  const live = createLiveRun({
    scenario,
    strategyId: cell.strategy,
    provider: cell.provider,
    model: cell.model,
    ...(cell.wireModel ? { wireModel: cell.wireModel } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    transport: metered,
    maxRequestsPerTurn: task.maxTurns ?? DEFAULT_MAX_TURNS,
    now,
    ...(context.clientSearch ? { clientSearch: context.clientSearch } : {}),
  });
  const snapshot = await live.run({ ...(signal ? { signal } : {}) });
  if (budgetStopped) return "budget";
  if (snapshot.status === "stopped" || signal?.aborted) return "cancelled";
  const liveRun = live.toStrategyRun();
  const steps = liveRun.steps as LiveStep[];
  // The running total used the dearer write price; the run's own figures replace it now it is done.
  const measuredCost = steps.reduce((sum, step) => sum + (step.measuredCost?.totalUsd ?? 0), 0);
  if (budget) budget.spent += measuredCost - provisional;
  const reported = steps.flatMap((step) => (step.measured ? [figures(step.measured)] : []));
  const lastResponse = steps.at(-1)?.response;
  const modelRefused =
    lastResponse !== undefined &&
    (lastResponse.stop_reason === "refusal" ||
      (Array.isArray(lastResponse.choices) &&
        (lastResponse.choices as Array<{ finish_reason?: unknown }>).some(
          (choice) => choice.finish_reason === "content_filter",
        )));
  const turnLimit = snapshot.warnings.some((warning) => warning.code === "live-turn-limit");
  const stop: StopReason =
    snapshot.status === "refused" || modelRefused
      ? "refused"
      : snapshot.status === "failed"
        ? "error"
        : turnLimit
          ? "max-turns"
          : "completed";
  const error = snapshot.refused ?? (snapshot.error ? `${snapshot.error.code}: ${snapshot.error.message}` : undefined);
  const searched = live.clientSearchRan;
  const rejected =
    snapshot.error?.code === REJECTED_TOOL_CALL_CODE ? { tool: rejectedToolName(snapshot.error.message) } : undefined;
  return resultOf(
    { key: taskRunKey(cell, task.id, repetition), cell, taskId: task.id, repetition, mode: "measured" },
    score(task, design.catalog, cell, steps, "measured", rejected, liveRun.wireNames),
    {
      stop,
      ...(error ? { error } : {}),
      requests: steps.length,
      tokens: reported.length === steps.length && steps.length > 0 ? sumTokens(reported) : null,
      predictedTokens: sumTokens(steps.map((step) => figures(step.tokens))),
      costUsd: steps.length && steps.every((step) => step.measuredCost) ? measuredCost : null,
      predictedCostUsd: steps.reduce((sum, step) => sum + step.cost.totalUsd, 0),
      ttftMs,
      latencyMs: steps.length ? steps.reduce((sum, step) => sum + step.durationMs, 0) : null,
      retries,
      ...(searched.searches > 0 ? { search: searched.kind } : {}),
      ...(searched.fallback !== null ? { searchFallback: searched.fallback } : {}),
    },
  );
}

/** The task-runs of a design in the order they run: repetition, then task, then cell, so early stops stay balanced. */
export function plannedTaskRuns(
  design: ExperimentDesign,
): Array<{ key: string; task: ExperimentTask; cell: ExperimentCell; repetition: number }> {
  const planned = [];
  for (let repetition = 0; repetition < design.repetitions; repetition += 1)
    for (const task of design.tasks)
      for (const cell of design.cells)
        planned.push({ key: taskRunKey(cell, task.id, repetition), task, cell, repetition });
  return planned;
}

export async function runExperiment(options: RunExperimentOptions): Promise<ExperimentOutcome> {
  const { design, store } = options;
  const now = options.now ?? (() => Date.now());
  const engine = options.engine ?? createEngine();
  const measured = options.transport !== undefined;
  const estimate = measured && options.budgetUsd !== undefined ? estimateExperiment(design, engine) : null;
  const chosen = options.clientSearch;
  const context: RunContext = {
    options,
    clientSearch:
      chosen && measured
        ? createPreparedSearcher({
            tools: design.catalog.tools,
            backend: chosen.backend,
            cache: chosen.cache,
            lexical: engine.searchers(design.catalog.tools).client,
            setting: chosen.setting,
          })
        : undefined,
    budget: options.budgetUsd !== undefined ? new Budget(options.budgetUsd) : null,
    sleep: options.sleep ?? defaultSleep,
    now,
    estimate,
  };
  const finished = await store.finishedKeys(design.id);
  const planned = plannedTaskRuns(design).filter((entry) => !options.only || options.only.has(entry.key));
  const pending = planned.filter((entry) => !finished.has(entry.key));
  const skipped = planned.length - pending.length;
  const started = now();
  let done = skipped;
  let ran = 0;
  let status: ExperimentOutcome["status"] = "finished";
  let next = 0;

  const worker = async () => {
    while (status === "finished" && next < pending.length) {
      if (options.signal?.aborted) {
        status = "cancelled";
        return;
      }
      const { task, cell, repetition } = pending[next++];
      const outcome = measured
        ? await measureTaskRun(context, task, cell, repetition)
        : simulateTaskRun(engine, design, task, cell, repetition).result;
      if (outcome === "budget" || outcome === "cancelled") {
        if (status === "finished") status = outcome;
        return;
      }
      await store.save(design.id, outcome);
      done += 1;
      ran += 1;
      const elapsedMs = now() - started;
      options.onProgress?.({
        done,
        total: planned.length,
        spentUsd: context.budget?.spent ?? 0,
        elapsedMs,
        remainingMs: (elapsedMs / ran) * (planned.length - done),
        last: outcome,
      });
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 2, pending.length || 1));
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (status === "finished" && options.signal?.aborted && done < planned.length) status = "cancelled";
  const keys = new Set(planned.map((entry) => entry.key));
  const results = (await store.results(design.id)).filter((result) => keys.has(result.key));
  return { status, results, ran, skipped, spentUsd: context.budget?.spent ?? 0 };
}
