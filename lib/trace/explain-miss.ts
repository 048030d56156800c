import type { CacheRules } from "../cache/types";
import { translatorFor, type Translator } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
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
  /** The reader's language for the sentences; English when absent (CLI, tests). */
  locale?: Locale;
};

type T = Translator<"trace">;

/**
 * Names the miss of one request in plain words. The cache model (lib/cache) finds where and why the prefix stops
 * matching; this adds what a person needs to fix it: which tool was inserted or edited, which text of the system
 * prompt changed, how long the conversation sat idle. Null for a request that read everything the cache could serve.
 */
export function explainMiss(input: ExplainInput): MissExplanation | null {
  const { divergence } = input;
  const t = translatorFor(input.locale ?? "en", "trace");
  if (!divergence) return markerMoved(input, t);
  const base = { segment: divergence.segment, details: [divergence.reason] };
  switch (divergence.kind) {
    case "first-request":
      return {
        ...base,
        cause: "cold-start",
        headline: t("miss.firstRequest"),
      };
    case "no-breakpoint":
      return {
        ...base,
        cause: "no-breakpoint",
        headline: providerFacts(input.provider).explicitCacheBreakpoints
          ? t("miss.noMarker")
          : t("miss.nothingCacheable"),
      };
    case "below-minimum":
      return {
        ...base,
        cause: "below-minimum",
        headline: t("miss.belowMinimum", { minimum: input.rules.minimumCacheableTokens }),
      };
    case "ttl-expired": {
      const idle = input.previous ? input.clockSeconds - input.previous.clockSeconds : 0;
      return {
        ...base,
        cause: "ttl-expired",
        headline: t("miss.ttlExpired", { idle: formatMinutes(idle, t), ttl: formatMinutes(input.rules.ttlSeconds, t) }),
      };
    }
    case "lookback-exceeded":
      return {
        ...base,
        cause: "lookback-exceeded",
        headline: t("miss.lookback", { blocks: input.rules.lookbackBlocks }),
      };
    default:
      return changed(input, divergence, t);
  }
}

function changed(input: ExplainInput, divergence: Divergence, t: T): MissExplanation {
  const previous = input.previous;
  const base = { segment: divergence.segment, details: [divergence.reason] };
  const segments = divergence.kind === "removed" && previous ? previous.segments : input.segments;
  const group = segments.find((segment) => segment.path === divergence.segment)?.group ?? "messages";
  if (group === "tools" || toolIndexOfPath(divergence.segment) !== null) {
    return { ...base, cause: "tools-changed", headline: describeToolChange(input, divergence, t) };
  }
  if (group === "system") {
    const before = previous ? systemTextAt(previous.body, divergence.segment) : null;
    const after = systemTextAt(input.body, divergence.segment);
    const what = divergence.segment === "instructions" ? "instructions" : "systemPrompt";
    if (before !== null && after !== null && before !== after) {
      const change = textChange(before, after);
      const removed = before.slice(change.beforeStart, change.beforeEnd);
      const added = after.slice(change.afterStart, change.afterEnd);
      return {
        ...base,
        cause: "system-changed",
        headline: t("miss.systemChanged", {
          what,
          removed: quote(removed),
          added: quote(added),
          lost: whatIsLost(input, divergence, t),
        }),
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
        headline: t("miss.thinkingChanged", {
          before: thinkingOf(previous?.body, t),
          after: thinkingOf(input.body, t),
        }),
      };
    if (divergence.segment.startsWith("system (tool-use preamble)"))
      return {
        ...base,
        cause: "system-changed",
        headline: t("miss.toolChoiceChanged"),
      };
    return {
      ...base,
      cause: "system-changed",
      headline: t("miss.systemChangedAt", { what, segment: divergence.segment }),
    };
  }
  return {
    ...base,
    cause: "messages-edited",
    headline: t("miss.messageEdited", {
      kind: divergence.kind === "inserted" || divergence.kind === "removed" ? divergence.kind : "edited",
      segment: divergence.segment,
    }),
  };
}

function thinkingOf(body: Json | undefined, t: T): string {
  const thinking = body?.thinking;
  if (thinking === undefined) return t("miss.thinkingNone");
  const value = thinking as Json;
  return value.type === "enabled" && typeof value.budget_tokens === "number"
    ? t("miss.thinkingEnabled", { tokens: value.budget_tokens })
    : JSON.stringify(thinking);
}

function describeToolChange(input: ExplainInput, divergence: Divergence, t: T): string {
  const index = toolIndexOfPath(divergence.segment);
  const previous = input.previous;
  const nameNow = index === null ? null : toolNameAt(input.body, index);
  const nameBefore = index === null || !previous ? null : toolNameAt(previous.body, index);
  const whole = whatIsLost(input, divergence, t);
  const segment = divergence.segment;
  if (divergence.kind === "inserted") return t("miss.toolInserted", { name: quote(nameNow ?? "?"), segment, whole });
  if (divergence.kind === "removed") return t("miss.toolRemoved", { name: quote(nameBefore ?? "?"), segment, whole });
  if (nameNow && nameBefore && nameNow !== nameBefore)
    return t("miss.toolReplaced", { before: quote(nameBefore), after: quote(nameNow), segment, whole });
  const parts = nameNow && previous ? editedParts(previous.body, input.body, input.provider, nameNow) : [];
  const what = parts.length
    ? parts.map((part) => t("miss.part", { part })).join(t("miss.and"))
    : t("miss.part", { part: "definition" });
  return t("miss.toolEdited", { name: quote(nameNow ?? "?"), what, whole });
}

/** The system text Anthropic adds when tools are declared: a segment of the prompt no marker can be put on. */
const TOOL_USE_PREAMBLE = "system (tool-use preamble)";

/** What a person calls each part of the prompt, per provider. */
function groupLabel(segment: Pick<Segment, "group" | "path">, provider: ProviderId, t: T): string {
  const { group } = segment;
  const key = segment.path.startsWith(TOOL_USE_PREAMBLE)
    ? "preamble"
    : group === "tools"
      ? "tools"
      : group === "messages"
        ? "messages"
        : (SYSTEM_TEXT_KEYS[providerFacts(provider).systemTextName] ?? "systemPrompt");
  return t("miss.group", { group: key });
}

/** The provider's name for its system text ("the instructions"), as a message key. */
const SYSTEM_TEXT_KEYS: Record<string, string> = {
  "the system prompt": "systemPrompt",
  "the instructions": "instructions",
  "the system message": "systemMessage",
};

function listOf(words: readonly string[], t: T): string {
  return words.length <= 1
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(t("miss.listSeparator"))}${t("miss.and")}${words[words.length - 1]}`;
}

/**
 * What a change at the diverging block costs, in the provider's own prefix order and from the same figures the
 * card shows: the blocks before it in this provider's order (Chat Completions puts the system message before the
 * tools; Anthropic the tools before the system prompt) and the tokens this request read. When nothing before the
 * change could be read although something sits before it, says why, and on Anthropic how to keep it: a breakpoint
 * on the last block before the changed part.
 */
function whatIsLost(input: ExplainInput, divergence: Divergence, t: T): string {
  const segments = input.segments;
  const found = segments.findIndex((segment) => segment.path === divergence.segment);
  const at = found >= 0 ? found : Math.min(divergence.segmentIndex, segments.length);
  const before = segments.slice(0, at).filter((segment) => !segment.outsidePrompt && segment.tokens > 0);
  const changed = segments[at] ?? {
    group: toolIndexOfPath(divergence.segment) !== null ? "tools" : "messages",
    path: divergence.segment,
  };
  const beforeTokens = before.reduce((sum, segment) => sum + segment.tokens, 0);
  const groups = listOf([...new Set(before.map((segment) => groupLabel(segment, input.provider, t)))], t);
  const changedLabel = groupLabel(changed, input.provider, t);
  // Nothing but tools before a changed tool, and nothing read: the tools' cache is the whole cache (§5.1's table).
  const onlyTools = before.every((segment) => segment.group === "tools");
  if (beforeTokens === 0 || (changed.group === "tools" && onlyTools && input.cacheRead === 0))
    return changed.group === "tools"
      ? t("miss.wholeCacheTools")
      : t("miss.wholeCache", { label: changedLabel, plural: String(/s$/.test(changedLabel)) });
  if (input.cacheRead > 0)
    return t("miss.stillRead", { tokens: formatTokens(input.cacheRead), groups, label: changedLabel });
  const lost = t("miss.nothingRead", { tokens: formatTokens(beforeTokens), groups });
  const minimum = formatTokens(input.rules.minimumCacheableTokens);
  if (input.rules.kind === "explicit-breakpoints") {
    const markable = before.filter((segment) => !segment.path.startsWith(TOOL_USE_PREAMBLE));
    const last = markable[markable.length - 1];
    if (!last || last.breakpoint) return t("miss.noLiveEntry", { lost });
    const kept = markable.reduce((sum, segment) => sum + segment.tokens, 0);
    if (kept < input.rules.minimumCacheableTokens) return t("miss.tooShortForBreakpoint", { lost, minimum });
    return t("miss.fix", {
      lost,
      label: changedLabel,
      path: last.path,
      tool: String(last.group === "tools"),
      kept: formatTokens(kept),
    });
  }
  if (beforeTokens < input.rules.minimumCacheableTokens) return t("miss.tooShort", { lost, minimum });
  return t("miss.noCachedPrefix", { lost });
}

function formatTokens(tokens: number): string {
  return tokens.toLocaleString("en-US");
}

/** The parts of a tool's definition that changed, as message keys ("description", "inputSchema", "deferLoading"). */
function editedParts(before: Json, after: Json, provider: ProviderId, name: string): string[] {
  const old = declaredTools(before, provider).find((tool) => tool.name === name);
  const now = declaredTools(after, provider).find((tool) => tool.name === name);
  if (!old || !now) return [];
  const parts: string[] = [];
  if (old.description !== now.description) parts.push("description");
  if (JSON.stringify(old.inputSchema) !== JSON.stringify(now.inputSchema)) parts.push("inputSchema");
  if (old.deferred !== now.deferred) parts.push("deferLoading");
  return parts;
}

/**
 * Nothing changed and nothing expired, yet less was read than the previous request left in the cache: the
 * markers moved (Anthropic reads only at breakpoints, PROTOCOLS §5.1), or, for the automatic caches, never.
 */
function markerMoved(input: ExplainInput, t: T): MissExplanation | null {
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
    headline: t("miss.markersMoved", {
      before: before.join(", ") || t("miss.none"),
      now: now.join(", ") || t("miss.none"),
      tokens: couldRead - input.cacheRead,
    }),
    details: [t("miss.markersMovedDetail")],
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

function formatMinutes(seconds: number, t: T): string {
  if (seconds < 90) return t("miss.seconds", { count: Math.round(seconds) });
  if (seconds < 2 * 3600) return t("miss.minutes", { count: Math.round(seconds / 60) });
  return t("miss.hours", { count: Math.round((seconds / 3600) * 10) / 10 });
}
