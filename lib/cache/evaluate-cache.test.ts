import { describe, expect, it } from "vitest";
import type { Segment } from "../core";
import { evaluateCache, emptyCacheState } from "./evaluate-cache";
import { ANTHROPIC_RULES, OPENAI_RULES, prompt, seededRandom } from "./test-support";
import type { CacheRules } from "./types";

/**
 * A random next request: a tool edited or inserted, a message removed, messages appended, random markers.
 * Block size is fixed per session: a key stands for exact content, so it always has the same token count.
 */
function randomRequest(
  random: () => number,
  previous: { tools: string[]; messages: string[] },
  tokensPerBlock: number,
) {
  const pick = (count: number) => Math.floor(random() * count);
  const tools = [...previous.tools];
  const messages = [...previous.messages];
  const edit = random();
  if (edit < 0.15 && tools.length > 0) tools[pick(tools.length)] = `tool${pick(9)}`;
  else if (edit < 0.25) tools.splice(pick(tools.length + 1), 0, `tool${pick(9)}`);
  else if (edit < 0.3 && messages.length > 0) messages.splice(pick(messages.length), 1);
  for (let added = pick(8); added > 0; added -= 1) messages.push(`message${pick(1000)}`);
  const blocks = tools.length + 1 + messages.length;
  const breakpoints = Array.from({ length: pick(6) }, () => pick(blocks)).sort((a, b) => a - b);
  const segments = prompt({
    tools,
    deferred: random() < 0.5 ? ["deferred0"] : [],
    messages,
    tokensPerBlock,
    breakpoints: random() < 0.5 ? "last" : [...new Set(breakpoints)],
  });
  return { tools, messages, segments };
}

function checkInvariants(segments: readonly Segment[], result: ReturnType<typeof evaluateCache>, rules: CacheRules) {
  const promptTokens = segments.filter((item) => !item.outsidePrompt).reduce((sum, item) => sum + item.tokens, 0);
  expect(result.cacheRead + result.cacheWrite + result.uncached).toBe(promptTokens);
  expect(Math.min(result.cacheRead, result.cacheWrite, result.uncached)).toBeGreaterThanOrEqual(0);
  expect(result.segmentStatus).toHaveLength(segments.length);
  segments.forEach((item, index) => {
    if (item.outsidePrompt) expect(result.segmentStatus[index]).toBe("uncached");
  });
  // "read" is a prefix of the prompt, and its tokens are what is reported (up to one block cut by the granularity).
  const statuses = result.segmentStatus.filter((_, index) => !segments[index].outsidePrompt);
  const readBlocks = statuses.filter((status) => status === "read").length;
  expect(statuses.slice(0, readBlocks).every((status) => status === "read")).toBe(true);
  const inPrompt = segments.filter((item) => !item.outsidePrompt);
  const readStatusTokens = inPrompt.slice(0, readBlocks).reduce((sum, item) => sum + item.tokens, 0);
  expect(result.cacheRead).toBeGreaterThanOrEqual(readStatusTokens);
  expect(result.cacheRead).toBeLessThanOrEqual(readStatusTokens + (inPrompt[readBlocks]?.tokens ?? 0));
  if (result.cacheRead > 0) expect(result.cacheRead).toBeGreaterThanOrEqual(rules.minimumCacheableTokens);
  if (result.divergence) {
    expect(result.divergence.reason.length).toBeGreaterThan(10);
    expect(segments.length === 0 || segments[result.divergence.segmentIndex] !== undefined).toBe(true);
  }
}

describe("evaluateCache", () => {
  for (const rules of [
    ANTHROPIC_RULES,
    { ...ANTHROPIC_RULES, ttlSeconds: 3600, lookbackBlocks: 5 },
    OPENAI_RULES,
    { ...OPENAI_RULES, cachedTokenGranularity: 128, refreshOnRead: false },
  ]) {
    it(`conserves tokens and keeps statuses consistent under random edits (${rules.kind}, property, seeded)`, () => {
      const random = seededRandom(rules.ttlSeconds + rules.lookbackBlocks);
      for (let session = 0; session < 40; session += 1) {
        let state = emptyCacheState();
        let request = { tools: ["tool0", "tool1", "tool2"], messages: [] as string[] };
        let clock = 0;
        const tokensPerBlock = 20 + Math.floor(random() * 200);
        for (let step = 0; step < 12; step += 1) {
          const next = randomRequest(random, request, tokensPerBlock);
          const before = state;
          const result = evaluateCache({ segments: next.segments, rules, state, nowSeconds: clock });
          checkInvariants(next.segments, result, rules);
          expect(state).toBe(before);
          state = result.nextState;
          request = next;
          clock += Math.floor(random() * 8 * 60);
        }
      }
    });
  }

  it("does not modify the state it is given", () => {
    const segments = prompt({ tools: ["a", "b"], messages: ["m0", "m1"], tokensPerBlock: 400 });
    const state = emptyCacheState();
    const first = evaluateCache({ segments, rules: ANTHROPIC_RULES, state, nowSeconds: 0 });
    expect(state.entries.size).toBe(0);
    const entriesBefore = [...first.nextState.entries.values()].map((entry) => ({ ...entry }));
    evaluateCache({ segments, rules: ANTHROPIC_RULES, state: first.nextState, nowSeconds: 60 });
    expect([...first.nextState.entries.values()]).toEqual(entriesBefore);
  });
});
