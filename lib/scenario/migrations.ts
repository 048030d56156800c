/**
 * Scenario files carry `formatVersion`. Each entry of MIGRATIONS lifts a document from its key's version to the
 * next one, so a file of any older version is upgraded step by step. A new format adds one function here.
 */
import { isRecord } from "../catalog/catalog-format";
import type { InputProblem } from "../core/catalog";
import { SCENARIO_FORMAT_VERSION } from "./types";

type Document = Record<string, unknown>;
export type Migration = (document: Document) => Document;

/**
 * Version 0 (before `formatVersion` existed): each turn named at most one tool as `tool` with `args`, and an
 * optional `mistakenArgs`. Version 1 lists the calls a turn needs in `needs`.
 */
function migrateVersion0To1(document: Document): Document {
  return {
    ...document,
    formatVersion: 1,
    turns: Array.isArray(document.turns) ? document.turns.map(migrateVersion0Turn) : document.turns,
  };
}

function migrateVersion0Turn(turn: unknown): unknown {
  if (!isRecord(turn) || "needs" in turn) return turn;
  const { tool, args, mistakenArgs, ...rest } = turn;
  if (tool === undefined) return { ...rest, needs: [] };
  const need: Document = { tool, arguments: args ?? {} };
  if (mistakenArgs !== undefined) need.mistakenArguments = mistakenArgs;
  return { ...rest, needs: [need] };
}

export const MIGRATIONS: Record<number, Migration> = {
  0: migrateVersion0To1,
};

/** Brings a document to the current version, or explains why it cannot. */
export function migrateScenario(document: Document): { document?: Document; problems: InputProblem[] } {
  const declared = document.formatVersion;
  const version = declared === undefined ? 0 : declared;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 0) {
    return {
      problems: [
        {
          severity: "error",
          path: "$.formatVersion",
          message: `scenario: formatVersion must be a whole number, got ${JSON.stringify(declared)}`,
          code: "formatVersionNotInteger",
          values: { got: String(JSON.stringify(declared)) },
        },
      ],
    };
  }
  if (version > SCENARIO_FORMAT_VERSION) {
    return {
      problems: [
        {
          severity: "error",
          path: "$.formatVersion",
          message: `scenario: format version ${version} is newer than this playground understands (${SCENARIO_FORMAT_VERSION}); update the playground`,
          code: "formatVersionNewer",
          values: { version, current: SCENARIO_FORMAT_VERSION },
        },
      ],
    };
  }
  let migrated = document;
  for (let current = version; current < SCENARIO_FORMAT_VERSION; current++) migrated = MIGRATIONS[current](migrated);
  const problems: InputProblem[] =
    version < SCENARIO_FORMAT_VERSION
      ? [
          {
            severity: "warning",
            path: "$.formatVersion",
            message: `scenario: upgraded from format version ${version} to ${SCENARIO_FORMAT_VERSION}`,
            code: "scenarioUpgraded",
            values: { from: version, to: SCENARIO_FORMAT_VERSION },
          },
        ]
      : [];
  return { document: migrated, problems };
}
