/**
 * Automatic prefix caching with several earlier prompts to choose from (PROTOCOLS.md §5.2, §3.4): "Exact-prefix
 * matches only … longest matching prefix wins", and a prefix "remains eligible for reuse for 30 minutes after its most
 * recent write or reuse" (each hit resets the lifetime; Kimi: "each hit resets it to 1 hour"). The cache state is
 * built by hand here, so every earlier prompt's expiry is chosen by the test and each expected figure follows from
 * those two rules alone:
 * - the longest shared prefix is read; between equally long ones, the one that lives longer;
 * - with refresh on read, the prefix read lives `ttlSeconds` from now as the start of the prompt written now; the
 *   prompt it was read from keeps its expiry, since its part beyond the shared prefix was not reused;
 * - without refresh, the new prompt cannot outlive the prefix it was read through;
 * - an expired prompt that would have served more than the read is the miss, idle since its last use.
 */
import { describe, expect, it } from "vitest";
import type { Segment } from "../core";
import { evaluateAutomaticPrefix } from "./automatic-prefix";
import type { CacheOutcome } from "./cache-outcome";
import { blockCount, prefixKeyOfBlock, promptTokens, promptTrace } from "./prompt-trace";
import { messageKeys, OPENAI_RULES, prompt, runRequests } from "./test-support";
import type { CachedPrompt, CacheRules, CacheState } from "./types";

const TTL = OPENAI_RULES.ttlSeconds; // 600 s
/** tools a, b + system + 12 messages of 100 tokens: 15 blocks, 1,500 tokens shared by every prompt below. */
const SHARED = messageKeys(12);
const request = (messages: readonly string[], tools: readonly string[] = ["a", "b"]): Segment[] =>
  prompt({ tools, messages, breakpoints: "none", tokensPerBlock: 100 });

function cached(segments: Segment[], expiresAtSeconds: number): CachedPrompt {
  const trace = promptTrace(segments);
  const prefixKey = prefixKeyOfBlock(trace, blockCount(trace) - 1);
  return { entry: { prefixKey, tokens: promptTokens(trace), expiresAtSeconds }, segments };
}

function evaluate(
  segments: Segment[],
  prompts: readonly CachedPrompt[] | undefined,
  nowSeconds: number,
  rules: CacheRules = OPENAI_RULES,
): CacheOutcome {
  const state: CacheState = { entries: new Map(), previousSegments: null, ...(prompts ? { prompts } : {}) };
  return evaluateAutomaticPrefix({ segments, trace: promptTrace(segments), rules, state, nowSeconds });
}

const expiryOf = (outcome: CacheOutcome, segments: Segment[]) =>
  outcome.prompts?.find((item) => item.segments === segments)?.entry.expiresAtSeconds;

describe("automatic prefix: choosing among earlier prompts", () => {
  const withX = request([...SHARED, "x1", "x2"]);
  const withZ = request([...SHARED, "z1", "z2"]);
  const next = request([...SHARED, "y1"]);

  it("on a tie, reads through the prompt that lives longer, whatever the order", () => {
    for (const order of [
      [cached(withX, 500), cached(withZ, 700)],
      [cached(withZ, 700), cached(withX, 500)],
    ]) {
      const outcome = evaluate(next, order, 200);
      expect(outcome).toMatchObject({ readTokens: 1500, writeTokens: 100, miss: null, warnings: [] });
      // Refreshed on read: the shared prefix lives on in the new prompt; neither earlier prompt is refreshed.
      expect(expiryOf(outcome, withZ)).toBe(700);
      expect(expiryOf(outcome, withX)).toBe(500);
      expect(expiryOf(outcome, next)).toBe(200 + TTL);
      // Without refresh the new prompt expires with the prefix it was read through: the z prompt's, at 700 s.
      const noRefresh = evaluate(next, order, 200, { ...OPENAI_RULES, refreshOnRead: false });
      expect(noRefresh.readTokens).toBe(1500);
      expect(expiryOf(noRefresh, next)).toBe(700);
    }
  });

  it("on a tie between expired prompts, the miss is the one used last", () => {
    for (const order of [
      [cached(withX, 500), cached(withZ, 700)],
      [cached(withZ, 700), cached(withX, 500)],
    ]) {
      // Last use of the z prompt: 700 − 600 = 100 s; now 1,000 s → idle 900 s.
      const outcome = evaluate(next, order, 1000);
      expect(outcome.readTokens).toBe(0);
      expect(outcome.miss).toEqual({ kind: "ttl-expired", blockCount: 15, idleSeconds: 900 });
    }
  });

  it("the longest shared prefix wins wherever it sits in the list, alive or expired", () => {
    const shorter = request([...SHARED.slice(0, 6), "other"]);
    const longer = request([...SHARED, "y1", "y2"]);
    const next2 = request([...SHARED, "y1", "w"]);
    for (const order of [
      [cached(shorter, 900), cached(longer, 900)],
      [cached(longer, 900), cached(shorter, 900)],
    ]) {
      expect(evaluate(next2, order, 100)).toMatchObject({ readTokens: 1600, readBlockCount: 16, writeTokens: 100 });
      // Both expired at 1,000 s (last used at 300 s): the miss is the 16-block prefix.
      expect(evaluate(next2, order, 1000).miss).toEqual({ kind: "ttl-expired", blockCount: 16, idleSeconds: 700 });
    }
  });

  it("refreshes no earlier prompt the new one does not extend: the prefix read lives on in the new prompt", () => {
    const unrelated = request(SHARED, ["p", "q"]);
    const outcome = evaluate(next, [cached(unrelated, 400), cached(withX, 500)], 200);
    expect(outcome.readTokens).toBe(1500);
    expect(expiryOf(outcome, withX)).toBe(500);
    expect(expiryOf(outcome, unrelated)).toBe(400);
    expect([...outcome.entries.values()].map((entry) => entry.expiresAtSeconds)).toEqual([400, 500, 800]);
    expect([...outcome.entries.keys()]).toEqual(outcome.prompts?.map((item) => item.entry.prefixKey));
  });

  it("a branch's own end expires from its last use, though its shared prefix was read since", () => {
    // "A cached prefix remains eligible for reuse for 30 minutes after its most recent write or reuse" (§5.2): at
    // 400 s the y request reuses only the 15 shared blocks, so the x prompt's last two blocks, written at 0 s, expire
    // at 600 s. At 700 s a request that repeats the x prompt reads the 15 shared blocks (alive until 1,000 s) and
    // misses the 17-block prefix, idle for 700 s.
    const results = runRequests(
      [
        { segments: withX, atSeconds: 0 },
        { segments: next, atSeconds: 400 },
        { segments: request([...SHARED, "x1", "x2", "z"]), atSeconds: 700 },
      ],
      OPENAI_RULES,
    );
    expect(results.map((result) => [result.cacheRead, result.cacheWrite])).toEqual([
      [0, 1700],
      [1500, 100],
      [1500, 300],
    ]);
    expect(results[2].divergence).toMatchObject({ kind: "ttl-expired", segment: "messages[12].content[0]" });
    expect(results[2].divergence?.reason).toBe(
      "cache entry expired after 12 minutes (TTL 10m): the prompt from messages[12].content[0] on is written again",
    );
  });

  it("does not refresh, or cap by, a prompt whose shared prefix is below the minimum", () => {
    // 300 shared tokens (tools, system): nothing is read, so the earlier prompt is not used at all.
    const short = request(["k0", "k1"]);
    const fresh = request(messageKeys(12, "n"));
    const refreshing = evaluate(fresh, [cached(short, 300)], 100);
    expect(refreshing).toMatchObject({ readTokens: 0, writeTokens: 1500 });
    expect(expiryOf(refreshing, short)).toBe(300);
    const noRefresh = evaluate(fresh, [cached(short, 300)], 100, { ...OPENAI_RULES, refreshOnRead: false });
    expect(expiryOf(noRefresh, fresh)).toBe(100 + TTL);
  });

  it("without refresh, the new prompt expires with the prefix it was read through", () => {
    const rules = { ...OPENAI_RULES, refreshOnRead: false };
    const outcome = evaluate(next, [cached(withX, 500)], 100, rules);
    expect(outcome.readTokens).toBe(1500);
    expect(expiryOf(outcome, next)).toBe(500);
    expect(expiryOf(outcome, withX)).toBe(500);
  });

  it("drops an earlier prefix of the new prompt that expires with it (without refresh, read through it)", () => {
    // Without refresh the new prompt expires with the prefix it was read through, at 500 s: that prefix can then
    // serve nothing the new prompt cannot, so an append-only conversation keeps a single prompt.
    const rules = { ...OPENAI_RULES, refreshOnRead: false };
    const base = request(SHARED);
    const outcome = evaluate(next, [cached(base, 500)], 100, rules);
    expect(outcome.readTokens).toBe(1500);
    expect(outcome.prompts?.map((item) => [item.segments, item.entry.expiresAtSeconds])).toEqual([[next, 500]]);
    expect(outcome.entries.size).toBe(1);
  });

  it("keeps an earlier prefix of the new prompt that outlives it", () => {
    // Read through `withX` (expires 400 s, no refresh), so the new prompt also expires at 400 s; the bare prefix
    // (system + 8 messages, expires 900 s) still serves its 1,100 tokens after that, so it is kept.
    const rules = { ...OPENAI_RULES, refreshOnRead: false };
    const prefix = request(SHARED.slice(0, 8));
    const outcome = evaluate(next, [cached(prefix, 900), cached(withX, 400)], 100, rules);
    expect(outcome.readTokens).toBe(1500);
    expect(expiryOf(outcome, next)).toBe(400);
    expect(expiryOf(outcome, prefix)).toBe(900);
    // Refreshed on read instead, the new prompt lives to 700 s and the prefix (900 s) is still kept; one that
    // expires before the new prompt is dropped.
    const dropped = evaluate(next, [cached(prefix, 650), cached(withX, 400)], 100);
    expect(dropped.prompts?.map((item) => item.segments)).toEqual([withX, next]);
  });

  it("an expired prompt that would have served no more than the read is no miss (128-token increments)", () => {
    const rules = { ...OPENAI_RULES, cachedTokenGranularity: 128 };
    // Expired: shares 1,400 tokens → 1,024 + 2 × 128 = 1,280 cached. Alive: shares 1,300 → also 1,280.
    const expired = request([...SHARED.slice(0, 11), "e"]);
    const alive = request([...SHARED.slice(0, 10), "f"]);
    const outcome = evaluate(next, [cached(expired, 500), cached(alive, 900)], 600, rules);
    expect(outcome.readTokens).toBe(1280);
    expect(outcome.miss).toBeNull();
  });

  it("works from a state without a prompt list, and says which block a too-short prompt ends at", () => {
    expect(evaluate(next, undefined, 0)).toMatchObject({ readTokens: 0, writeTokens: 1600, miss: null });
    const short = request(["k0"]);
    expect(evaluate(short, [], 0).nothingCached).toEqual({ kind: "below-minimum", tokens: 400, block: 3 });
    // An empty prompt is never cached, even with no minimum.
    const empty = evaluate([], [], 0, { ...OPENAI_RULES, minimumCacheableTokens: 0 });
    expect(empty).toMatchObject({ writeTokens: 0, nothingCached: { kind: "below-minimum", tokens: 0, block: -1 } });
  });
});
