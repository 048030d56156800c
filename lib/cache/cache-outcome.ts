import type { EngineWarning } from "../core";
import type { CachedPrompt, CacheEntry } from "./types";

/**
 * Why the cache served less than it held for this prompt prefix, as found by a mode's lookup.
 * `blockCount` is the length, in prompt blocks, of the prefix the missed entry would have served.
 */
export type CacheMiss =
  | { kind: "ttl-expired"; blockCount: number; idleSeconds: number }
  | { kind: "lookback-exceeded"; blockCount: number; breakpointBlock: number };

/** Why nothing at all was read or written. `block` is the prompt block whose prefix was measured. */
export type NothingCached = { kind: "no-breakpoint" } | { kind: "below-minimum"; tokens: number; block: number };

/** What one caching mode decided for one request, in prompt-block coordinates (see prompt-trace.ts). */
export type CacheOutcome = {
  /** Leading blocks read in full. */
  readBlockCount: number;
  /** Can end inside a block when cached counts come in increments (OpenAI legacy, §5.2). */
  readTokens: number;
  /** End of the read-or-written part: blocks [readBlockCount, cachedBlockCount) are written now. */
  cachedBlockCount: number;
  writeTokens: number;
  entries: ReadonlyMap<string, CacheEntry>;
  prompts?: readonly CachedPrompt[];
  miss: CacheMiss | null;
  nothingCached: NothingCached | null;
  warnings: EngineWarning[];
};

/** An entry is alive until its expiry instant; at `expiresAtSeconds` it is gone. */
export function isAlive(entry: CacheEntry, nowSeconds: number): boolean {
  return entry.expiresAtSeconds > nowSeconds;
}
