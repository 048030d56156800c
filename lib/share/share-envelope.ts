/**
 * The JSON inside a share payload: the scenario plus which strategy and step were being looked at.
 *
 *   {"v":1,"strategyId":"gateway","stepIndex":3,"forceProvider":false,"scenario":{…serializeScenario…}}
 *
 * Only keys the persistence table allows are written (see lib/persistence/state-keys.ts). The scenario is written
 * with serializeScenario's fixed key order, so equal scenarios give equal text (stable links, content-addressed ids).
 */
import { isRecord } from "../catalog/catalog-format";
import type { InputProblem } from "../core/catalog";
import {
  type Destination,
  type KeyPolicy,
  pickAllowed,
  STATE_KEYS,
  type WorkspaceState,
} from "../persistence/state-keys";
import { parseScenarioValue } from "../scenario/parse-scenario";
import { serializeScenario } from "../scenario/serialize-scenario";
import { type Scenario } from "../scenario/types";
import { STRATEGY_IDS, type StrategyId } from "../core/ids";
import { shareError, type ShareError } from "./share-errors";
import { MAX_STEP_INDEX, MAX_STRING_CHARS } from "./share-limits";

export const SHARE_FORMAT_VERSION = 1;

/** What a link restores. Fields other than the scenario are absent when the link did not carry them. */
export type SharedWorkspace = {
  scenario: Scenario;
  strategyId?: StrategyId;
  stepIndex?: number;
  forceProvider?: boolean;
};

const ENVELOPE_KEYS = new Set(["v", "scenario", "strategyId", "stepIndex", "forceProvider"]);

/** The envelope text of the keys `table` allows for `destination`. Throws only on a caller bug (no scenario). */
export function envelopeText(
  state: Partial<WorkspaceState>,
  destination: Destination = "share",
  table: Record<string, KeyPolicy> = STATE_KEYS,
): string {
  const allowed = pickAllowed(state, destination, table);
  if (!allowed.scenario)
    throw new Error("share-link: the workspace has no scenario, or the table does not allow sharing it");
  const head: Record<string, unknown> = { v: SHARE_FORMAT_VERSION };
  if (allowed.strategyId !== undefined) head.strategyId = allowed.strategyId;
  if (allowed.stepIndex !== undefined) head.stepIndex = allowed.stepIndex;
  if (allowed.forceProvider !== undefined) head.forceProvider = allowed.forceProvider;
  // serializeScenario pretty-prints for files; re-stringifying keeps its key order and drops the whitespace.
  const scenario = JSON.stringify(JSON.parse(serializeScenario(allowed.scenario)));
  return `${JSON.stringify(head).slice(0, -1)},"scenario":${scenario}}`;
}

/** The first string longer than MAX_STRING_CHARS, found without recursion (hostile input may be deep). */
function findHugeString(value: unknown): string | null {
  const stack: Array<{ node: unknown; path: string }> = [{ node: value, path: "$" }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node === "string") {
      if (node.length > MAX_STRING_CHARS) return path;
    } else if (Array.isArray(node)) {
      node.forEach((child, index) => stack.push({ node: child, path: `${path}[${index}]` }));
    } else if (isRecord(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key.length > MAX_STRING_CHARS) return path;
        stack.push({ node: child, path: `${path}.${key.length > 40 ? `${key.slice(0, 40)}…` : key}` });
      }
    }
  }
  return null;
}

export type EnvelopeRead =
  { ok: true; workspace: SharedWorkspace; problems: InputProblem[] } | { ok: false; error: ShareError };

/** Validates a migrated envelope (already parsed JSON of the current version) into a workspace. Never throws. */
export function readEnvelope(value: unknown): EnvelopeRead {
  if (!isRecord(value))
    return {
      ok: false,
      error: shareError("invalid-envelope", "share-link: the link does not hold a playground scenario"),
    };
  const hugeAt = findHugeString(value);
  if (hugeAt) {
    return {
      ok: false,
      error: shareError(
        "huge-string",
        `share-link: a text of more than ${MAX_STRING_CHARS.toLocaleString("en-US")} characters at ${hugeAt}; refusing to open it`,
      ),
    };
  }
  const problems: InputProblem[] = [];
  for (const key of Object.keys(value)) {
    if (!ENVELOPE_KEYS.has(key))
      problems.push({
        severity: "warning",
        path: `$.${key.slice(0, 40)}`,
        message: `share-link: unknown property "${key.slice(0, 40)}" is ignored`,
        code: "linkUnknownProperty",
        values: { property: key.slice(0, 40) },
      });
  }
  if (value.scenario === undefined)
    return { ok: false, error: shareError("invalid-envelope", "share-link: the link holds no scenario") };
  const parsed = parseScenarioValue(value.scenario);
  const scenarioProblems = parsed.problems.map((problem) => ({
    ...problem,
    path: problem.path.replace(/^\$/, "$.scenario"),
  }));
  if (!parsed.value) {
    const first = scenarioProblems.find((problem) => problem.severity === "error");
    return {
      ok: false,
      error: shareError(
        "invalid-scenario",
        `share-link: the scenario in the link is not valid${first ? `: ${first.message}` : ""}`,
        scenarioProblems,
      ),
    };
  }
  problems.push(...scenarioProblems);
  const workspace: SharedWorkspace = { scenario: parsed.value };
  if (value.strategyId !== undefined) {
    if (typeof value.strategyId === "string" && (STRATEGY_IDS as readonly string[]).includes(value.strategyId))
      workspace.strategyId = value.strategyId as StrategyId;
    else
      problems.push({
        severity: "warning",
        path: "$.strategyId",
        message: "share-link: unknown strategy; the default is shown",
        code: "linkUnknownStrategy",
      });
  }
  if (value.stepIndex !== undefined) {
    if (
      Number.isInteger(value.stepIndex) &&
      (value.stepIndex as number) >= 0 &&
      (value.stepIndex as number) <= MAX_STEP_INDEX
    )
      workspace.stepIndex = value.stepIndex as number;
    else
      problems.push({
        severity: "warning",
        path: "$.stepIndex",
        message: "share-link: invalid step; the first step is shown",
        code: "linkInvalidStep",
      });
  }
  if (value.forceProvider !== undefined) {
    if (typeof value.forceProvider === "boolean") workspace.forceProvider = value.forceProvider;
    else
      problems.push({
        severity: "warning",
        path: "$.forceProvider",
        message: "share-link: forceProvider must be true or false; ignored",
        code: "linkForceProvider",
      });
  }
  return { ok: true, workspace, problems };
}
