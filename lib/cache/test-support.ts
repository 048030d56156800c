/** Builders shared by the lib/cache tests: realistic prompts in Anthropic cache order and provider rules. */
import type { Segment, SegmentGroup } from "../core";
import { evaluateCache, emptyCacheState } from "./evaluate-cache";
import type { CacheEvaluation, CacheRules, CacheState } from "./types";

/** Claude Sonnet 4.5-era rules: 1024-token minimum, 4 breakpoints, ~20-block lookback, 5-minute TTL (§5.1). */
export const ANTHROPIC_RULES: CacheRules = {
  kind: "explicit-breakpoints",
  minimumCacheableTokens: 1024,
  lookbackBlocks: 20,
  maxBreakpoints: 4,
  ttlSeconds: 300,
  refreshOnRead: true,
  cachedTokenGranularity: 1,
  writesBilled: true,
};

/** OpenAI automatic caching: 1024-token minimum, no increments unless a test asks for the legacy 128 (§5.2). */
export const OPENAI_RULES: CacheRules = {
  kind: "automatic-prefix",
  minimumCacheableTokens: 1024,
  lookbackBlocks: 0,
  maxBreakpoints: 0,
  ttlSeconds: 600,
  refreshOnRead: true,
  cachedTokenGranularity: 1,
  writesBilled: false,
};

export function segment(
  path: string,
  key: string,
  tokens: number,
  options: { breakpoint?: boolean; outsidePrompt?: boolean } = {},
): Segment {
  const group: SegmentGroup = path.startsWith("tools") ? "tools" : path.startsWith("system") ? "system" : "messages";
  return {
    path,
    label: path,
    group,
    key,
    tokens: options.outsidePrompt ? 0 : tokens,
    toolDefinitionTokens: group === "tools" && !options.outsidePrompt ? tokens : 0,
    breakpoint: options.breakpoint ?? false,
    ...(options.outsidePrompt ? { outsidePrompt: true } : {}),
  };
}

export type PromptShape = {
  /** Keys of the tools in `tools[]`, in order. */
  tools: readonly string[];
  /** Keys of deferred tools, placed after the loaded ones (outside the prompt). */
  deferred?: readonly string[];
  system?: string;
  /** Keys of the message blocks, one content block per message. */
  messages: readonly string[];
  tokensPerBlock?: number;
  /** "last": automatic caching (top-level cache_control); "none"; or prompt-block positions of explicit markers. */
  breakpoints?: "last" | "none" | "tools-and-last" | readonly number[];
};

/** A request in Anthropic cache order: tools[i] → system → messages[j].content[0]. */
export function prompt(shape: PromptShape): Segment[] {
  const tokens = shape.tokensPerBlock ?? 100;
  const segments: Segment[] = shape.tools.map((key, index) => segment(`tools[${index}]`, key, tokens));
  (shape.deferred ?? []).forEach((key, index) =>
    segments.push(segment(`tools[${shape.tools.length + index}]`, key, 0, { outsidePrompt: true })),
  );
  segments.push(segment("system", shape.system ?? "system", tokens));
  shape.messages.forEach((key, index) => segments.push(segment(`messages[${index}].content[0]`, key, tokens)));
  const promptBlocks = segments.filter((item) => !item.outsidePrompt);
  const marks = shape.breakpoints ?? "last";
  const positions =
    marks === "last"
      ? [promptBlocks.length - 1]
      : marks === "none"
        ? []
        : marks === "tools-and-last"
          ? [shape.tools.length - 1, promptBlocks.length - 1]
          : marks;
  for (const position of positions) promptBlocks[position].breakpoint = true;
  return segments;
}

/** Keys "m0", "m1", … for a conversation of `count` message blocks. */
export function messageKeys(count: number, prefix = "m"): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}${index}`);
}

/** Runs requests in order against one cache; `atSeconds` is each request's clock time. */
export function runRequests(
  requests: ReadonlyArray<{ segments: readonly Segment[]; atSeconds: number }>,
  rules: CacheRules,
  state: CacheState = emptyCacheState(),
): CacheEvaluation[] {
  const results: CacheEvaluation[] = [];
  let current = state;
  for (const request of requests) {
    const result = evaluateCache({ segments: request.segments, rules, state: current, nowSeconds: request.atSeconds });
    results.push(result);
    current = result.nextState;
  }
  return results;
}

/** Two requests `gapSeconds` apart on a fresh cache; returns the evaluation of the second. */
export function secondOf(
  first: readonly Segment[],
  second: readonly Segment[],
  rules: CacheRules,
  gapSeconds = 10,
): CacheEvaluation {
  const results = runRequests(
    [
      { segments: first, atSeconds: 0 },
      { segments: second, atSeconds: gapSeconds },
    ],
    rules,
  );
  return results[1];
}

/** The catalog generator's seeded PRNG (mulberry32), so property tests are reproducible. */
export { mulberry32 as seededRandom } from "../catalog/synthetic/random";
