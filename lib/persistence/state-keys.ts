/**
 * Where each piece of the workspace may go, declared once per key (the excalidraw `appState` habit): into a
 * share link (`share`) and into this browser's storage (`persist`). The table's type requires an entry for every
 * key of WorkspaceState, so a new field cannot silently leak into a link: whoever adds it must decide here.
 * Encoders read only the keys this table allows and drop everything else, including keys it does not know.
 */
import type { Scenario } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";

/** `"session"`: this tab only (sessionStorage), never written to disk by this module. */
export type PersistPolicy = boolean | "session";

export type KeyPolicy = {
  share: boolean;
  persist: PersistPolicy;
  /** Why, for the reader of this table. */
  reason: string;
};

/** Credentials for live runs, per provider. Never shareable, never persisted beyond the tab. */
export type ProviderKeys = Partial<Record<ProviderId, string>>;

/** An outgoing MCP connection typed into the import dialog. */
export type McpConnectionDraft = { url?: string; command?: string; args?: string[]; headers?: Record<string, string> };

/** Everything the page could hand to a link or to storage. */
export type WorkspaceState = {
  scenario: Scenario;
  strategyId: StrategyId;
  stepIndex: number;
  forceProvider: boolean;
  providerKeys?: ProviderKeys;
  /** Base URLs of OpenAI-compatible servers for live runs: may name private hosts. */
  liveBaseUrls?: Partial<Record<ProviderId, string>>;
  mcpConnection?: McpConnectionDraft;
};

export type WorkspaceKey = keyof WorkspaceState;

export const STATE_KEYS: { readonly [K in WorkspaceKey]-?: KeyPolicy } = {
  scenario: { share: true, persist: true, reason: "the catalog, conversation and settings: what a link is for" },
  strategyId: { share: true, persist: true, reason: "the strategy being looked at" },
  stepIndex: { share: true, persist: true, reason: "the step being looked at" },
  forceProvider: { share: true, persist: true, reason: "changes which runs are shown" },
  providerKeys: { share: false, persist: "session", reason: "API keys: secret" },
  liveBaseUrls: { share: false, persist: false, reason: "may name private hosts or carry tokens in the URL" },
  mcpConnection: {
    share: false,
    persist: false,
    reason: "MCP server URLs, commands and auth headers are private to this machine",
  },
};

export type Destination = "share" | "persist";

/** The keys that may go to `destination`. `persist` counts only `true` (disk), never `"session"`. */
export function allowedKeys(destination: Destination, table: Record<string, KeyPolicy> = STATE_KEYS): string[] {
  return Object.entries(table)
    .filter(([, policy]) => (destination === "share" ? policy.share === true : policy.persist === true))
    .map(([key]) => key);
}

/**
 * A copy of `state` with only the keys `table` allows for `destination`. Deny by default: a key missing from the
 * table (say, a property smuggled in by an untyped caller) is dropped.
 */
export function pickAllowed(
  state: Partial<Record<string, unknown>>,
  destination: Destination,
  table: Record<string, KeyPolicy> = STATE_KEYS,
): Partial<WorkspaceState> {
  const picked: Record<string, unknown> = {};
  for (const key of allowedKeys(destination, table)) {
    if (state[key] !== undefined) picked[key] = state[key];
  }
  return picked as Partial<WorkspaceState>;
}
