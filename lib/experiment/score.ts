/**
 * What a run of one task did, read from the provider's own replies: which catalog tools the model called (directly,
 * or through a gateway's `invoke_tool`), whether each call's arguments satisfy the tool's schema (Ajv, the same
 * validation as the simulation), the discovery calls (search, schema loads, provider tool searches) counted apart,
 * and whether the task was completed — every expected tool called with valid arguments. A call the provider
 * rejected with a 400 on its arguments counts as a catalog call whose arguments failed.
 */
import { validateToolArguments } from "../catalog";
import { compileSchema } from "../catalog/schema-compiler";
import type { CatalogTool, JsonSchema } from "../core/catalog";
import type { TranscriptBlock } from "../core/transcript";
import { DELEGATE_TOOL, INVOKE_TOOL_TOOL, LOAD_TOOL_SCHEMAS_TOOL, SEARCH_TOOLS_TOOL } from "../strategies/helper-tools";
import type { ExperimentTask } from "./tasks";

export type CallOutcome = {
  tool: string;
  /** Reached through a gateway's `invoke_tool` rather than called by name. */
  viaGateway: boolean;
  /** The arguments satisfy the tool's input schema. */
  valid: boolean;
  /** They also satisfy the task's own schema for this tool (when it gives one). */
  meetsTask: boolean;
  /** The provider refused the reply carrying this call (a 400 on its arguments); `valid` is then false. */
  rejected?: boolean;
};

export type TaskScore = {
  calls: CallOutcome[];
  discoveryCalls: number;
  /** Calls to names that are neither catalog tools nor the strategy's helpers. */
  unknownCalls: number;
  /** Every expected tool was called (whatever its arguments). */
  selected: boolean;
  /** Every expected tool was called with arguments valid for its schema and the task's. */
  completed: boolean;
};

/**
 * Requests a tool costs before it is called: a search, a schema load, or a delegation to a sub-agent (whose own
 * calls, in its replies, are the catalog calls).
 */
const DISCOVERY_TOOLS = new Set([SEARCH_TOOLS_TOOL.name, LOAD_TOOL_SCHEMAS_TOOL.name, DELEGATE_TOOL.name]);

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function meetsSchema(schema: JsonSchema | undefined, args: unknown): boolean {
  if (schema === undefined) return true;
  const compiled = compileSchema(schema);
  return compiled.validate ? compiled.validate(args) === true : false;
}

/**
 * Scores the replies of one task-run. `wrapped`: the strategy's catalog calls carry their arguments in a loose
 * `arguments` object (stubs), as its client side reads them.
 */
export function scoreReplies(
  task: ExperimentTask,
  tool: (name: string) => CatalogTool | undefined,
  replies: ReadonlyArray<readonly TranscriptBlock[]>,
  wrapped: boolean,
  /** Off for the simulated model: it samples arguments from the schema and never reads the prompt's values. */
  checkTaskArguments = true,
  /**
   * A tool call the provider rejected (its 400 ended the run): a call to that catalog tool whose arguments failed,
   * `tool` null when the provider's message names none (still a catalog call, of no tool in particular).
   */
  rejected?: { tool: string | null },
): TaskScore {
  const calls: CallOutcome[] = [];
  let discoveryCalls = 0;
  let unknownCalls = 0;
  const catalogCall = (name: string, args: unknown, viaGateway: boolean) => {
    const found = tool(name);
    if (!found) {
      unknownCalls += 1;
      return;
    }
    const valid = validateToolArguments(found, args).valid;
    calls.push({
      tool: name,
      viaGateway,
      valid,
      meetsTask: valid && (!checkTaskArguments || meetsSchema(task.expect.arguments?.[name], args)),
    });
  };
  for (const blocks of replies)
    for (const block of blocks) {
      if (block.type === "server-tool-search" || block.type === "openai-search-call") {
        discoveryCalls += 1;
        continue;
      }
      if (block.type !== "tool-call") continue;
      if (DISCOVERY_TOOLS.has(block.name)) discoveryCalls += 1;
      else if (block.name === INVOKE_TOOL_TOOL.name) {
        const name = typeof block.input.name === "string" ? block.input.name : "";
        catalogCall(name, record(block.input.arguments) ?? {}, true);
      } else {
        const nested = wrapped ? record(block.input.arguments) : undefined;
        catalogCall(block.name, nested ?? block.input, false);
      }
    }
  if (rejected) {
    const name = rejected.tool;
    if (name !== null && DISCOVERY_TOOLS.has(name)) discoveryCalls += 1;
    else
      calls.push({
        tool: name !== null && tool(name) ? name : "",
        viaGateway: name === INVOKE_TOOL_TOOL.name,
        valid: false,
        meetsTask: false,
        rejected: true,
      });
  }
  const expected = task.expect.tools;
  return {
    calls,
    discoveryCalls,
    unknownCalls,
    selected: expected.every((name) => calls.some((call) => call.tool === name)),
    completed: expected.every((name) => calls.some((call) => call.tool === name && call.meetsTask)),
  };
}
