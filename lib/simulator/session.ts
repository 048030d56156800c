import { defaultMockResult, validateToolArguments } from "../catalog";
import type { CatalogTool } from "../catalog/types";
import { emptyCacheState } from "../cache";
import type { CacheRules, CacheState } from "../cache/types";
import type { EngineStep, EngineWarning, StepKind } from "../engine/types";
import type { ToolEntry, Transcript, TranscriptBlock, TranscriptMessage } from "../engine/transcript";
import type { ProviderAdapter, RenderContext } from "../providers";
import { checkRequestLimits, rejectedStep, RequestRejectedError } from "../providers/limits";
import type { ToolSearcher } from "../search";
import { priceRenderedRequest } from "./price-rendered-request";

/** What the session needs from the engine; built once per run. */
export type SessionOptions = {
  adapter: ProviderAdapter;
  context: RenderContext;
  cacheRules: CacheRules;
  searchers: { bm25: ToolSearcher; regex: ToolSearcher; client: ToolSearcher };
  system: string;
  tools: ToolEntry[];
  betas?: string[];
  /** Check requests against the provider's limits (default true; see RunOptions.enforceLimits). */
  enforceLimits?: boolean;
  /** Called with each step's compute time; only the benchmark listens. */
  onStepTimed?: (step: EngineStep, milliseconds: number) => void;
};

/**
 * The simulated conversation under one strategy. A strategy drives it: `send` renders the request for the
 * transcript so far, prices it against the cache model, records the step, then appends the simulated reply.
 */
export class SimulationSession {
  readonly steps: EngineStep[] = [];
  readonly warnings: EngineWarning[] = [];
  /** Tools the model can call without searching again (loaded, referenced, declared or already known). */
  readonly discovered = new Set<string>();
  toolsNeeded = 0;
  toolsFound = 0;
  private readonly transcript: Transcript;
  private cacheState: CacheState = emptyCacheState();
  private turn = 0;
  private stepInTurn = 0;
  private counter = 0;
  private turnStartSeconds = 0;
  private readonly seenWarnings = new Set<string>();

  constructor(private readonly options: SessionOptions) {
    this.transcript = {
      system: options.system,
      tools: options.tools,
      messages: [],
      ...(options.betas ? { betas: options.betas } : {}),
    };
  }

  get context(): RenderContext {
    return this.options.context;
  }

  get searchers(): SessionOptions["searchers"] {
    return this.options.searchers;
  }

  get tools(): readonly ToolEntry[] {
    return this.transcript.tools;
  }

  /** Replaces the top-level tools (only naive-dynamic does this: it is the anti-pattern being shown). */
  setTools(tools: ToolEntry[]): void {
    this.transcript.tools = tools;
  }

  startTurn(turn: number, userText: string, minutesBetweenTurns: number): void {
    if (turn > 0) {
      const lastStep = this.steps[this.steps.length - 1];
      this.turnStartSeconds = (lastStep?.clockSeconds ?? 0) + minutesBetweenTurns * 60;
    }
    this.turn = turn;
    this.stepInTurn = 0;
    this.append({ role: "user", blocks: [{ type: "text", text: userText }] });
  }

  nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}${String(this.counter).padStart(4, "0")}`;
  }

  tool(name: string): CatalogTool | undefined {
    return this.options.context.catalogByName.get(name);
  }

  /** Appends a message, merging consecutive user blocks into one user turn as the APIs require. */
  append(message: TranscriptMessage): void {
    const last = this.transcript.messages[this.transcript.messages.length - 1];
    if (message.role === "user" && last?.role === "user") {
      last.blocks.push(...message.blocks);
      return;
    }
    this.transcript.messages.push(message);
  }

  appendToolResult(callId: string, toolName: string, content: string, isError = false): void {
    this.append({
      role: "user",
      blocks: [{ type: "tool-result", callId, toolName, content, ...(isError ? { isError: true } : {}) }],
    });
  }

  /** Runs the tool on the client: validates the arguments against the real schema, then returns the mock result. */
  executeTool(
    tool: CatalogTool,
    args: Record<string, unknown>,
    validateOnClient: boolean,
  ): { ok: boolean; content: string } {
    if (validateOnClient) {
      const validation = validateToolArguments(tool, args);
      if (!validation.valid) {
        return {
          ok: false,
          content: JSON.stringify({ error: "invalid_arguments", tool: tool.name, details: validation.errors }),
        };
      }
    }
    const result = tool.mockResult ?? defaultMockResult(tool, args);
    return { ok: true, content: typeof result === "string" ? result : JSON.stringify(result) };
  }

  /** One request to the provider, answered by the simulated model with `reply`. */
  send(kind: StepKind, title: string, reply: TranscriptBlock[], notes: string[] = []): EngineStep {
    const { adapter, context, cacheRules } = this.options;
    const startedAt = performance.now();
    const rendered = adapter.renderRequest(this.transcript, context);
    const clockSeconds = this.turnStartSeconds + this.stepInTurn * context.settings.secondsBetweenSteps;
    // A request over a provider limit is refused before it is read: not priced, and the run ends here.
    const rejection = this.options.enforceLimits === false ? null : checkRequestLimits(rendered, context.model);
    if (rejection) {
      const header = { index: this.steps.length, turn: this.turn, kind, title, clockSeconds, notes };
      const step = rejectedStep(header, rendered, rejection);
      this.steps.push(step);
      throw new RequestRejectedError(step);
    }
    const { cache, tokens, cost } = priceRenderedRequest({
      segments: rendered.segments,
      rules: cacheRules,
      state: this.cacheState,
      nowSeconds: clockSeconds,
      outputTokens: context.counter.count(adapter.outputText(reply)),
      prices: context.model.prices,
      ttl: context.settings.cacheTtl,
    });
    this.cacheState = cache.nextState;
    const responseId = this.nextId("sim_");
    const response = adapter.renderResponse(
      reply,
      { ...tokens, writesBilled: cacheRules.writesBilled },
      context,
      responseId,
    );
    for (const warning of [...rendered.warnings, ...(cache.warnings ?? [])]) {
      if (!this.seenWarnings.has(warning.code)) {
        this.seenWarnings.add(warning.code);
        this.warnings.push(warning);
      }
    }
    const step: EngineStep = {
      index: this.steps.length,
      turn: this.turn,
      kind,
      title,
      clockSeconds,
      request: rendered.request,
      response,
      segments: rendered.segments,
      segmentStatus: cache.segmentStatus,
      tokens,
      divergence: cache.divergence,
      cost,
      notes,
      warnings: rendered.warnings,
    };
    this.steps.push(step);
    this.options.onStepTimed?.(step, performance.now() - startedAt);
    this.stepInTurn += 1;
    this.append({ role: "assistant", blocks: reply });
    return step;
  }
}
