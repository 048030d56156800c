import type { CacheRules } from "../cache/types";
import type { Divergence, Segment } from "../engine/types";
import type { ProviderId } from "../core/ids";
import { providerFacts } from "../providers/facts";
import { declaredTools, systemTextAt, toolIndexOfPath, toolNameAt } from "./body-parts";

type Json = Record<string, unknown>;

/** Why a request read less from the cache than the one before left there, as one cause people can act on. */
export type MissCause =
  | "cold-start"
  | "tools-changed"
  | "system-changed"
  | "messages-edited"
  | "ttl-expired"
  | "below-minimum"
  | "lookback-exceeded"
  | "no-breakpoint"
  | "marker-moved";

export const MISS_CAUSE_LABELS: Record<MissCause, string> = {
  "cold-start": "cold start (first request)",
  "tools-changed": "tools changed",
  "system-changed": "system prompt or instructions changed",
  "messages-edited": "earlier messages edited",
  "ttl-expired": "cache entry expired (TTL)",
  "below-minimum": "prompt below the minimum cacheable length",
  "lookback-exceeded": "breakpoint lookback exceeded",
  "no-breakpoint": "no cache breakpoint",
  "marker-moved": "cache marker moved",
};

/** The changed span of a text: `before.slice(beforeStart, beforeEnd)` became `after.slice(afterStart, afterEnd)`. */
export type TextChange = {
  before: string;
  after: string;
  beforeStart: number;
  beforeEnd: number;
  afterStart: number;
  afterEnd: number;
};

export type MissExplanation = {
  cause: MissCause;
  /** The segment path where the request stops matching (or, for a moved marker, the new marker). */
  segment: string;
  /** One sentence, naming the tool, the idle time or the changed text. */
  headline: string;
  /** The cache model's own sentence and anything else worth saying. */
  details: string[];
  changedText?: TextChange;
};

export type ExplainInput = {
  provider: ProviderId;
  rules: CacheRules;
  body: Json;
  segments: readonly Segment[];
  divergence: Divergence | null;
  cacheRead: number;
  clockSeconds: number;
  previous: { body: Json; segments: readonly Segment[]; cachedTokens: number; clockSeconds: number } | null;
};

/**
 * Names the miss of one request in plain words. The cache model (lib/cache) finds where and why the prefix stops
 * matching; this adds what a person needs to fix it: which tool was inserted or edited, which text of the system
 * prompt changed, how long the conversation sat idle. Null for a request that read everything the cache could serve.
 */
export function explainMiss(input: ExplainInput): MissExplanation | null {
  const { divergence } = input;
  if (!divergence) return markerMoved(input);
  const base = { segment: divergence.segment, details: [divergence.reason] };
  switch (divergence.kind) {
    case "first-request":
      return {
        ...base,
        cause: "cold-start",
        headline: "First request: nothing is cached yet, so the prompt is written.",
      };
    case "no-breakpoint":
      return {
        ...base,
        cause: "no-breakpoint",
        headline: providerFacts(input.provider).explicitCacheBreakpoints
          ? "No cache_control marker in this request (and no top-level automatic caching): Anthropic caches nothing."
          : "Nothing in this request can be cached.",
      };
    case "below-minimum":
      return {
        ...base,
        cause: "below-minimum",
        headline: `The prompt is shorter than the ${input.rules.minimumCacheableTokens}-token minimum this model caches: nothing is written or read.`,
      };
    case "ttl-expired": {
      const idle = input.previous ? input.clockSeconds - input.previous.clockSeconds : 0;
      return {
        ...base,
        cause: "ttl-expired",
        headline: `Idle for ${formatMinutes(idle)}, longer than the ${formatMinutes(input.rules.ttlSeconds)} cache lifetime: the cached prefix expired and is written again.`,
      };
    }
    case "lookback-exceeded":
      return {
        ...base,
        cause: "lookback-exceeded",
        headline: `The breakpoint is more than ${input.rules.lookbackBlocks} blocks after the cached prefix, beyond the lookback: add a breakpoint closer to it.`,
      };
    default:
      return changed(input, divergence);
  }
}

function changed(input: ExplainInput, divergence: Divergence): MissExplanation {
  const previous = input.previous;
  const base = { segment: divergence.segment, details: [divergence.reason] };
  const segments = divergence.kind === "removed" && previous ? previous.segments : input.segments;
  const group = segments.find((segment) => segment.path === divergence.segment)?.group ?? "messages";
  if (group === "tools" || toolIndexOfPath(divergence.segment) !== null) {
    return { ...base, cause: "tools-changed", headline: describeToolChange(input, divergence) };
  }
  if (group === "system") {
    const before = previous ? systemTextAt(previous.body, divergence.segment) : null;
    const after = systemTextAt(input.body, divergence.segment);
    const what = divergence.segment === "instructions" ? "The instructions" : "The system prompt";
    if (before !== null && after !== null && before !== after) {
      const change = textChange(before, after);
      const removed = before.slice(change.beforeStart, change.beforeEnd);
      const added = after.slice(change.afterStart, change.afterEnd);
      return {
        ...base,
        cause: "system-changed",
        headline: `${what} changed (${quote(removed)} → ${quote(added)}): ${whatIsLost(input, divergence)}.`,
        changedText: change,
      };
    }
    if (
      divergence.segment === "thinking" ||
      (previous && divergence.kind === "removed" && divergence.segment === "thinking")
    )
      return {
        ...base,
        cause: "system-changed",
        headline: `The thinking parameters changed (${thinkingOf(previous?.body)} → ${thinkingOf(input.body)}): Anthropic keeps the cached tools and system prompt but writes the messages again.`,
      };
    if (divergence.segment.startsWith("system (tool-use preamble)"))
      return {
        ...base,
        cause: "system-changed",
        headline: "tool_choice changed, which changes the tool-use system prompt Anthropic adds.",
      };
    return { ...base, cause: "system-changed", headline: `${what} changed at ${divergence.segment}.` };
  }
  return {
    ...base,
    cause: "messages-edited",
    headline: `An earlier message was ${divergence.kind === "inserted" ? "inserted before the end" : divergence.kind === "removed" ? "removed" : "edited"} at ${divergence.segment}: the conversation is not append-only from there.`,
  };
}

function thinkingOf(body: Json | undefined): string {
  const thinking = body?.thinking;
  if (thinking === undefined) return "none";
  const value = thinking as Json;
  return value.type === "enabled" && typeof value.budget_tokens === "number"
    ? `enabled, ${value.budget_tokens} tokens`
    : JSON.stringify(thinking);
}

function describeToolChange(input: ExplainInput, divergence: Divergence): string {
  const index = toolIndexOfPath(divergence.segment);
  const previous = input.previous;
  const nameNow = index === null ? null : toolNameAt(input.body, index);
  const nameBefore = index === null || !previous ? null : toolNameAt(previous.body, index);
  const whole = whatIsLost(input, divergence);
  if (divergence.kind === "inserted")
    return `Tool ${quote(nameNow ?? "?")} inserted at ${divergence.segment}: ${whole}.`;
  if (divergence.kind === "removed")
    return `Tool ${quote(nameBefore ?? "?")} removed at ${divergence.segment}: ${whole}.`;
  if (nameNow && nameBefore && nameNow !== nameBefore)
    return `Tool ${quote(nameBefore)} replaced by ${quote(nameNow)} at ${divergence.segment} (the list was reordered or edited): ${whole}.`;
  const what = nameNow && previous ? editedPart(previous.body, input.body, input.provider, nameNow) : "definition";
  return `Tool ${quote(nameNow ?? "?")} edited (its ${what} changed): ${whole}.`;
}

/** The system text Anthropic adds when tools are declared: a segment of the prompt no marker can be put on. */
const TOOL_USE_PREAMBLE = "system (tool-use preamble)";

/** What a person calls each part of the prompt, per provider. */
function groupLabel(segment: Pick<Segment, "group" | "path">, provider: ProviderId): string {
  const { group } = segment;
  if (segment.path.startsWith(TOOL_USE_PREAMBLE)) return "the tool-use preamble Anthropic adds";
  if (group === "tools") return "the tools";
  if (group === "messages") return "earlier messages";
  return providerFacts(provider).systemTextName;
}

function listOf(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/**
 * What a change at the diverging block costs, in the provider's own prefix order and from the same figures the
 * card shows: the blocks before it in this provider's order (Chat Completions puts the system message before the
 * tools; Anthropic the tools before the system prompt) and the tokens this request read. When nothing before the
 * change could be read although something sits before it, says why, and on Anthropic how to keep it: a breakpoint
 * on the last block before the changed part.
 */
function whatIsLost(input: ExplainInput, divergence: Divergence): string {
  const segments = input.segments;
  const found = segments.findIndex((segment) => segment.path === divergence.segment);
  const at = found >= 0 ? found : Math.min(divergence.segmentIndex, segments.length);
  const before = segments.slice(0, at).filter((segment) => !segment.outsidePrompt && segment.tokens > 0);
  const changed = segments[at] ?? {
    group: toolIndexOfPath(divergence.segment) !== null ? "tools" : "messages",
    path: divergence.segment,
  };
  const beforeTokens = before.reduce((sum, segment) => sum + segment.tokens, 0);
  const groups = listOf([...new Set(before.map((segment) => groupLabel(segment, input.provider)))]);
  const changedLabel = groupLabel(changed, input.provider);
  // Nothing but tools before a changed tool, and nothing read: the tools' cache is the whole cache (§5.1's table).
  const onlyTools = before.every((segment) => segment.group === "tools");
  if (beforeTokens === 0 || (changed.group === "tools" && onlyTools && input.cacheRead === 0))
    return changed.group === "tools"
      ? "the whole cache is invalidated (tools come first in the prefix)"
      : `the whole cache is invalidated (${changedLabel} ${/s$/.test(changedLabel) ? "come" : "comes"} first in the prefix)`;
  if (input.cacheRead > 0)
    return (
      `the first ${formatTokens(input.cacheRead)} tokens (${groups}, before ${changedLabel} in this provider's ` +
      `prefix) are still read; everything from it on is written again`
    );
  const lost = `nothing is read: the ${formatTokens(beforeTokens)} tokens of ${groups} before it are written again too`;
  if (input.rules.kind === "explicit-breakpoints") {
    const markable = before.filter((segment) => !segment.path.startsWith(TOOL_USE_PREAMBLE));
    const last = markable[markable.length - 1];
    if (!last || last.breakpoint) return `${lost}, because no live cache entry ends before it`;
    const kept = markable.reduce((sum, segment) => sum + segment.tokens, 0);
    if (kept < input.rules.minimumCacheableTokens)
      return `${lost}: they are shorter than the ${formatTokens(input.rules.minimumCacheableTokens)}-token minimum this model caches, so no breakpoint can keep them`;
    return (
      `${lost}, because no cache entry ends before ${changedLabel}. Fix: a cache_control breakpoint on ` +
      `${last.path}, the last ${last.group === "tools" ? "tool" : "block"} before it, keeps those ` +
      `${formatTokens(kept)} tokens cached when ${changedLabel} changes`
    );
  }
  if (beforeTokens < input.rules.minimumCacheableTokens)
    return `${lost}: they are shorter than the ${formatTokens(input.rules.minimumCacheableTokens)}-token minimum this model caches`;
  return `${lost}: no cached prefix ends before it`;
}

function formatTokens(tokens: number): string {
  return tokens.toLocaleString("en-US");
}

function editedPart(before: Json, after: Json, provider: ProviderId, name: string): string {
  const old = declaredTools(before, provider).find((tool) => tool.name === name);
  const now = declaredTools(after, provider).find((tool) => tool.name === name);
  if (!old || !now) return "definition";
  const parts: string[] = [];
  if (old.description !== now.description) parts.push("description");
  if (JSON.stringify(old.inputSchema) !== JSON.stringify(now.inputSchema)) parts.push("input schema");
  if (old.deferred !== now.deferred) parts.push("defer_loading");
  return parts.length ? parts.join(" and ") : "definition";
}

/**
 * Nothing changed and nothing expired, yet less was read than the previous request left in the cache: the
 * markers moved (Anthropic reads only at breakpoints, PROTOCOLS §5.1), or, for the automatic caches, never.
 */
function markerMoved(input: ExplainInput): MissExplanation | null {
  const previous = input.previous;
  if (!previous || !providerFacts(input.provider).explicitCacheBreakpoints) return null;
  const promptTokens = input.segments.reduce((sum, segment) => sum + (segment.outsidePrompt ? 0 : segment.tokens), 0);
  const couldRead = Math.min(previous.cachedTokens, promptTokens);
  if (input.cacheRead >= couldRead) return null;
  const before = previous.segments.filter((segment) => segment.breakpoint).map((segment) => segment.path);
  const now = input.segments.filter((segment) => segment.breakpoint).map((segment) => segment.path);
  const segment = now[now.length - 1] ?? input.segments[0]?.path ?? "";
  return {
    cause: "marker-moved",
    segment,
    headline: `The cache_control markers moved (${before.join(", ") || "none"} → ${now.join(", ") || "none"}): the entry the previous request wrote sits past every breakpoint, so ${couldRead - input.cacheRead} cached tokens are not read.`,
    details: [
      "Anthropic reads the cache only at a breakpoint, looking back from it; an entry after the last breakpoint is never reached.",
    ],
  };
}

/**
 * The span that differs: common prefix and suffix trimmed, then widened to whole words so a changed date shows as
 * the date ("2026-11-30" → "2026-12-01"), not as the characters that happen to differ ("1-30" → "2-01").
 */
export function textChange(before: string, after: string): TextChange {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end += 1;
  while (start > 0 && isWordCharacter(before[start - 1])) start -= 1;
  while (end > 0 && isWordCharacter(before[before.length - end])) end -= 1;
  return {
    before,
    after,
    beforeStart: start,
    beforeEnd: before.length - end,
    afterStart: start,
    afterEnd: after.length - end,
  };
}

/** Letters, digits and the joiners of dates, times and identifiers. */
function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && /[\p{L}\p{N}_:/-]/u.test(character);
}

function quote(text: string): string {
  const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return `"${short}"`;
}

function formatMinutes(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} seconds`;
  if (seconds < 2 * 3600) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round((seconds / 3600) * 10) / 10} hours`;
}
