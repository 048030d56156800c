/** The result a simulated tool call returns when the scenario scripts none: small, plausible, deterministic. */
import { isRecord } from "./catalog-format";
import { stableTag } from "./stable-hash";
import type { CatalogTool } from "../core/catalog";

type Action = "list" | "create" | "read" | "update" | "delete" | "other";

const ACTION_WORDS: Array<[Action, RegExp]> = [
  ["list", /^(list|search|find|query|lookup)$/],
  ["create", /^(create|add|insert|new|post|send|upload|schedule|generate|book)$/],
  ["read", /^(get|read|fetch|retrieve|show|describe|view|download|open)$/],
  ["update", /^(update|set|edit|modify|patch|rename|move|assign|change)$/],
  ["delete", /^(delete|remove|archive|cancel|close|revoke)$/],
];

const REMOVAL_STATUS: Record<string, string> = {
  delete: "deleted",
  remove: "removed",
  archive: "archived",
  cancel: "cancelled",
  close: "closed",
  revoke: "revoked",
};

/** The first word of the tool's name that says what it does (`crm_create_contact` → create), and that word. */
function actionOf(toolName: string): { action: Action; word: string } {
  const words = toolName.split(/[_\-.\s]+|(?<=[a-z])(?=[A-Z])/).map((word) => word.toLowerCase());
  for (const word of words) {
    const found = ACTION_WORDS.find(([, pattern]) => pattern.test(word));
    if (found) return { action: found[0], word };
  }
  return { action: "other", word: "" };
}

/** The scalar arguments, echoed back as a real API would echo the fields it stored. */
function scalarArguments(args: unknown): Record<string, unknown> {
  if (!isRecord(args)) return {};
  const scalars = Object.entries(args).filter(([, value]) => value === null || typeof value !== "object");
  return Object.fromEntries(scalars.slice(0, 4));
}

export function defaultMockResult(tool: CatalogTool, args: unknown): unknown {
  const id = `${
    tool.name
      .split(/[_\-.]/)
      .at(-1)
      ?.slice(0, 12) || "item"
  }_${stableTag(tool.name + JSON.stringify(args ?? null))}`;
  const echoed = scalarArguments(args);
  const { action, word } = actionOf(tool.name);
  switch (action) {
    case "list":
      return { items: [{ id, ...echoed }], total: 1, next_page: null };
    case "create":
      return { id, status: "created", ...echoed };
    case "read":
      return { id, ...echoed };
    case "update":
      return { id, status: "updated", ...echoed };
    case "delete":
      return { id, status: REMOVAL_STATUS[word] ?? "deleted" };
    default:
      return { status: "ok", tool: tool.name, ...echoed };
  }
}
